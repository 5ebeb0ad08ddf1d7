import MockFixtures

/// Other tools' Handlebars text: the `{{…}}` and `{{{…}}}` placeholders in it, each replaced by
/// what an importer makes of its inside.
enum HandlebarsText {
    static func replacing(_ text: String, at key: String, _ replacement: (Substring) throws(StubRefusal) -> String) throws(StubRefusal) -> String {
        try replacing(text, at: key) { inside, _ throws(StubRefusal) in try replacement(inside) }
    }

    /// `replacement` also learns whether the placeholder is Handlebars' escaping `{{…}}` (true)
    /// or the unescaped `{{{…}}}`.
    static func replacing(_ text: String, at key: String, _ replacement: (Substring, Bool) throws(StubRefusal) -> String) throws(StubRefusal) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            output += rest[..<open.lowerBound]
            var inner = rest[open.upperBound...]
            var closing = "}}"
            if inner.hasPrefix("{") {
                // Handlebars' unescaped form; ours never escape in text, so it reads the same.
                inner = inner.dropFirst()
                closing = "}}}"
            }
            guard let close = inner.firstRange(of: closing) else {
                throw StubRefusal(key, "an unclosed '{{' in \(JSONValue.excerpt(.string(text)))")
            }
            output += try replacement(inner[..<close.lowerBound].trimmingSpaces, closing == "}}")
            rest = inner[close.upperBound...]
        }
        return output + rest
    }

    /// Whether `text` has a `{{` that no `}}` closes (Handlebars cannot parse it).
    static func isUnclosed(_ text: String) -> Bool {
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { return true }
            rest = rest[close.upperBound...]
        }
        return false
    }
}
