import MockFixtures

/// One MockServer expectation (`{"httpRequest": {…}, "httpResponse": {…}, "times": …,
/// "priority": …}`) as an entry, with what ordering it against others needs: its method, its
/// path's segments, and MockServer's `priority` (higher first; 0 by default).
struct MockServerExpectation: RankedStub {
    var stub: ConvertedStub
    let method: String
    var segments: [ImportedPath.Segment]
    let priority: Int

    static let expectationKeys: Set<String> = Set(MockServerAction.actionKeys).union(["id", "priority", "httpRequest", "times", "timeToLive", "timestamp"])
    static let requestKeys: Set<String> = [
        "method", "path", "pathParameters", "queryStringParameters", "headers", "cookies", "body", "secure", "keepAlive", "socketAddress", "not",
    ]

    init(_ expectation: JSONValue) throws(StubRefusal) {
        guard let members = expectation.objectMembers else {
            throw StubRefusal("", "an expectation must be an object with \"httpRequest\" and an action, found \(expectation.kindNameWithArticle)")
        }
        if let unknown = members.first(where: { !Self.expectationKeys.contains($0.key) }) {
            throw StubRefusal(unknown.key, unknown.key == "specUrlOrPayload"
                ? "an OpenAPI expectation has no equivalent here; write an entry per operation"
                : "is no key of a MockServer expectation that has an equivalent here")
        }
        var notes: [String] = []
        let request = expectation["httpRequest"] ?? .object([])
        guard let requestMembers = request.objectMembers else { throw StubRefusal("httpRequest", "must be an object") }
        if let unknown = requestMembers.first(where: { !Self.requestKeys.contains($0.key) }) {
            throw StubRefusal("httpRequest.\(unknown.key)", unknown.key == "specUrlOrPayload"
                ? "an OpenAPI request matcher has no equivalent here; write the operation's method and path"
                : "has no equivalent here; write the entry by hand, or answer it from a handler in Swift")
        }
        if request["not"] == .bool(true) {
            throw StubRefusal("httpRequest.not", "a negated request has no equivalent here; write entries for the requests it should answer")
        }
        let method = try Self.method(request["method"])
        var path = try Self.path(request, notes: &notes)
        var entry: [(String, JSONValue)] = [("method", .string(method))]
        if let times = expectation["times"], times["unlimited"] != .bool(true) {
            // The importer leaves out one that is never active (0 times).
            let remaining = try MockServerValue.integer(times["remainingTimes"], at: "times.remainingTimes", in: 0...1_000_000_000) ?? 0
            entry.append(("times", .number(JSONNumber(max(1, remaining)))))
        }
        if let parameters = request["pathParameters"] {
            for (name, matcher) in try MockServerValue.multiMap(parameters, at: "httpRequest.pathParameters", separatesValues: false, alwaysPresent: true) {
                guard path.parameterNames.contains(name) else {
                    throw StubRefusal("httpRequest.pathParameters.\(name)", "names no {\(name)} segment of \(path.shown)")
                }
                path.pathParameters.append((name, matcher))
            }
        }
        if !path.pathParameters.isEmpty { entry.append(("pathParameters", .makeObject(path.pathParameters))) }
        if let query = request["queryStringParameters"] {
            let converted = try MockServerValue.multiMap(query, at: "httpRequest.queryStringParameters", separatesValues: true)
            if !converted.isEmpty { entry.append(("query", .makeObject(converted))) }
        }
        if let headers = request["headers"] {
            let converted = try MockServerValue.multiMap(headers, at: "httpRequest.headers", separatesValues: false)
            if !converted.isEmpty { entry.append(("requestHeaders", .makeObject(converted))) }
        }
        if let cookies = request["cookies"] {
            let converted = try MockServerValue.multiMap(cookies, at: "httpRequest.cookies", separatesValues: false, singleValue: true)
            if !converted.isEmpty { entry.append(("requestCookies", .makeObject(converted))) }
        }
        if let bodyValue = request["body"], let body = try MockServerBody.converted(bodyValue, at: "httpRequest.body") {
            if let request = body.request { entry.append(("request", request)) }
            if !body.jsonPaths.isEmpty { entry.append(("requestJsonPath", .makeObject(body.jsonPaths))) }
            if body.partial { entry.append(("requestMatch", .string("partial"))) }
            if body.requiresBody { entry.append(("requestBody", .string("required"))) }
            notes += body.notes
        }
        if request["keepAlive"] != nil, request["keepAlive"] != .null {
            notes.append("httpRequest.keepAlive is not matched: whether a request keeps its connection open does not choose an entry here")
        }
        if request["secure"] == .bool(true) {
            notes.append("httpRequest.secure is not matched: a mockserver serves one scheme (serve with --tls-cert and --tls-key for HTTPS)")
        }
        if let ttl = expectation["timeToLive"], ttl["unlimited"] != .bool(true), ttl != .null {
            notes.append("timeToLive is not kept: the entry answers for as long as the server runs")
        }
        let action = try MockServerAction(expectation)
        entry += action.keys
        let priority = try MockServerValue.integer(expectation["priority"], at: "priority", in: Int(Int32.min)...Int(Int32.max)) ?? 0
        stub = ConvertedStub(file: path.relativeFile, parameterNames: path.parameterNames, entry: .makeObject(entry),
                             shown: "\(method) \(path.shown)", notes: notes + path.notes + action.notes, answersRoot: path.answersRoot)
        self.method = method
        segments = path.segments
        self.priority = priority
    }

