/// Turns the bytes of one `.json` fixture file into entries and problems.
///
/// Every rule of the fixture format is checked here, so a file either compiles to entries that
/// can be served as-is, or carries at least one error problem and is served as broken (500).
struct FixtureFileCompiler {
    struct CompiledEntry {
        let index: Int
        let position: JSONPosition
        let method: String
        let constraints: RequestConstraints
        let delayMilliseconds: Int
        /// `times`: how many requests the entry answers; `nil` for no limit.
        let times: Int?
        let scenario: ScenarioStep?
        /// Where `state` is written, for the "never reached" warning.
        let statePosition: JSONPosition?
        let status: Int
        let headers: [HTTPHeader]
        let body: [UInt8]
    }

    struct Output {
        var entries: [CompiledEntry] = []
        var problems: [FixtureProblem] = []
        var hasErrors: Bool { problems.contains { $0.severity == .error } }
    }

    static let knownKeys = ["method", "status", "request", "query", "requestHeaders", "response", "headers", "delay", "times",
                            "scenario", "state", "newState"]
    static let maximumDelayMilliseconds = 600_000

    let relativePath: String
    /// How problems name what holds the entries: "the file" or "\"entries\"".
    private let subject: String
    private(set) var output = Output()

    init(relativePath: String, subject: String = "the file") {
        self.relativePath = relativePath
        self.subject = subject
    }

    /// Compiles a whole fixture file.
    static func compile(_ bytes: [UInt8], relativePath: String) -> Output {
        var compiler = FixtureFileCompiler(relativePath: relativePath)
        compiler.compile(bytes)
        return compiler.output
    }

    /// Compiles entries already parsed from a larger document (a fixture posted at runtime), so
    /// positions stay those of that document. `label` names the source in problems.
    static func compile(entries node: JSONNode, label: String) -> Output {
        var compiler = FixtureFileCompiler(relativePath: label, subject: "\"entries\"")
        compiler.compileEntries(node)
        return compiler.output
    }

