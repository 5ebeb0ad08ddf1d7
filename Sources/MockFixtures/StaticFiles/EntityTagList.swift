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

    /// The entity tags of a list (RFC 9110 §8.8.3: `[W/]"opaque"`, where the opaque part holds no
    /// `"` but may hold commas), each with its `W/`; what is not a tag is skipped up to the next comma.
    private static func split(_ list: Substring) -> [Substring] {
        var tags: [Substring] = []
        var index = list.startIndex
        while index < list.endIndex {
            let start = index
            if list[index...].hasPrefix("W/") { index = list.index(index, offsetBy: 2) }
            if index < list.endIndex, list[index] == "\"", let close = list[list.index(after: index)...].firstIndex(of: "\"") {
                index = list.index(after: close)
                tags.append(list[start..<index])
            }
            // On to the next element: past anything up to and including a comma.
            while index < list.endIndex, list[index] != "," { index = list.index(after: index) }
            while index < list.endIndex, list[index] == "," || list[index] == " " || list[index] == "\t" { index = list.index(after: index) }
        }
        return tags
    }
}
