/// One `{{…}}` of a templated answer (`"template": true`): what it is replaced by.
enum TemplatePlaceholder: Sendable, Equatable {
    /// `{{path.id}}`: a `{name}` segment of the fixture's path.
    case pathParameter(String)
    /// `{{query.page}}`: the first value of a query parameter.
    case query(String)
    /// `{{header.x-request-id}}`: a request header, name lower-cased.
    case header(String)
    /// `{{body.items.0.sku}}`, `{{body.items[0].sku}}`, `{{body['a.b']}}`: a path into the JSON
    /// body (array elements by index; the first value of a form field or multipart part for such
    /// bodies); `{{body}}` is the whole body. See ``TemplateBodyPath``.
    case body([String])
    /// `{{method}}`
    case method
    /// `{{now}}`: the time of the answer, RFC 3339 UTC with milliseconds; `{{now+1h}}`,
    /// `{{now-30m.epoch}}`: moved by an offset, in another form.
    case now(offsetMilliseconds: Int64, format: TimeFormat)
    /// `{{now.format(yyyy-MM-dd)}}`, `{{now+1d.format(dd.MM.yyyy)}}`: the time in a date pattern of
    /// one's own, in UTC.
    case nowFormatted(offsetMilliseconds: Int64, pattern: DatePattern)
    /// `{{uuid}}`: a random UUID (version 4), the same for every `{{uuid}}` of one answer.
    case uuid
    /// `{{random.int(1,100)}}`, `{{random.hex(16)}}`, `{{random.uuid}}`: a new value at every
    /// occurrence.
    case random(TemplateRandom)
    /// `{{index}}`: the place (0, 1, …) of the item a `$repeat` is making.
    case repeatIndex
    /// `{{cookie.session}}`: a cookie of the `Cookie` header, by its case-sensitive name (the
    /// first value sent).
    case cookie(String)
    /// `{{path.id | number}}`: another placeholder's value sent as another JSON type.
    indirect case converted(TemplatePlaceholder, TemplateConversion)

    /// How `{{now…}}` writes the time.
    enum TimeFormat: String, Sendable, Equatable, CaseIterable {
        /// `2026-11-23T13:37:28.123Z`
        case rfc3339
        /// Whole seconds since 1970, a JSON number when it is the whole value.
        case epoch
        /// Milliseconds since 1970, a JSON number when it is the whole value.
        case epochMillis
        /// `Mon, 23 Nov 2026 13:37:28 GMT`, for `Expires` or `Last-Modified`.
        case http
        /// `2026-11-23`: the day alone, UTC.
        case date
    }

    /// The placeholders the format knows, for suggestions and `--help`.
    static let forms = ["path.NAME", "query.NAME", "header.NAME", "body", "body.PATH", "method", "now", "now+1h.epoch", "now.format(yyyy-MM-dd)", "uuid", "random.int(1,100)", "cookie.NAME", "path.NAME | number", "index (in a $repeat)"]

    /// Parses the text between `{{` and `}}`; `pathParameterNames` are those of the fixture's path.
    static func parse(_ inner: Substring, pathParameterNames: [String]) -> Result<TemplatePlaceholder, TemplateError> {
        if let (placeholder, conversion) = TemplateConversion.split(inner) {
            let shown = Self.shown(inner.trimmingSpaces())
            return TemplateConversion.parse(conversion, shown: shown).flatMap { conversion in
                parse(placeholder, pathParameterNames: pathParameterNames).map { .converted($0, conversion) }
            }
        }
        let text = inner.trimmingSpaces()
        let head = text.prefix { $0 != "." }
        let rest: Substring? = head.endIndex < text.endIndex ? text[text.index(after: head.endIndex)...] : nil
        let shown = Self.shown(text)
        // A body path may start with a bracket: `{{body['a.b']}}`, `{{body[0]}}`.
        if text.hasPrefix("body"), text.dropFirst(4).first.map({ $0 == "." || $0 == "[" }) ?? true {
            return TemplateBodyPath.parse(text.dropFirst(4), shown: shown).map { .body($0) }
        }
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
        case "cookie":
            guard let name = rest, !name.isEmpty else { return .failure(.missingName(shown, example: "{{cookie.session}}")) }
            return .success(.cookie(String(name)))
        case "header":
            guard let name = rest, !name.isEmpty else { return .failure(.missingName(shown, example: "{{header.x-request-id}}")) }
            guard HTTPToken.isValid(String(name)) else {
                return .failure(TemplateError(message: "\(shown) does not name a valid header", hint: "use letters, digits and '-', such as {{header.x-request-id}}"))
            }
            return .success(.header(name.lowercased()))
        case "random":
            return TemplateRandom.parse(rest, shown: shown).map { .random($0) }
        case "method", "uuid", "index":
            guard rest == nil else {
                return .failure(TemplateError(message: "\(shown): {{\(head)}} takes no name", hint: "write {{\(head)}}"))
            }
            return .success(head == "method" ? .method : head == "uuid" ? .uuid : .repeatIndex)
        case _ where head == "now" || head.hasPrefix("now+") || head.hasPrefix("now-"):
            return parseNow(offset: head.dropFirst(3), format: rest, shown: shown)
        default:
            let forms = forms.map { "{{\($0)}}" }
            var hint = "use one of " + forms.joined(separator: ", ")
            let roots = ["path", "query", "header", "body", "method", "now", "uuid", "random", "cookie", "index"]
            if let otherTool = OtherToolPlaceholders.hint(for: text, pathParameterNames: pathParameterNames) {
                hint = otherTool
            } else if let suggestion = EditDistance.closest(to: String(head), among: roots, maximumDistance: 2) {
                // A root that takes a name is suggested with one (`{{paht}}` → `{{path.id}}`), so
                // following the hint does not lead to "needs a name".
                let example = suggestion == "path" ? pathParameterNames.first ?? "id"
                    : ["query": "page", "header": "x-request-id", "cookie": "session", "random": "int"][suggestion]
                let name = rest.map { String($0) } ?? example
                hint = "did you mean \(Self.shown("\(suggestion)\(name.map { "." + $0 } ?? "")"))?"
            }
            return .failure(TemplateError(message: "unknown placeholder \(shown)", hint: hint))
        }
    }
}