    private mutating func compile(_ bytes: [UInt8]) {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            add(.error, at: error.position, "invalid JSON: \(error.message)", hint: "fix the syntax; the file must hold a JSON array of entry objects")
            return
        }
        warnDuplicateKeys(document.duplicateKeys)
        compileEntries(document.root)
    }

    mutating func warnDuplicateKeys(_ duplicates: [JSONDuplicateKey]) {
        for duplicate in duplicates {
            add(.warning, at: duplicate.position,
                "duplicate key \"\(duplicate.key)\" (first at \(duplicate.firstPosition)); the last value wins",
                hint: "remove one of the two")
        }
    }

    private mutating func compileEntries(_ root: JSONNode) {
        let entryNodes: [JSONNode]
        switch root.value {
        case .array(let elements):
            entryNodes = elements
            if elements.isEmpty {
                add(.warning, at: root.position, "\(subject) has no entries, so every request to it answers 404",
                    hint: #"add an entry such as {"method": "GET", "response": {}}"#)
            }
        case .object:
            entryNodes = [root]
        default:
            add(.error, at: root.position, "\(subject) holds a \(root.value.kindName), expected an array of entries or a single entry object",
                hint: #"wrap the response in an entry: [{"response": …}]"#)
            return
        }
        var wildcardMethods: Set<String> = []
        for (index, node) in entryNodes.enumerated() {
            guard let entry = compileEntry(node, index: index) else { continue }
            if entry.constraints.isWildcard {
                let shadowed = wildcardMethods.contains(entry.method) || (entry.method == "HEAD" && wildcardMethods.contains("GET"))
                if shadowed {
                    add(.warning, at: entry.position,
                        "entry \(index) can never be chosen: an earlier entry already matches every \(entry.method) request",
                        hint: "give it a \"request\" or \"requestHeaders\" constraint, or remove it")
                }
                // An entry with `times` stops matching once used up, and one with a `state` only
                // matches in that state, so neither hides what follows.
                if entry.times == nil, entry.scenario?.requiredState == nil {
                    wildcardMethods.insert(entry.method)
                }
            }
            output.entries.append(entry)
        }
    }

    // MARK: Entries

    private mutating func compileEntry(_ node: JSONNode, index: Int) -> CompiledEntry? {
        guard case .object(let members) = node.value else {
            add(.error, at: node.position, "entry \(index) is a \(node.value.kindName), expected an object",
                hint: #"each entry is an object such as {"method": "GET", "status": 200, "response": {}}"#)
            return nil
        }
        let problemsBefore = errorCount
        var method = "GET"
        var status = 200
        var delay = 0
        var times: Int?
        var constraints = ConstraintFields()
        var response: JSONValue?
        var extraHeaders: [HTTPHeader] = []
        var scenario: (name: String, position: JSONPosition)?
        var state: (name: String, position: JSONPosition)?
        var newState: (name: String, position: JSONPosition)?
        for member in members {
            let value = member.value
            if compileConstraint(member, into: &constraints) { continue }
            switch member.key {
            case "method":
                method = compileMethod(value) ?? method
            case "status":
                status = compileStatus(value) ?? status
            case "delay":
                delay = compileInteger(value, key: "delay", range: 0...Self.maximumDelayMilliseconds,
                                       hint: "use a whole number of milliseconds between 0 and \(Self.maximumDelayMilliseconds)") ?? delay
            case "times":
                times = compileInteger(value, key: "times", range: 1...Int.max,
                                       hint: "use a whole number of answers of 1 or more, such as \"times\": 1; leave it out for no limit")
            case "response":
                if case .null = value.value { response = nil } else { response = value.value }
            case "headers":
                extraHeaders = compileResponseHeaders(value)
            case "scenario":
                scenario = compileName(value, key: "scenario", example: #""scenario": "cart""#).map { ($0, value.position) }
            case "state":
                state = compileName(value, key: "state", example: #""state": "has item""#).map { ($0, value.position) }
            case "newState":
                newState = compileName(value, key: "newState", example: #""newState": "paid""#).map { ($0, value.position) }
            default:
                warnUnknownKey(member)
            }
        }
        if scenario == nil, let state {
            add(.error, at: state.position, "\"state\" is set but \"scenario\" is not, so there is no state to compare with",
                hint: #"name the scenario too, e.g. "scenario": "cart", "state": "has item""#)
        }
        if scenario == nil, let newState {
            add(.warning, at: newState.position, "\"newState\" is set but \"scenario\" is not, so it is ignored",
                hint: #"name the scenario too, e.g. "scenario": "cart", "newState": "paid""#)
        }
        guard errorCount == problemsBefore else { return nil }
        if Self.bodylessStatuses.contains(status) {
            dropBody(of: status, response: &response, headers: &extraHeaders, members: members)
        }
        var headers: [HTTPHeader] = []
        let overridesContentType = extraHeaders.contains { $0.name.lowercased() == "content-type" }
        if response != nil, !overridesContentType {
            headers.append(HTTPHeader(name: "Content-Type", value: MediaType.json))
        }
        headers.append(contentsOf: extraHeaders)
        let step = scenario.map { ScenarioStep(name: $0.name, requiredState: state?.name, newState: newState?.name) }
        return CompiledEntry(
            index: index, position: node.position, method: method,
            constraints: RequestConstraints(method: method, request: constraints.request, query: constraints.query,
                                            requiredHeaders: constraints.requiredHeaders),
            delayMilliseconds: delay, times: times, scenario: step, statePosition: state?.position,
            status: status, headers: headers, body: response?.serializedBytes() ?? []
        )
    }

    private var errorCount: Int { output.problems.count { $0.severity == .error } }

    /// The request-selecting keys, shared by fixture entries and verification patterns.
    struct ConstraintFields {
        var request: JSONValue?
        var query: [JSONMember]?
        var requiredHeaders: [RequestConstraints.HeaderRequirement] = []
    }

    /// Compiles `request` or `requestHeaders` into `fields`; returns false for any other key.
    mutating func compileConstraint(_ member: JSONMember, into fields: inout ConstraintFields) -> Bool {
        switch member.key {
        case "request":
            switch member.value.value {
            case .null: fields.request = nil
            case .object(let requestMembers) where requestMembers.isEmpty: fields.request = nil
            default: fields.request = member.value.value
            }
            return true
        case "query":
            switch member.value.value {
            case .null:
                fields.query = nil
            case .object(let parameters):
                fields.query = parameters.isEmpty ? nil : parameters
                for parameter in parameters {
                    switch parameter.value.value {
                    case .object:
                        add(.error, at: parameter.value.position, "query parameter \"\(parameter.key)\" expects an object, which a query string cannot carry",
                            hint: "use a string, number, boolean, null (any value) or an array of those")
                    case .array(let elements) where elements.contains(where: { $0.value.objectMembers != nil || { if case .array = $0.value { true } else { false } }($0) }):
                        add(.error, at: parameter.value.position, "query parameter \"\(parameter.key)\" expects nested arrays or objects, which a query string cannot carry",
                            hint: "use an array of strings, numbers or booleans")
                    default:
                        break
                    }
                }
            default:
                add(.error, at: member.value.position, "query must be an object of parameter names to values, found \(describe(member.value.value))",
                    hint: #"write it as {"page": "2"}"#)
            }
            return true
        case "requestHeaders":
            fields.requiredHeaders = compileHeaders(member.value, key: "requestHeaders").map {
                RequestConstraints.HeaderRequirement(lowercasedName: $0.name.lowercased(), value: $0.value)
            }
            return true
        default:
            return false
        }
    }

    /// A scenario or state name: a non-empty string.
    private mutating func compileName(_ node: JSONNode, key: String, example: String) -> String? {
        guard case .string(let text) = node.value, !text.isEmpty else {
            add(.error, at: node.position, "\(key) must be a non-empty string, found \(describe(node.value))", hint: "write it as \(example)")
            return nil
        }
        return text
    }

    /// Statuses whose answers never carry a body (RFC 9110 §15.3.5, §15.3.6, §15.4.5).
    static let bodylessStatuses: Set<Int> = [204, 205, 304]

    /// 204, 205 and 304 answers have no body and no `Content-Type`: both are dropped with a
    /// warning, so the server and the in-process transport send exactly the same nothing.
    private mutating func dropBody(of status: Int, response: inout JSONValue?, headers: inout [HTTPHeader], members: [JSONMember]) {
        if response != nil, let member = members.last(where: { $0.key == "response" }) {
            add(.warning, at: member.keyPosition, "status \(status) answers never carry a body, so \"response\" is not sent",
                hint: "remove \"response\", or use a status such as 200 to send a body")
            response = nil
        }
        let bodyHeaders = headers.filter { Self.bodyDescribingHeaders.contains($0.name.lowercased()) }
        guard !bodyHeaders.isEmpty else { return }
        for header in bodyHeaders {
            let position = members.last { $0.key == "headers" }?.value.value.objectMembers?.last { $0.key == header.name }?.keyPosition
            add(.warning, at: position, "status \(status) answers have no body, so header \"\(header.name)\" is not sent",
                hint: "remove \"\(header.name)\"")
        }
        headers.removeAll { Self.bodyDescribingHeaders.contains($0.name.lowercased()) }
    }

    /// Headers that describe a body, meaningless on an answer that has none.
    static let bodyDescribingHeaders: Set<String> = ["content-type", "content-encoding", "content-language", "content-range"]

    private mutating func compileStatus(_ node: JSONNode) -> Int? {
        guard let status = compileInteger(node, key: "status", range: 100...599, hint: "use an integer between 200 and 599") else { return nil }
        guard status >= 200 else {
            add(.error, at: node.position,
                "status \(status) is informational (1xx): it cannot be the final answer, and clients would wait for one that never comes",
                hint: "use a final status between 200 and 599")
            return nil
        }
        return status
    }

    mutating func compileMethod(_ node: JSONNode) -> String? {
        guard case .string(let text) = node.value, !text.isEmpty else {
            add(.error, at: node.position, "method must be a non-empty string, found \(describe(node.value))",
                hint: #"use an HTTP method such as "GET", "POST" or "DELETE""#)
            return nil
        }
        guard HTTPToken.isValid(text) else {
            add(.error, at: node.position, "method \(JSONValue.excerpt(node.value)) is not a valid HTTP method name",
                hint: #"use letters only, such as "GET" or "PATCH""#)
            return nil
        }
        return text.uppercased()
    }

    private mutating func compileInteger(_ node: JSONNode, key: String, range: ClosedRange<Int>, hint: String) -> Int? {
        guard case .number(let number) = node.value else {
            var fullHint = hint
            if case .string(let text) = node.value, let number = Int(text), range.contains(number) {
                fullHint = "write it without quotes: \(number)"
            }
            add(.error, at: node.position, "\(key) must be a number, found \(describe(node.value))", hint: fullHint)
            return nil
        }
        guard let integer = number.integerLiteralValue else {
            add(.error, at: node.position, "\(key) \(number.literal) is not written as a plain whole number (no fraction, no exponent)", hint: hint)
            return nil
        }
        guard range.contains(integer) else {
            add(.error, at: node.position, "\(key) \(number.literal) is out of range", hint: hint)
            return nil
        }
        return integer
    }

    /// An object of string values with valid header names; `null` means none.
    private mutating func compileHeaders(_ node: JSONNode, key: String) -> [HTTPHeader] {
        if case .null = node.value { return [] }
        guard case .object(let members) = node.value else {
            add(.error, at: node.position, "\(key) must be an object of header names to strings, found \(describe(node.value))",
                hint: #"write it as {"X-Name": "value"}"#)
            return []
        }
        var headers: [HTTPHeader] = []
        var seen: [String: JSONPosition] = [:]
        for member in members {
            guard HTTPToken.isValid(member.key) else {
                add(.error, at: member.keyPosition, "\"\(member.key)\" in \(key) is not a valid header name",
                    hint: "use letters, digits and '-' only, such as \"X-Request-Id\"")
                continue
            }
            guard case .string(let value) = member.value.value else {
                add(.error, at: member.value.position, "header \"\(member.key)\" in \(key) must be a string, found \(describe(member.value.value))",
                    hint: "put the value in double quotes")
                continue
            }
            guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }) else {
                add(.error, at: member.value.position, "header \"\(member.key)\" in \(key) contains a line break or NUL",
                    hint: "header values must be a single line")
                continue
            }
            guard !value.isEmpty else {
                add(.error, at: member.value.position, "header \"\(member.key)\" in \(key) has an empty value",
                    hint: "give it a value, or remove it")
                continue
            }
            let lowercased = member.key.lowercased()
            if let first = seen[lowercased] {
                add(.warning, at: member.keyPosition, "header \"\(member.key)\" in \(key) is also given at \(first) (names are case-insensitive); the last one wins",
                    hint: "remove one of them")
                headers.removeAll { $0.name.lowercased() == lowercased }
            }
            seen[lowercased] = member.keyPosition
            headers.append(HTTPHeader(name: member.key, value: value))
        }
        return headers
    }

    private mutating func compileResponseHeaders(_ node: JSONNode) -> [HTTPHeader] {
        var headers = compileHeaders(node, key: "headers")
        guard case .object(let members) = node.value else { return headers }
        for member in members {
            switch member.key.lowercased() {
            case "content-length", "transfer-encoding":
                add(.error, at: member.keyPosition, "headers must not set \(member.key): the server computes it from the body",
                    hint: "remove \"\(member.key)\"")
            case "connection":
                if let value = member.value.value.stringValue, !value.isEmpty, !equalsIgnoringASCIICase(value.trimmingSpaces(), "close") {
                    add(.error, at: member.value.position,
                        "headers set Connection to \(JSONValue.excerpt(member.value.value)); the server manages connections itself and only \"close\" can be asked for",
                        hint: "remove it, or use \"Connection\": \"close\" to close the connection after this answer")
                }
            case "date":
                add(.warning, at: member.keyPosition, "headers set Date, which the server adds itself; it is ignored",
                    hint: "remove \"\(member.key)\"")
                headers.removeAll { $0.name.lowercased() == "date" }
            default:
                break
            }
        }
        return headers
    }

    mutating func warnUnknownKey(_ member: JSONMember, knownKeys: [String] = FixtureFileCompiler.knownKeys) {
        var hint = "known keys are " + knownKeys.joined(separator: ", ")
        if let suggestion = EditDistance.closest(to: member.key, among: knownKeys, maximumDistance: 2) {
            hint = "did you mean `\(suggestion)`?"
        }
        add(.warning, at: member.keyPosition, "unknown key \"\(member.key)\" is ignored", hint: hint)
    }

    func describe(_ value: JSONValue) -> String {
        "\(value.kindName) \(JSONValue.excerpt(value, limit: 30))"
    }

    mutating func add(_ severity: FixtureProblem.Severity, at position: JSONPosition?, _ message: String, hint: String) {
        output.problems.append(FixtureProblem(severity, relativePath, at: position, message, hint: hint))
    }
}
