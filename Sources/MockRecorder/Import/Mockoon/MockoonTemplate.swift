import MockFixtures

/// Mockoon's Handlebars helpers as our placeholders: `{{urlParam 'id'}}` → `{{path.id}}`,
/// `{{queryParam 'q'}}` → `{{query.q}}`, `{{header 'X-Id'}}` → `{{header.x-id}}`,
/// `{{cookie 'sid'}}` → `{{cookie.sid}}`, `{{body 'a.b'}}` → `{{body.a.b}}`, `{{bodyRaw}}` →
/// `{{body}}`, `{{method}}`, `{{now 'yyyy-MM-dd'}}` → `{{now.format(yyyy-MM-dd)}}`,
/// `{{faker 'string.uuid'}}`/`{{guid}}` → `{{random.uuid}}`, `{{int 1 10}}` → `{{random.int(1,10)}}`.
/// Blocks (`{{#repeat}}`, `{{#if}}`), defaults and other helpers refuse the route.
struct MockoonTemplate {
    /// The route's `:name` parameters.
    let parameterNames: [String]

    func converted(_ text: String, at key: String) throws(StubRefusal) -> String {
        try HandlebarsText.replacing(text, at: key) { inside throws(StubRefusal) in "{{" + (try placeholder(inside, at: key)) + "}}" }
    }

    private func placeholder(_ expression: Substring, at key: String) throws(StubRefusal) -> String {
        let words = WireMockTemplate.words(expression)
        guard let helper = words.first else { throw StubRefusal(key, "an empty placeholder '{{}}'") }
        let arguments = words.dropFirst().map(WireMockTemplate.unquoted)
        let refusal = { (why: String) in StubRefusal(key, "{{\(expression)}} \(why)") }
        if helper.hasPrefix("#") || helper.hasPrefix("/") || helper.hasPrefix("!") || helper.hasPrefix(">") {
            throw refusal("is a Handlebars block or comment, which has no equivalent here; write one entry per case (request constraints choose it), a {\"$repeat\": …} list, or a handler in Swift")
        }
        func one() throws(StubRefusal) -> String {
            guard arguments.count == 1, !arguments[0].isEmpty else {
                throw refusal(arguments.count > 1 ? "gives a default value, which ours have not (a missing value is empty text)" : "needs one name")
            }
            return arguments[0]
        }
        switch helper {
        case "urlParam":
            let name = try one()
            guard parameterNames.contains(name) else { throw refusal("names no :\(name) parameter of the route") }
            return "path.\(name)"
        case "queryParam":
            let name = try one()
            guard !name.contains(".") && !name.contains("[") else { throw refusal("reads into a parsed query object, which ours do not") }
            return "query.\(name)"
        case "header":
            return "header.\(try one().lowercased())"
        case "cookie":
            return "cookie.\(try one())"
        case "body":
            if arguments.isEmpty { return "body" }
            let path = try one()
            let steps: [JSONPathStep]
            do {
                steps = try JSONPathStep.parse(path.hasPrefix("$") ? path : "$." + path.split(separator: ".").map { step in
                    step.allSatisfy(\.isNumber) ? "[\(step)]" : String(step)
                }.joined(separator: ".").replacing(".[", with: "["))
            } catch {
                throw refusal(error.reason)
            }
            return JSONPathStep.bodyPlaceholder(steps)
        case "bodyRaw":
            guard arguments.isEmpty else { throw refusal("reads into the raw body, which ours do not") }
            return "body"
        case "method":
            return "method"
        case "now":
            guard let format = arguments.first else { return "now" }
            guard arguments.count == 1, !format.contains(")") else { throw refusal("has arguments ours do not take") }
            return "now.format(\(format))"
        case "guid", "uuid":
            return "random.uuid"
        case "faker":
            guard arguments.count == 1, ["string.uuid", "datatype.uuid", "random.uuid"].contains(arguments[0]) else {
                throw refusal("has no equivalent here but for uuids; ours: {{random.int(1,100)}}, {{random.alphanumeric(8)}}, {{random.hex(16)}}, {{random.uuid}}")
            }
            return "random.uuid"
        case "int":
            guard arguments.count == 2, let low = Int(arguments[0]), let high = Int(arguments[1]), low <= high else {
                throw refusal(arguments.isEmpty ? "has no range: write {{int 0 100}}" : "needs two whole numbers, low then high")
            }
            return "random.int(\(low),\(high))"
        default:
            throw refusal("uses a helper with no equivalent here; ours: urlParam, queryParam, header, cookie, body, bodyRaw, method, now, guid, faker 'string.uuid', int")
        }
    }
}