    private static func method(_ value: JSONValue?) throws(StubRefusal) -> String {
        guard let value, value != .null else { return "ANY" }
        let text: String
        if let string = value.stringValue {
            text = string
        } else if let string = value["value"]?.stringValue, value["not"] != .bool(true), value["schema"] == nil {
            text = string
        } else {
            throw StubRefusal("httpRequest.method", "\(JSONValue.excerpt(value)) has no equivalent: an entry answers one method (or ANY)")
        }
        if text.allSatisfy({ $0 == " " }) { return "ANY" }
        if text.uppercased() == "ANY" {
            throw StubRefusal("httpRequest.method", "\"\(text)\" is a method name to MockServer, which no request sends; leave method out to answer every method")
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || $0 == "_") }) else {
            throw StubRefusal("httpRequest.method", "\(JSONValue.excerpt(value)) is a pattern or a negation (\"!GET\"); an entry answers one method (or ANY): write one expectation per method")
        }
        return text.uppercased()
    }

    /// `path`: plain text the file, a pattern (any regular-expression syntax but a `.`, which is
    /// read as itself, with a note) its segments, `{name}` segments beside `pathParameters`
    /// parameters, empty or absent every path.
    private static func path(_ request: JSONValue, notes: inout [String]) throws(StubRefusal) -> ImportedPath {
        let key = "httpRequest.path"
        guard let value = request["path"], value != .null else {
            var path = try ImportedPath.pattern(".*", key: key, includesQuery: false, tool: "MockServer")
            path.shown = "(any path)"
            return path
        }
        guard let written = value.stringValue ?? (value["not"] == .bool(true) || value["schema"] != nil ? nil : value["value"]?.stringValue) else {
            throw StubRefusal(key, "\(JSONValue.excerpt(value)) has no equivalent: a path here is text or a pattern, not a negation or a schema")
        }
        if written.isEmpty || written.allSatisfy({ $0 == " " }) {
            var path = try ImportedPath.pattern(".*", key: key, includesQuery: false, tool: "MockServer")
            path.shown = "(any path)"
            return path
        }
        // Anchors say nothing more: MockServer matches the whole path anyway (audit MS1).
        var core = Substring(ImportedPath.unescapingSlashes(written))
        if core.hasPrefix("^") { core = core.dropFirst() }
        if core.hasSuffix("$"), !core.hasSuffix("\\$") { core = core.dropLast() }
        let text = String(core)
        guard !text.hasPrefix("!") else {
            throw StubRefusal(key, "\"\(text)\" matches every path but these, which has no equivalent here; write entries for the paths it should answer")
        }
        if request["pathParameters"] != nil, text.contains("{") {
            var path = try ImportedPath.template(text, key: key)
            path.shown = text
            return path
        }
        let syntax = text.filter { MockServerValue.regexSyntax.contains($0) }
        var isPattern = false
        if !syntax.allSatisfy({ $0 == "." }) { isPattern = try MockServerValue.textOrPattern(text, at: key) != nil }
        if !isPattern {
            // Dots alone: read as written (they always compile as a pattern too).
            if !syntax.isEmpty, syntax.allSatisfy({ $0 == "." }) {
                notes.append("\(key) \"\(text)\" is read as written; MockServer also reads it as a pattern, where '.' is any character")
            }
            return try ImportedPath.literalPath(text, key: key)
        }
        // Each segment's pattern also takes its text as written, ignoring case, as MockServer
        // compares (audit MS1: /a+b did not answer /a+b).
        var path = try ImportedPath.pattern("^" + text + "$", key: key, includesQuery: false, tool: "MockServer") { piece throws(StubRefusal) in
            try MockServerValue.textOrPattern(String(piece), at: key) ?? "^(?:" + piece + ")$"
        }
        path.shown = written
        return path
    }
}
