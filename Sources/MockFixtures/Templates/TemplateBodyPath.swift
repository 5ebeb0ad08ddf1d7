/// The path of a `{{body…}}` placeholder: the steps from the request body's root to a value.
///
/// Steps are written with dots (`{{body.items.0.sku}}`) or in brackets, as in JSONPath:
/// `{{body.items[0].sku}}` for an array element, and `{{body['a.b']}}` or `{{body["a.b"]}}` for a
/// key that holds a dot, a bracket or a quote, which the dotted form cannot reach. In a quoted key
/// a backslash keeps the next character as it is (`['it\'s']`).
enum TemplateBodyPath {
    /// Splits what follows `body` (empty, or starting with `.` or `[`) into its steps; `shown` is
    /// the whole placeholder, for messages.
    static func parse(_ text: Substring, shown: String) -> Result<[String], TemplateError> {
        var steps: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "." {
                index = text.index(after: index)
                if index < text.endIndex, text[index] == "[" { continue }   // `.['a.b']`, as JSONPath allows
                let end = text[index...].firstIndex { $0 == "." || $0 == "[" } ?? text.endIndex
                guard end > index else { return .failure(emptyStep(shown)) }
                steps.append(String(text[index..<end]))
                index = end
            } else if character == "[" {
                switch bracketedStep(text, from: index, shown: shown) {
                case .success(let (step, next)):
                    steps.append(step)
                    index = next
                case .failure(let error):
                    return .failure(error)
                }
                if index < text.endIndex, text[index] != ".", text[index] != "[" {
                    return .failure(TemplateError(message: "\(shown) has \"\(text[index])\" right after \"]\"",
                                                  hint: "follow \"]\" with \".\", \"[\" or the end of the placeholder, as in {{body.items[0].sku}}"))
                }
            } else {
                // Only reached for the first character: `TemplatePlaceholder.parse` splits `body` off at
                // the first "." or "[".
                return .failure(emptyStep(shown))
            }
        }
        return .success(steps)
    }

    static let hint = "write the path as {{body.items.0.sku}} or {{body.items[0].sku}}, and a key holding a dot as {{body['a.b']}}"

    private static func emptyStep(_ shown: String) -> TemplateError {
        TemplateError(message: "\(shown) has an empty step in its body path", hint: hint)
    }

    /// `[0]`, `['key']` or `["key"]` starting at `start` (the "["): the step and the index after "]".
    private static func bracketedStep(_ text: Substring, from start: Substring.Index, shown: String) -> Result<(String, Substring.Index), TemplateError> {
        let unclosed = TemplateError(message: "\(shown) has a \"[\" that is not closed by \"]\"", hint: hint)
        var index = text.index(after: start)
        guard index < text.endIndex else { return .failure(unclosed) }
        let quote = text[index]
        guard quote == "'" || quote == "\"" else {
            guard let close = text[index...].firstIndex(of: "]") else { return .failure(unclosed) }
            let digits = text[index..<close]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return .failure(TemplateError(message: "\(shown) has [\(digits.count > 40 ? digits.prefix(30) + "…" : digits)], which is neither an array index nor a quoted key",
                                              hint: "write an array element as [0] and a key as ['name']"))
            }
            return .success((String(digits), text.index(after: close)))
        }
        var key = ""
        index = text.index(after: index)
        while index < text.endIndex, text[index] != quote {
            if text[index] == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { break }
            }
            key.append(text[index])
            index = text.index(after: index)
        }
        guard index < text.endIndex else {
            return .failure(TemplateError(message: "\(shown) has a key whose \(quote) is not closed", hint: hint))
        }
        index = text.index(after: index)
        guard index < text.endIndex, text[index] == "]" else { return .failure(unclosed) }
        return .success((key, text.index(after: index)))
    }
}
