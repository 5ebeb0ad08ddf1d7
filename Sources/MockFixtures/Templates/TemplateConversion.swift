/// A conversion after a pipe, `{{path.id | number}}`: the JSON type a value is sent as.
///
/// Path, query, header and cookie values are text, so `"id": "{{path.id}}"` sends `"7"`; a model
/// with `let id: Int` needs `"{{path.id | number}}"`, which sends `7`. A value that does not
/// convert is sent as a missing one is: `null` as a whole value, nothing inside longer text.
enum TemplateConversion: String, Sendable, Equatable, CaseIterable {
    /// A JSON number: text that is one (`"7"`, `"-1.5e3"`), or a number.
    case number
    /// `true` or `false`: the text `true` or `false`, or a boolean.
    case boolean
    /// Text: a number, boolean, object or array written as compact JSON (`{{body.count | string}}`
    /// sends `"3"`), text as it is.
    case string
    /// The text parsed as JSON (`?filter={"a":1}` gives an object); JSON values as they are.
    case json

    static let hint = "write a conversion after a pipe: " + allCases.map { "| \($0.rawValue)" }.joined(separator: ", ")
        + ", as in {{path.id | number}}"

    /// Splits `inner` at its last `|` outside a quoted body key (`['a|b']`) when that `|` starts a
    /// conversion: a conversion's name follows it, or a space stands beside it (`{{path.id |
    /// nubmer}}` is a misspelt conversion). Otherwise the `|` is part of a name, as before
    /// conversions existed (`{{query.a|b}}`, HTTP allows `|` in names). Nil when there is none.
    static func split(_ inner: Substring) -> (placeholder: Substring, conversion: Substring)? {
        var quote: Character?
        var escaped = false
        var pipe: Substring.Index?
        var previous: Character?
        for index in inner.indices {
            let character = inner[index]
            defer { previous = character }
            if let open = quote {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
            } else if (character == "'" || character == "\"") && previous == "[" {
                quote = character
            } else if character == "|" {
                pipe = index
            }
        }
        guard let pipe else { return nil }
        let (placeholder, conversion) = (inner[..<pipe], inner[inner.index(after: pipe)...])
        let named = TemplateConversion(rawValue: String(conversion.trimmingSpaces())) != nil
        guard named || placeholder.last == " " || conversion.first == " " else { return nil }
        return (placeholder, conversion)
    }

    static func parse(_ name: Substring, shown: String) -> Result<TemplateConversion, TemplateError> {
        let name = name.trimmingSpaces()
        if let conversion = TemplateConversion(rawValue: String(name)) { return .success(conversion) }
        var hint = hint
        if let suggestion = EditDistance.closest(to: String(name), among: allCases.map(\.rawValue), maximumDistance: 3) {
            hint = "did you mean | \(suggestion)?"
        }
        let what = name.isEmpty ? "nothing" : JSONValue.excerpt(.string(String(name)))
        return .failure(TemplateError(message: "\(shown) converts to \(what), which is not a conversion", hint: hint))
    }

    func apply(to value: TemplateValue) -> TemplateValue {
        switch (self, value) {
        case (_, .missing):
            return .missing
        case (.number, .json(.number)), (.boolean, .json(.bool)):
            return value
        case (.json, .json(let json)):
            guard case .string(let text) = json else { return value }
            return Self.parsedJSON(text)
        case (.number, _):
            // Finite only: `1e999` is JSON's grammar, but JSONDecoder refuses it and JavaScript
            // reads Infinity.
            guard let number = JSONNumber(parsing: value.text.trimmingSpaces()), Double(number.literal)?.isFinite == true else { return .missing }
            return .json(.number(number))
        case (.boolean, _):
            switch value.text.trimmingSpaces() {
            case "true": return .json(.bool(true))
            case "false": return .json(.bool(false))
            default: return .missing
            }
        case (.string, _):
            return .text(value.text)
        case (.json, .text(let text)):
            return Self.parsedJSON(text)
        }
    }

    /// `text` as strict JSON: the trailing commas fixtures may have are not JSON a request sends.
    private static func parsedJSON(_ text: String) -> TemplateValue {
        guard let document = try? JSONParser.parse(text), !document.hasTrailingCommas else { return .missing }
        return .json(document.root.value)
    }
}
