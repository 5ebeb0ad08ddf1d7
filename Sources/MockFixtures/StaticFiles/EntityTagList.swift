/// The value of `If-Match` or `If-None-Match` (RFC 9110 §13.1.1–2): `*` or a list of entity
/// tags, compared with one representation's tag.
///
/// ```swift
/// EntityTagList(#"W/"1", "a1b2""#).containsWeakMatch(for: #""a1b2""#)   // true
/// EntityTagList(#"W/"a1b2""#).containsStrongMatch(for: #""a1b2""#)      // false: weak tags never match strongly
/// ```
struct EntityTagList {
    private let isAny: Bool
    /// Each tag as written, `W/` prefix included.
    private let tags: [Substring]

    init(_ value: String) {
        let trimmed = value.trimmingSpaces()
        isAny = trimmed == "*"
        tags = isAny ? [] : Self.split(trimmed)
    }

    /// Weak comparison (`If-None-Match`): the opaque parts are equal, whatever the `W/` prefixes.
    func containsWeakMatch(for tag: String) -> Bool {
        isAny || tags.contains { Self.opaque($0) == Self.opaque(Substring(tag)) }
    }

    /// Strong comparison (`If-Match`, `If-Range`): neither tag is weak and they are equal.
    func containsStrongMatch(for tag: String) -> Bool {
        isAny || tags.contains { !$0.hasPrefix("W/") && !tag.hasPrefix("W/") && $0 == Substring(tag) }
    }

    private static func opaque(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }

    /// Splits at commas outside quotes; a comma may appear inside an opaque tag.
    private static func split(_ list: Substring) -> [Substring] {
        var tags: [Substring] = []
        var start = list.startIndex
        var inQuotes = false
        var index = list.startIndex
        while index < list.endIndex {
            let character = list[index]
            if character == "\"" {
                inQuotes.toggle()
            } else if character == ",", !inQuotes {
                tags.append(list[start..<index].trimmingSpaces())
                start = list.index(after: index)
            }
            index = list.index(after: index)
        }
        tags.append(list[start...].trimmingSpaces())
        return tags.filter { !$0.isEmpty }
    }
}
