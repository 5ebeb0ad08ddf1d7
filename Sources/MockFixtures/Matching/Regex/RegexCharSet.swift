// Character classes: sorted scalar ranges, optional Unicode general categories, negation and
// case-insensitivity, with a precomputed 128-bit ASCII bitmap holding the final answer for
// ASCII scalars.

/// Zero-width assertions.
enum RegexAssertion: Int32, Sendable {
    case startOfText = 0         // ^ (without m), \A
    case endOfText               // $ (without m), \z   — Swift Regex: `$` does not match before a final newline
    case endOfTextOrFinalNewline // \Z
    case startOfLine             // ^ with (?m)
    case endOfLine               // $ with (?m)
    case wordBoundary            // \b  (ASCII \w)
    case notWordBoundary         // \B
}

/// A set of Unicode general categories, one bit per category.
struct RegexCategoryMask: Sendable, Equatable {
    var bits: UInt64

    static func bit(_ c: Unicode.GeneralCategory) -> UInt64 {
        let index: Int
        switch c {
        case .uppercaseLetter: index = 0
        case .lowercaseLetter: index = 1
        case .titlecaseLetter: index = 2
        case .modifierLetter: index = 3
        case .otherLetter: index = 4
        case .nonspacingMark: index = 5
        case .spacingMark: index = 6
        case .enclosingMark: index = 7
        case .decimalNumber: index = 8
        case .letterNumber: index = 9
        case .otherNumber: index = 10
        case .connectorPunctuation: index = 11
        case .dashPunctuation: index = 12
        case .openPunctuation: index = 13
        case .closePunctuation: index = 14
        case .initialPunctuation: index = 15
        case .finalPunctuation: index = 16
        case .otherPunctuation: index = 17
        case .mathSymbol: index = 18
        case .currencySymbol: index = 19
        case .modifierSymbol: index = 20
        case .otherSymbol: index = 21
        case .spaceSeparator: index = 22
        case .lineSeparator: index = 23
        case .paragraphSeparator: index = 24
        case .control: index = 25
        case .format: index = 26
        case .surrogate: index = 27
        case .privateUse: index = 28
        case .unassigned: index = 29
        @unknown default: index = 29
        }
        return 1 << UInt64(index)
    }

    func contains(_ scalar: UInt32) -> Bool {
        guard let s = Unicode.Scalar(scalar) else { return false }
        return bits & RegexCategoryMask.bit(s.properties.generalCategory) != 0
    }

