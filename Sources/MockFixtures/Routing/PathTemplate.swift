/// A fixture path split into segments, some of which are parameters: `people/{id}` (from
/// `people/{id}.json`) is the literal `people` followed by the parameter `id`, which matches any
/// one non-empty segment. A last segment `{name...}` is a catch-all: it matches one or more
/// segments, and its value is all of them with their slashes (`files/{path...}` serves
/// `/files/a/b.pdf` with `path` = `a/b.pdf`).
///
/// ```swift
/// let template = PathTemplate(key: "users/{userId}/orders")
/// template.parameterNames              // ["userId"]
/// template.match("users/42/orders")    // ["42"]
/// PathTemplate(key: "files/{path...}").match("files/a/b.pdf")   // ["a/b.pdf"]
/// ```
package struct PathTemplate: Sendable, Equatable {
    package enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        /// `{name...}`, always the last segment.
        case catchAll(String)
    }

    /// Something odd about a segment, found while parsing; the caller words the problem.
    enum Issue: Equatable {
        /// Braces that are not a whole `{name}` segment: the segment stays literal.
        case braces(segment: String)
        /// `{}` or `{1x}`: the segment stays literal.
        case invalidName(segment: String)
        /// The same name twice in one path.
        case duplicateName(String)
        /// `{name...}` before the last segment: nothing could follow what it takes, so it stays literal.
        case catchAllNotLast(segment: String)
    }

    /// What marks a catch-all: `{path...}`.
    package static let catchAllSuffix = "..."

    package let segments: [Segment]
    /// The names of the parameter segments, in path order.
    let parameterNames: [String]
    let issues: [Issue]

    /// Parses a route key (a decoded path without outer slashes; `""` is the root).
    package init(key: some StringProtocol) {
        var segments: [Segment] = []
        var names: [String] = []
        var issues: [Issue] = []
        let parts = key.isEmpty ? [] : key.split(separator: "/", omittingEmptySubsequences: false)
        for (position, part) in parts.enumerated() {
            let text = String(part)
            guard text.contains("{") || text.contains("}") else {
                segments.append(.literal(text))
                continue
            }
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count >= 2,
                  !text.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" }) else {
                issues.append(.braces(segment: text))
                segments.append(.literal(text))
                continue
            }
            var name = String(text.dropFirst().dropLast())
            let isCatchAll = name.hasSuffix(Self.catchAllSuffix)
            if isCatchAll {
                name.removeLast(Self.catchAllSuffix.count)
                guard position == parts.count - 1 else {
                    issues.append(.catchAllNotLast(segment: text))
                    segments.append(.literal(text))
                    continue
                }
            }
            guard Self.isValidName(name) else {
                issues.append(.invalidName(segment: text))
                segments.append(.literal(text))
                continue
            }
            if names.contains(name), !issues.contains(.duplicateName(name)) {
                issues.append(.duplicateName(name))
            }
            names.append(name)
            segments.append(isCatchAll ? .catchAll(name) : .parameter(name))
        }
        self.segments = segments
        parameterNames = names
        self.issues = issues
    }

    /// Whether any segment is a parameter.
    var isTemplated: Bool { !parameterNames.isEmpty }

    /// A parameter name: a letter or `_`, then letters, digits, `_` or `-` (ASCII).
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// The values of the parameters when `lookupKey` fits this template segment by segment, else `nil`.
    func match(_ lookupKey: Substring) -> [Substring]? {
        let parts = Self.segments(of: lookupKey)
        let hasCatchAll = if case .catchAll = segments.last { true } else { false }
        guard hasCatchAll ? parts.count >= segments.count : parts.count == segments.count else { return nil }
        var values: [Substring] = []
        for (index, segment) in segments.enumerated() {
            let part = parts[index]
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .parameter:
                guard !part.isEmpty else { return nil }
                values.append(part)
            case .catchAll:
                guard !part.isEmpty else { return nil }
                values.append(Self.remainder(of: parts, from: index))
            }
        }
        return values
    }

    /// Segments `from` to the end of the key they were cut from, slashes included: the value of a
    /// catch-all, without copying.
    static func remainder(of segments: [Substring], from index: Int) -> Substring {
        segments[index].base[segments[index].startIndex..<segments[segments.count - 1].endIndex]
    }

    /// The `/`-separated segments of a lookup key (`""` has none), cut on UTF-8 bytes: splitting
    /// by `Character` walks grapheme boundaries and costs several times the whole lookup.
    static func segments(of lookupKey: Substring) -> [Substring] {
        guard !lookupKey.isEmpty else { return [] }
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        let utf8 = lookupKey.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                segments.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        segments.append(Substring(utf8[start..<utf8.endIndex]))
        return segments
    }

    /// The key with every parameter replaced by NUL and a catch-all by U+0001 (which no path
    /// segment can hold): two templates that serve the same requests have the same shape
    /// (`people/{id}`, `people/{personId}`).
    var shape: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "\u{0}"
            case .catchAll: "\u{1}"
            }
        }.joined(separator: "/")
    }
}
