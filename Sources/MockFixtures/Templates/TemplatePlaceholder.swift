/// One `{{…}}` of a templated answer (`"template": true`): what it is replaced by.
enum TemplatePlaceholder: Sendable, Equatable {
    /// `{{path.id}}`: a `{name}` segment of the fixture's path.
    case pathParameter(String)
    /// `{{query.page}}`: the first value of a query parameter.
    case query(String)
    /// `{{header.x-request-id}}`: a request header, name lower-cased.
    case header(String)
    /// `{{body.items.0.sku}}`: a dot path into the JSON body (array elements by index; the first
    /// value of a form field or multipart part for such bodies); `{{body}}` is the whole body.
    case body([String])
    /// `{{method}}`
    case method
    /// `{{now}}`: the time of the answer, RFC 3339 UTC with milliseconds.
    case now
    /// `{{uuid}}`: a random UUID (version 4), the same for every `{{uuid}}` of one answer.
    case uuid

    /// The placeholders the format knows, for suggestions and `--help`.
    static let forms = ["path.NAME", "query.NAME", "header.NAME", "body", "body.PATH", "method", "now", "uuid"]

    /// Parses the text between `{{` and `}}`; `pathParameterNames` are those of the fixture's path.
    static func parse(_ inner: Substring, pathParameterNames: [String]) -> Result<TemplatePlaceholder, TemplateError> {
        let text = inner.trimmingSpaces()
        let head = text.prefix { $0 != "." }
        let rest: Substring? = head.endIndex < text.endIndex ? text[text.index(after: head.endIndex)...] : nil
        let shown = "{{\(text)}}"
        switch head {
        case "path":
            guard let name = rest, !name.isEmpty else { return .failure(.missingName(shown, example: "{{path.id}}")) }
            guard pathParameterNames.contains(String(name)) else {
                let known = pathParameterNames.isEmpty
                    ? "the path has no {name} segments"
                    : "the path's parameters are " + pathParameterNames.map { "'\($0)'" }.joined(separator: ", ")
                var hint = "name a {name} segment of the fixture's path, such as people/{id}.json for {{path.id}}"
                if let suggestion = EditDistance.closest(to: String(name), among: pathParameterNames, maximumDistance: 2) {
                    hint = "did you mean {{path.\(suggestion)}}?"
                }
                return .failure(TemplateError(message: "\(shown) names no path parameter: \(known)", hint: hint))
            }
            return .success(.pathParameter(String(name)))
        case "query":
            guard let name = rest, !name.isEmpty else { return .failure(.missingName(shown, example: "{{query.page}}")) }
            return .success(.query(String(name)))
        case "header":
            guard let name = rest, !name.isEmpty else { return .failure(.missingName(shown, example: "{{header.x-request-id}}")) }
            guard HTTPToken.isValid(String(name)) else {
                return .failure(TemplateError(message: "\(shown) does not name a valid header", hint: "use letters, digits and '-', such as {{header.x-request-id}}"))
            }
            return .success(.header(name.lowercased()))
        case "body":
            guard let path = rest else { return .success(.body([])) }
            let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !components.contains(where: \.isEmpty) else {
                return .failure(TemplateError(message: "\(shown) has an empty step in its body path", hint: "write the path as {{body.items.0.sku}}"))
            }
            return .success(.body(components))
        case "method", "now", "uuid":
            guard rest == nil else {
                return .failure(TemplateError(message: "\(shown): {{\(head)}} takes no name", hint: "write {{\(head)}}"))
            }
            return .success(head == "method" ? .method : head == "now" ? .now : .uuid)
        default:
            let forms = forms.map { "{{\($0)}}" }
            var hint = "use one of " + forms.joined(separator: ", ")
            let roots = ["path", "query", "header", "body", "method", "now", "uuid"]
            if let suggestion = EditDistance.closest(to: String(head), among: roots, maximumDistance: 2) {
                hint = "did you mean {{\(suggestion)\(rest.map { "." + $0 } ?? "")}}?"
            }
            return .failure(TemplateError(message: "unknown placeholder \(shown)", hint: hint))
        }
    }
}

/// Why a template string cannot be used, as a problem's message and hint.
struct TemplateError: Error, Equatable {
    let message: String
    let hint: String

    static func missingName(_ shown: String, example: String) -> TemplateError {
        TemplateError(message: "\(shown) needs a name after the dot", hint: "write it as \(example)")
    }
}