    /// Looks up `\p{name}`: general-category abbreviations (L, Lu, Nd, P, Zs, ...), a few long
    /// names (Letter, Uppercase_Letter, Number, ...), `L&`/`LC`, and `Any`. Names are matched
    /// loosely (case, `_`, `-` and spaces ignored).
    static func named(_ raw: String) -> RegexCategoryMask? {
        var key = ""
        for ch in raw.unicodeScalars where ch != "_" && ch != "-" && ch != " " {
            key.unicodeScalars.append(ch)
        }
        key = key.lowercased()
        let groups: [String: [Unicode.GeneralCategory]] = [
            "lu": [.uppercaseLetter], "ll": [.lowercaseLetter], "lt": [.titlecaseLetter],
            "lm": [.modifierLetter], "lo": [.otherLetter],
            "l": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
            "l&": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter],
            "lc": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter],
            "mn": [.nonspacingMark], "mc": [.spacingMark], "me": [.enclosingMark],
            "m": [.nonspacingMark, .spacingMark, .enclosingMark],
            "nd": [.decimalNumber], "nl": [.letterNumber], "no": [.otherNumber],
            "n": [.decimalNumber, .letterNumber, .otherNumber],
            "pc": [.connectorPunctuation], "pd": [.dashPunctuation], "ps": [.openPunctuation],
            "pe": [.closePunctuation], "pi": [.initialPunctuation], "pf": [.finalPunctuation],
            "po": [.otherPunctuation],
            "p": [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                  .initialPunctuation, .finalPunctuation, .otherPunctuation],
            "sm": [.mathSymbol], "sc": [.currencySymbol], "sk": [.modifierSymbol], "so": [.otherSymbol],
            "s": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol],
            "zs": [.spaceSeparator], "zl": [.lineSeparator], "zp": [.paragraphSeparator],
            "z": [.spaceSeparator, .lineSeparator, .paragraphSeparator],
            "cc": [.control], "cf": [.format], "cs": [.surrogate], "co": [.privateUse], "cn": [.unassigned],
            "c": [.control, .format, .surrogate, .privateUse, .unassigned],
        ]
        let longNames: [String: String] = [
            "letter": "l", "uppercaseletter": "lu", "lowercaseletter": "ll", "titlecaseletter": "lt",
            "casedletter": "lc", "modifierletter": "lm", "otherletter": "lo",
            "mark": "m", "number": "n", "decimalnumber": "nd", "letternumber": "nl", "othernumber": "no",
            "punctuation": "p", "symbol": "s", "separator": "z", "spaceseparator": "zs",
            "other": "c", "control": "cc", "format": "cf", "privateuse": "co", "unassigned": "cn",
            "mathsymbol": "sm", "currencysymbol": "sc", "dashpunctuation": "pd",
        ]
        if key == "any" { return RegexCategoryMask(bits: (1 << 30) - 1) }
        let short = longNames[key] ?? key
        guard let cats = groups[short] else { return nil }
        var bits: UInt64 = 0
        for c in cats { bits |= bit(c) }
        return RegexCategoryMask(bits: bits)
    }
}

/// A character class as built by the parser.
struct RegexCharSet: Sendable {
    /// Scalar ranges; sorted, non-overlapping and non-adjacent after `normalize()`.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// General categories (`\p{..}` adds a positive item, `\P{..}` a negated one).
    private(set) var categories: [(mask: RegexCategoryMask, negated: Bool)] = []
    var negated = false
    var caseInsensitive = false

    // Computed by `finalize()`:
    /// Final answer (after case folding and negation) for ASCII scalars: bit i of lo = scalar i, of hi = scalar 64+i.
    private(set) var asciiLo: UInt64 = 0
    private(set) var asciiHi: UInt64 = 0
    /// 0: no non-ASCII scalar matches; 1: every non-ASCII scalar matches; 2: look it up.
    private(set) var nonASCIIMode: UInt8 = 2

    static let maxScalar: UInt32 = 0x10FFFF

    mutating func add(_ lo: UInt32, _ hi: UInt32) {
        addRange(lo...hi)
    }

    mutating func add(_ scalar: UInt32) { addRange(scalar...scalar) }

    mutating func add(ranges other: [ClosedRange<UInt32>]) {
        for r in other { addRange(r) }
    }

    mutating func add(category mask: RegexCategoryMask, negated: Bool) {
        categories.append((mask, negated))
    }

    private mutating func addRange(_ r: ClosedRange<UInt32>) {
        ranges.append(r)
        isNormalized = false
    }

    private var isNormalized = true

    /// Sorts and merges `ranges` (O(k log k), so huge classes cannot make compilation quadratic).
    mutating func normalize() {
        guard !isNormalized else { return }
        isNormalized = true
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(ranges.count)
        for r in ranges {
            if let last = merged.last, r.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        ranges = merged
    }

    /// Complement of sorted ranges over 0...0x10FFFF.
    static func complement(_ rs: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for r in rs {
            if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
            next = r.upperBound &+ 1
        }
        if next <= maxScalar { out.append(next...maxScalar) }
        return out
    }

    // Built-in classes (ASCII semantics for \d \w \s, as documented).
    static let digitRanges: [ClosedRange<UInt32>] = [0x30...0x39]
    static let wordRanges: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    static let spaceRanges: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20]
    static let horizontalSpaceRanges: [ClosedRange<UInt32>] = [
        0x09...0x09, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x180E...0x180E,
        0x2000...0x200A, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]
    /// Vertical whitespace = the scalars Swift counts as newlines (`Character.isNewline`).
    static let verticalSpaceRanges: [ClosedRange<UInt32>] = [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029]

