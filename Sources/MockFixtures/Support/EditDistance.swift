/// Levenshtein distance with an early exit, for "did you mean" suggestions.
enum EditDistance {
    /// The distance between `a` and `b` in elements, or `nil` once it must exceed `maximum`.
    static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], maximum: Int) -> Int? {
        if abs(a.count - b.count) > maximum { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > maximum { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= maximum ? previous[b.count] : nil
    }

    /// The candidate closest to `word` (case-insensitively) within `maximumDistance`, if any.
    static func closest(to word: String, among candidates: [String], maximumDistance: Int) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard let distance = distance(lowered, Array(candidate.lowercased()), maximum: maximumDistance) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }
}
