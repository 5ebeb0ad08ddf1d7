import MockFixtures

/// One WireMock stub mapping converted to one fixture entry, with the file it goes in and the
/// body files it needs.
struct ConvertedStub {
    /// The fixture file, relative to the root (before an existing `…/index.json` is preferred).
    var file: String
    var parameterNames: [String]
    var entry: JSONValue
    /// `GET /api/users/[0-9]+`, for the report.
    var shown: String
    /// The files under `__files` the entry's `responseFile` needs: one, or for a templated
    /// `bodyFileName` those its placeholders can choose.
    var bodyFiles: [BodyFile] = []
    var notes: [String] = []
    /// It stands for a pattern that also matches `/` (``ImportedPath/answersRoot``).
    var answersRoot = false
}

/// Converts WireMock stub mappings (`{"request": …, "response": …}`) to entries, following the
/// table in README's "Coming from WireMock and others". A stub is converted whole or refused
/// with the key that has no equivalent.
enum WireMockStub {
    static let mappingKeys: Set<String> = [
        "request", "response", "priority", "id", "uuid", "name", "persistent", "metadata", "insertionIndex",
        "scenarioName", "requiredScenarioState", "newScenarioState", "postServeActions", "serveEventListeners",
    ]
    static let requestKeys: Set<String> = [
        "method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate", "queryParameters", "headers",
        "cookies", "bodyPatterns", "basicAuthCredentials", "pathParameters", "formParameters",
    ]
    static let responseKeys: Set<String> = [
        "status", "statusMessage", "headers", "jsonBody", "body", "base64Body", "bodyFileName", "fixedDelayMilliseconds",
        "delayDistribution", "chunkedDribbleDelay", "fault", "transformers", "transformerParameters", "proxyBaseUrl",
        "additionalProxyRequestHeaders",
    ]
    /// The folder `responseFile`s are written under, as `record` writes them.
    static let filesFolder = "__files"

    /// `filesFolder`: WireMock's `__files`, where `bodyFileName`s are read.
    static func converted(_ mapping: JSONValue, filesFolder: String?, templateAll: Bool = false) throws(StubRefusal) -> ConvertedStub {
        guard let members = mapping.objectMembers else {
            throw StubRefusal("", "a stub must be an object with \"request\" and \"response\", found \(mapping.kindNameWithArticle)")
        }
        if let unknown = members.first(where: { !mappingKeys.contains($0.key) }) {
            throw StubRefusal(unknown.key, "is no key of a WireMock stub mapping that has an equivalent here")
        }
        guard let request = mapping["request"]?.objectMembers else {
            throw StubRefusal("request", "is missing or not an object")
        }
        if let unknown = request.first(where: { !requestKeys.contains($0.key) }) {
            throw StubRefusal("request.\(unknown.key)", unknown.key == "host" || unknown.key == "port" || unknown.key == "scheme"
                ? "has no equivalent: a mockserver is one host (over sockets, give each backend its own server or path prefix)"
                : "has no equivalent here; write the entry by hand, or answer it from a handler in Swift")
        }
        let requestValue = JSONValue.object(request)
        var path = try convertedPath(requestValue)
        var entry: [(String, JSONValue)] = []
        var notes: [String] = []

        let method = try methodName(requestValue["method"])
        entry.append(("method", .string(method)))
        try addScenario(mapping, into: &entry)
        if let priority = mapping["priority"] {
            guard let number = priority.integer, (1...1_000_000).contains(number) else {
                throw StubRefusal("priority", "\(JSONValue.excerpt(priority)) is not a whole number from 1 to 1000000")
            }
            entry.append(("priority", .number(JSONNumber(number))))
        }
        if let parameters = requestValue["pathParameters"] {
            guard let named = parameters.objectMembers else { throw StubRefusal("request.pathParameters", "must be an object") }
            for parameter in named {
                guard path.parameterNames.contains(parameter.key) else {
                    throw StubRefusal("request.pathParameters.\(parameter.key)", "names no parameter of \(path.shown)")
                }
                path.pathParameters.append((parameter.key, try WireMockMatcher.converted(parameter.value.value, at: "request.pathParameters.\(parameter.key)")))
            }
        }
        if !path.pathParameters.isEmpty { entry.append(("pathParameters", .makeObject(path.pathParameters))) }
        if let parameters = requestValue["queryParameters"] {
            for (name, matcher) in try namedMatchers(parameters, at: "request.queryParameters") {
                guard !path.query.contains(where: { $0.0 == name }) else {
                    throw StubRefusal("request.queryParameters.\(name)", "is also in the stub's url")
                }
                path.query.append((name, matcher))
            }
        }
        if !path.query.isEmpty { entry.append(("query", .makeObject(path.query))) }
        if path.exactQuery { entry.append(("queryMatch", .string("exact"))) }
        var headers = try requestValue["headers"].map { value throws(StubRefusal) in try namedMatchers(value, at: "request.headers") } ?? []
        if let credentials = requestValue["basicAuthCredentials"] {
            guard let user = credentials["username"]?.stringValue, let password = credentials["password"]?.stringValue else {
                throw StubRefusal("request.basicAuthCredentials", "needs \"username\" and \"password\" strings")
            }
            guard !headers.contains(where: { $0.0.lowercased() == "authorization" }) else {
                throw StubRefusal("request.basicAuthCredentials", "beside an Authorization header matcher, which one header cannot say twice")
            }
            headers.append(("Authorization", .string("Basic " + Base64.encode(Array("\(user):\(password)".utf8)))))
        }
        if !headers.isEmpty { entry.append(("requestHeaders", .makeObject(headers))) }
        if let cookies = requestValue["cookies"] {
            entry.append(("requestCookies", .makeObject(try namedMatchers(cookies, at: "request.cookies"))))
        }
        var body = try requestValue["bodyPatterns"].flatMap { value throws(StubRefusal) in
            try WireMockBodyPatterns.converted(value, at: "request.bodyPatterns")
        }
        if let form = requestValue["formParameters"] {
            guard body == nil else {
                throw StubRefusal("request.formParameters", "beside bodyPatterns, which one entry's \"request\" cannot say at once")
            }
            body = ImportedBody(request: .makeObject(try namedMatchers(form, at: "request.formParameters")))
        }
        if let body {
            if let request = body.request { entry.append(("request", request)) }
            if !body.jsonPaths.isEmpty { entry.append(("requestJsonPath", .makeObject(body.jsonPaths))) }
            if body.partial { entry.append(("requestMatch", .string("partial"))) }
            if body.requiresBody {
                // Compared with the body only: a body-less request's query never stands in (audit I1).
                entry.append(("requestBody", .string("required")))
            }
            notes += body.notes
        }
        let answer = try WireMockResponse.converted(mapping, path: path, filesFolder: filesFolder, templateAll: templateAll)
        entry += answer.keys
        notes = path.notes + notes + answer.notes
        let text = String(decoding: JSONValue.makeObject(entry).serializedBytes(), as: UTF8.self)
        if text.contains("{{random.alphanumeric(") || text.contains("{{random.letters(") {
            notes.append("random letters come in mixed case here, where WireMock's randomValue gives lower case (upper with uppercase=true)")
        }
        return ConvertedStub(file: path.relativeFile, parameterNames: path.parameterNames, entry: .makeObject(entry),
                             shown: "\(method) \(path.shown)", bodyFiles: answer.bodyFiles, notes: notes)
    }