    /// Range membership ignoring negation and case folding.
    private func rawContains(_ s: UInt32) -> Bool {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let r = ranges[mid]
            if s < r.lowerBound { hi = mid } else if s > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// Full membership test (case folding and negation applied). Used for non-ASCII scalars at
    /// match time and to build the ASCII bitmap. As in Swift Regex, `(?i)` folds scalars and
    /// ranges but not Unicode properties: `(?i)\p{Lu}` still matches only uppercase letters.
    func contains(_ s: UInt32) -> Bool {
        var hit = rawContains(s)
        if !hit {
            for item in categories where item.mask.contains(s) != item.negated {
                hit = true
                break
            }
        }
        if !hit && caseInsensitive {
            let lower = RegexCaseFolding.simpleLowercase(s)
            let upper = RegexCaseFolding.simpleUppercase(s)
            let fold = RegexCaseFolding.simpleFold(s)
            hit = (lower != s && rawContains(lower)) || (upper != s && rawContains(upper))
                || (fold != s && fold != lower && rawContains(fold))
        }
        return hit != negated
    }

    mutating func finalize() {
        normalize()
        asciiLo = 0
        asciiHi = 0
        for s: UInt32 in 0..<128 where contains(s) {
            if s < 64 { asciiLo |= 1 << UInt64(s) } else { asciiHi |= 1 << UInt64(s - 64) }
        }
        // Can any non-ASCII scalar be affected by ranges/categories/folding?
        let hasNonASCIIRange = ranges.contains { $0.upperBound >= 0x80 }
        if categories.isEmpty && !hasNonASCIIRange && !caseInsensitive {
            nonASCIIMode = negated ? 1 : 0
        } else if categories.isEmpty, !caseInsensitive, let last = ranges.last,
                  last.lowerBound <= 0x80, last.upperBound == RegexCharSet.maxScalar {
            nonASCIIMode = negated ? 0 : 1
        } else {
            nonASCIIMode = 2
        }
    }
}

/// Simple (one scalar to one scalar) case mappings from the Unicode tables in the standard library.
enum RegexCaseFolding {
    static func simpleLowercase(_ v: UInt32) -> UInt32 {
        if v < 0x80 { return (v >= 0x41 && v <= 0x5A) ? v + 0x20 : v }
        guard let s = Unicode.Scalar(v) else { return v }
        return single(s.properties.lowercaseMapping) ?? v
    }

    static func simpleUppercase(_ v: UInt32) -> UInt32 {
        if v < 0x80 { return (v >= 0x61 && v <= 0x7A) ? v - 0x20 : v }
        guard let s = Unicode.Scalar(v) else { return v }
        return single(s.properties.uppercaseMapping) ?? v
    }

    private static func single(_ mapping: String) -> UInt32? {
        var it = mapping.unicodeScalars.makeIterator()
        guard let first = it.next(), it.next() == nil else { return nil }
        return first.value
    }

    /// Simple case fold: lowercase(uppercase(v)), so that U+017F ſ ~ s, ς ~ σ, U+212A KELVIN SIGN ~ k.
    /// U+0131 ı is kept as is (its fold to i is Turkic-only).
    static func simpleFold(_ v: UInt32) -> UInt32 {
        if v < 0x80 { return (v >= 0x41 && v <= 0x5A) ? v + 0x20 : v }
        if v == 0x131 { return v }
        return simpleLowercase(simpleUppercase(v))
    }

    /// True when the scalar has a different simple lowercase or uppercase form.
    static func isCased(_ v: UInt32) -> Bool {
        simpleLowercase(v) != v || simpleUppercase(v) != v
    }
}
