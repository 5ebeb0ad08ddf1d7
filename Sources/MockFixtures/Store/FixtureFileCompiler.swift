/// Turns the bytes of one `.json` fixture file into entries and problems.
///
/// Every rule of the fixture format is checked here, so a file either compiles to entries that
/// can be served as-is, or carries at least one error problem and is served as broken (500).
struct FixtureFileCompiler {
    struct CompiledEntry {
        let index: Int
        let position: JSONPosition
        let method: String
        let request: JSONValue?
        let requiredHeaders: [FixtureEntry.HeaderRequirement]
        let delayMilliseconds: Int
        let status: Int
        let headers: [HTTPHeader]
        let body: [UInt8]
    }

    struct Output {
        var entries: [CompiledEntry] = []
        var problems: [FixtureProblem] = []
        var hasErrors: Bool { problems.contains { $0.severity == .error } }
    }

    static let knownKeys = ["method", "status", "request", "requestHeaders", "response", "headers", "delay"]
    static let maximumDelayMilliseconds = 600_000

    let relativePath: String
    private var output = Output()

    init(relativePath: String) {
        self.relativePath = relativePath
    }

    static func compile(_ bytes: [UInt8], relativePath: String) -> Output {
        var compiler = FixtureFileCompiler(relativePath: relativePath)
        compiler.compile(bytes)
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
        for duplicate in document.duplicateKeys {
            add(.warning, at: duplicate.position,
                "duplicate key \"\(duplicate.key)\" (first at \(duplicate.firstPosition)); the last value wins",
                hint: "remove one of the two")
        }
        let entryNodes: [JSONNode]
        switch document.root.value {
        case .array(let elements):
            entryNodes = elements
            if elements.isEmpty {
                add(.warning, at: document.root.position, "the file has no entries, so every request to it answers 404",
                    hint: #"add an entry such as {"method": "GET", "response": {}}"#)
            }
        case .object:
            entryNodes = [document.root]
        default:
            add(.error, at: document.root.position, "the file holds a \(document.root.value.kindName), expected an array of entries or a single entry object",
                hint: #"wrap the response in an entry: [{"response": …}]"#)
            return
        }
        var wildcardMethods: Set<String> = []
        for (index, node) in entryNodes.enumerated() {
            guard let entry = compileEntry(node, index: index) else { continue }
            if entry.request == nil, entry.requiredHeaders.isEmpty {
                let shadowed = wildcardMethods.contains(entry.method) || (entry.method == "HEAD" && wildcardMethods.contains("GET"))
                if shadowed {
                    add(.warning, at: entry.position,
                        "entry \(index) can never be chosen: an earlier entry already matches every \(entry.method) request",
                        hint: "give it a \"request\" or \"requestHeaders\" constraint, or remove it")
                }
                wildcardMethods.insert(entry.method)
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
        let problemsBefore = output.problems.filter { $0.severity == .error }.count
        var method = "GET"
        var status = 200
        var delay = 0
        var request: JSONValue?
        var requiredHeaders: [FixtureEntry.HeaderRequirement] = []
        var response: JSONValue?
        var extraHeaders: [HTTPHeader] = []
        for member in members {
            let value = member.value
            switch member.key {
            case "method":
                method = compileMethod(value) ?? method
            case "status":
                status = compileInteger(value, key: "status", range: 100...599, hint: "use an integer between 100 and 599") ?? status
            case "delay":
                delay = compileInteger(value, key: "delay", range: 0...Self.maximumDelayMilliseconds,
                                       hint: "use a whole number of milliseconds between 0 and \(Self.maximumDelayMilliseconds)") ?? delay
            case "request":
                switch value.value {
                case .null: request = nil
                case .object(let requestMembers) where requestMembers.isEmpty: request = nil
                default: request = value.value
                }
            case "requestHeaders":
                requiredHeaders = compileHeaders(value, key: "requestHeaders").map {
                    FixtureEntry.HeaderRequirement(lowercasedName: $0.name.lowercased(), value: $0.value)
                }
            case "response":
                if case .null = value.value { response = nil } else { response = value.value }
            case "headers":
                extraHeaders = compileResponseHeaders(value)
            default:
                warnUnknownKey(member)
            }
        }
        guard output.problems.filter({ $0.severity == .error }).count == problemsBefore else { return nil }
        var headers: [HTTPHeader] = []
        let overridesContentType = extraHeaders.contains { $0.name.lowercased() == "content-type" }
        if response != nil, !overridesContentType {
            headers.append(HTTPHeader(name: "Content-Type", value: MediaType.json))
        }
        headers.append(contentsOf: extraHeaders)
        return CompiledEntry(
            index: index, position: node.position, method: method, request: request, requiredHeaders: requiredHeaders,
            delayMilliseconds: delay, status: status, headers: headers, body: response?.serializedBytes() ?? []
        )
    }

    private mutating func compileMethod(_ node: JSONNode) -> String? {
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

    private mutating func warnUnknownKey(_ member: JSONMember) {
        var hint = "known keys are " + Self.knownKeys.joined(separator: ", ")
        if let suggestion = EditDistance.closest(to: member.key, among: Self.knownKeys, maximumDistance: 2) {
            hint = "did you mean `\(suggestion)`?"
        }
        add(.warning, at: member.keyPosition, "unknown key \"\(member.key)\" is ignored", hint: hint)
    }

    private func describe(_ value: JSONValue) -> String {
        "\(value.kindName) \(JSONValue.excerpt(value, limit: 30))"
    }

    private mutating func add(_ severity: FixtureProblem.Severity, at position: JSONPosition?, _ message: String, hint: String) {
        output.problems.append(FixtureProblem(severity, relativePath, at: position, message, hint: hint))
    }
}