    private static func convertedPath(_ request: JSONValue) throws(StubRefusal) -> ImportedPath {
        let urlKeys = ["url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate"].filter { request[$0] != nil }
        guard urlKeys.count <= 1 else {
            throw StubRefusal("request", "has \(urlKeys.joined(separator: " and ")); WireMock reads one")
        }
        guard let urlKey = urlKeys.first else {
            var path = try ImportedPath.pattern(".*", key: "request", includesQuery: false)
            path.shown = "(any URL)"
            return path
        }
        let key = "request.\(urlKey)"
        guard let text = request[urlKey]?.stringValue else { throw StubRefusal(key, "must be a string") }
        switch urlKey {
        case "url": return try ImportedPath.exactURL(text, key: key)
        case "urlPath": return try ImportedPath.literalPath(text, key: key)
        case "urlPathTemplate": return try ImportedPath.template(text, key: key)
        case "urlPattern": return try ImportedPath.pattern(text, key: key, includesQuery: true)
        default: return try ImportedPath.pattern(text, key: key, includesQuery: false)
        }
    }

    private static func methodName(_ value: JSONValue?) throws(StubRefusal) -> String {
        guard let value else { return "ANY" }
        // WireMock 3.4's GET_OR_HEAD: a GET entry here answers HEAD too.
        if value == .string("GET_OR_HEAD") { return "GET" }
        guard let text = value.stringValue, !text.isEmpty,
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || $0 == "_") }) else {
            throw StubRefusal("request.method", "\(JSONValue.excerpt(value)) is not a method")
        }
        return text.uppercased()
    }

    /// `{"name": {"equalTo": …}}` as `[(name, matcher)]`.
    private static func namedMatchers(_ value: JSONValue, at key: String) throws(StubRefusal) -> [(String, JSONValue)] {
        guard let members = value.objectMembers else { throw StubRefusal(key, "must be an object of matchers by name") }
        var converted: [(String, JSONValue)] = []
        for member in members {
            converted.append((member.key, try WireMockMatcher.converted(member.value.value, at: "\(key).\(member.key)")))
        }
        return converted
    }

    /// WireMock's scenarios start in `Started`; ours in `started`.
    private static func addScenario(_ mapping: JSONValue, into entry: inout [(String, JSONValue)]) throws(StubRefusal) {
        guard let scenario = mapping["scenarioName"] else {
            if mapping["requiredScenarioState"] != nil || mapping["newScenarioState"] != nil {
                throw StubRefusal("requiredScenarioState", "needs a scenarioName")
            }
            return
        }
        let name = try StubRefusal.scenarioName(scenario.stringValue ?? "", written: scenario, at: "scenarioName")
        entry.append(("scenario", .string(name)))
        for (theirs, ours) in [("requiredScenarioState", "state"), ("newScenarioState", "newState")] {
            guard let state = mapping[theirs] else { continue }
            guard let text = state.stringValue, !text.isEmpty else { throw StubRefusal(theirs, "must be a non-empty string") }
            if text == "started" {
                throw StubRefusal(theirs, "\"started\" is the first state of every scenario here (WireMock's \"Started\"), so a state of that name would be the first one too; rename it in the stubs")
            }
            entry.append((ours, .string(text == "Started" ? "started" : text)))
        }
    }
}

extension JSONValue {
    /// A whole number, for keys that take one.
    var integer: Int? {
        if case .number(let number) = self { return number.integerLiteralValue }
        return nil
    }
}

extension WireMockStub {
    /// Method and URL as a stub wrote them, for the report; empty when it has neither.
    static func shownRequest(_ mapping: JSONValue) -> String {
        guard let request = mapping["request"] else { return "" }
        let method = request["method"]?.stringValue ?? "ANY"
        for key in ["url", "urlPath", "urlPathTemplate", "urlPattern", "urlPathPattern"] {
            if let url = request[key]?.stringValue { return "\(method) \(url)" }
        }
        return "\(method) (any URL)"
    }
}