extension TemplatePlaceholder {
    /// `{{text}}` for a message, shortened in the middle when long: an unknown 1 MB placeholder
    /// made a 1,000,179-character problem line.
    static func shown(_ text: some StringProtocol) -> String {
        guard text.count > 80 else { return "{{\(text)}}" }
        return "{{\(text.prefix(60))…\(text.suffix(10))}}"
    }

    private static let nowHint = "write {{now}}, or with an offset of whole s, m, h or d and a form: {{now+1h}}, {{now-30m.epoch}}, {{now+7d.http}}, "
        + "{{now.format(yyyy-MM-dd)}}; the forms are " + TimeFormat.allCases.map(\.rawValue).joined(separator: ", ") + ", format(…)"

    /// `{{now}}`, `{{now+90s}}`, `{{now-2d.epoch}}`: `offset` is what follows `now`, `format`
    /// what follows the dot.
    private static func parseNow(offset: Substring, format: Substring?, shown: String) -> Result<TemplatePlaceholder, TemplateError> {
        var milliseconds: Int64 = 0
        if let sign = offset.first {
            let amount = offset.dropFirst().dropLast()
            let unit: Int64? = switch offset.last {
            case "s": 1_000
            case "m": 60_000
            case "h": 3_600_000
            case "d": 86_400_000
            default: nil
            }
            // Up to 100 years either way (`31536000s` is one): past that is a typo, and keeps the
            // sum far from overflow. The product is checked, since the count may have any length.
            let limit: Int64 = 36_500 * 86_400_000
            guard let unit, !amount.isEmpty, amount.allSatisfy(\.isASCIIDigit), let count = Int64(amount),
                  case let (product, overflow) = count.multipliedReportingOverflow(by: unit), !overflow, product <= limit else {
                return .failure(TemplateError(message: "\(shown) has an offset that is not a whole number of s, m, h or d (up to 100 years)", hint: nowHint))
            }
            milliseconds = sign == "-" ? -product : product
        }
        var timeFormat = TimeFormat.rfc3339
        if let format, format.hasPrefix("format(") {
            guard format.hasSuffix(")") else {
                return .failure(TemplateError(message: "\(shown) has a \"format(\" that is not closed by \")\" at its end", hint: DatePattern.fieldsHint))
            }
            return DatePattern.parse(format.dropFirst("format(".count).dropLast(), shown: shown)
                .map { .nowFormatted(offsetMilliseconds: milliseconds, pattern: $0) }
        }
        if let format {
            guard let known = TimeFormat(rawValue: String(format)) else {
                var hint = nowHint
                if let suggestion = EditDistance.closest(to: String(format), among: TimeFormat.allCases.map(\.rawValue), maximumDistance: 3) {
                    hint = "did you mean .\(suggestion)?"
                }
                return .failure(TemplateError(message: "\(shown) asks for the form \"\(format)\", which {{now}} does not have", hint: hint))
            }
            timeFormat = known
        }
        return .success(.now(offsetMilliseconds: milliseconds, format: timeFormat))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Why a template string cannot be used, as a problem's message and hint.
struct TemplateError: Error, Equatable {
    let message: String
    let hint: String
    /// Where in the text the failing `{{` is, counted in characters from 0; set by
    /// ``TemplateText/parse(_:pathParameterNames:quotingText:)``.
    var characterOffset: Int?

    init(message: String, hint: String, characterOffset: Int? = nil) {
        self.message = message
        self.hint = hint
        self.characterOffset = characterOffset
    }

    static func missingName(_ shown: String, example: String) -> TemplateError {
        TemplateError(message: "\(shown) needs a name after the dot", hint: "write it as \(example)")
    }
}
