/// A string of a templated answer, split at load into literal text and placeholders so that
/// answering only concatenates.
///
/// `{{` opens a placeholder that `}}` closes; `\{{` is a literal `{{` (write `"\\{{"` in JSON).
package struct TemplateText: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case placeholder(TemplatePlaceholder)
    }

    let pieces: [Piece]

    var hasPlaceholders: Bool {
        pieces.contains { if case .placeholder = $0 { true } else { false } }
    }

    /// Whether `{{index}}` stands in it (converted or not), which only a `$repeat` item gives a value.
    var usesRepeatIndex: Bool {
        pieces.contains { piece in
            guard case .placeholder(var placeholder) = piece else { return false }
            while case .converted(let inner, _) = placeholder { placeholder = inner }
            return placeholder == .repeatIndex
        }
    }

    /// The placeholder when the whole string is exactly one, whose value then keeps its JSON type.
    var solePlaceholder: TemplatePlaceholder? {
        guard pieces.count == 1, case .placeholder(let placeholder) = pieces[0] else { return nil }
        return placeholder
    }

    /// Splits `text` into literal text and placeholders. With `quotingText` (a JSON string or a
    /// header value) a problem quotes the text it is in; without (a whole file) it does not, and
    /// the caller turns ``TemplateError/characterOffset`` into a line and column.
    static func parse(_ text: String, pathParameterNames: [String], quotingText: Bool = true) -> Result<TemplateText, TemplateError> {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("\\{{") {
                literal += "{{"
                index = text.index(index, offsetBy: 3)
                continue
            }
            guard rest.hasPrefix("{{") else {
                literal.append(text[index])
                index = text.index(after: index)
                continue
            }
            let innerStart = text.index(index, offsetBy: 2)
            // Counted only for a problem: counting at every placeholder made a long text with many
            // of them quadratic to load (a 1 MB file: 23 s).
            var offset: Int { text.distance(from: text.startIndex, to: index) }
            guard let close = text[innerStart...].firstRange(of: "}}") else {
                return .failure(quotingText
                    ? TemplateError(message: "\"{{\" at character \(offset + 1) of \(JSONValue.excerpt(.string(text))) is never closed by \"}}\"",
                                    hint: #"close it, or write \\{{ in the JSON string for a literal "{{""#, characterOffset: offset)
                    : TemplateError(message: "\"{{\" is never closed by \"}}\"", hint: #"close it, or write \{{ for a literal "{{""#, characterOffset: offset))
            }
            let inner = text[innerStart..<close.lowerBound]
            if inner.contains("{{") {
                return .failure(TemplateError(
                    message: quotingText ? "\"{{\" inside a placeholder in \(JSONValue.excerpt(.string(text)))" : "\"{{\" inside a placeholder",
                    hint: "close each placeholder with \"}}\" before opening the next", characterOffset: offset))
            }
            switch TemplatePlaceholder.parse(inner, pathParameterNames: pathParameterNames) {
            case .success(let placeholder):
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.placeholder(placeholder))
            case .failure(var error):
                error.characterOffset = offset
                return .failure(error)
            }
            index = close.upperBound
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return .success(TemplateText(pieces: pieces))
    }

    /// Whether `text`, sent without `"template": true`, holds something that looks like one of our
    /// placeholders — a likely forgotten `"template": true`.
    package static func looksTemplated(_ text: String) -> Bool {
        guard text.contains("{{") else { return false }
        return ["{{path.", "{{query.", "{{header.", "{{body", "{{method}}", "{{now", "{{uuid}}", "{{random.", "{{cookie."].contains { text.contains($0) }
    }
}
