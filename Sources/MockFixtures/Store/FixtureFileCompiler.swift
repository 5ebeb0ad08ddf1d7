/// Turns the bytes of one `.json` fixture file into entries and problems.
///
/// Every rule of the fixture format is checked here, so a file either compiles to entries that
/// can be served as-is, or carries at least one error problem and is served as broken (500).
/// The request-selecting keys are in `+Constraints`, the answer's keys in `+Answer`.
struct FixtureFileCompiler {
    struct CompiledEntry {
        let index: Int
        let position: JSONPosition
        let method: String
        let constraints: RequestConstraints
        let delay: EntryDelay
        /// `times`: how many requests the entry answers; `nil` for no limit.
        let times: Int?
        /// `priority`: lower numbers are tried first; ``EntryPriority/defaultValue`` when not set.
        let priority: Int
        let scenario: ScenarioStep?
        /// Where `state` is written, for the "never reached" warning.
        let statePosition: JSONPosition?
        let status: Int
        let headers: [HTTPHeader]
        let body: [UInt8]
        /// `"template": true`: headers and body rendered per request.
        let template: ResponseTemplate?
        let fault: MockFault?
        let bytesPerSecond: Int?
        /// `forward`: the API that answers instead; `status`, `headers` and `body` are then the
        /// 502 a front that cannot forward sends.
        let forward: EntryForward?
        /// `webhooks`: requests sent after the entry answers; empty for none.
        let webhooks: [EntryWebhook]

        /// Whether every request gets exactly `status`, `headers` and `body` at once, so a server
        /// may build the answer once.
        var isFixed: Bool { template == nil && fault == nil && bytesPerSecond == nil && forward == nil }
    }

    struct Output {
        var entries: [CompiledEntry] = []
        /// `{"$resource": {…}}`: the file declares a resource at its path instead of entries; its
        /// members, checked by the store builder, which knows the path.
        var resourceMembers: [JSONMember]?
        var problems: [FixtureProblem] = []
        var hasErrors: Bool { problems.contains { $0.severity == .error } }
    }

    static let knownKeys = ["method", "status", "request", "requestMatch", "requestBody", "query", "queryMatch", "requestHeaders", "requestCookies", "pathParameters", "requestJsonPath",
                            "response", "responseText", "responseFile", "responseBase64", "headers", "template",
                            "delay", "times", "priority", "fault", "bytesPerSecond", "scenario", "state", "newState", "forward", "webhooks"]
    static let maximumDelayMilliseconds = 600_000

    let relativePath: String
    /// How problems name what holds the entries: "the file" or "\"entries\"".
    let subject: String
    /// The `{name}` segments of the path the entries serve; `nil` while unknown (a verification
    /// pattern checks its own after reading its `path`).
    let pathParameterNames: [String]?
    /// Reads `responseFile`s; `nil` where there is no fixture root to read from.
    let responseFiles: ResponseFileLoader?
    private(set) var output = Output()
    /// While a `responseFile` is templated: its path and where its key is. Problems found in it
    /// meanwhile are said at that key, naming the file and the place in it (``add(_:at:_:hint:)``).
    var templateSource: (file: String, keyPosition: JSONPosition?)?
    /// While an entry is compiled: whether its webhooks are templated, so `"template": true` is
    /// not said to be useless when only they hold placeholders (audit R22).
    var webhooksAreTemplated = false

    static let fileSubject = "the file"

    /// ``FixtureLoadOptions/templateAll``: an entry without `"template"` that holds placeholders is
    /// templated.
    let templateAll: Bool

    init(relativePath: String, subject: String = FixtureFileCompiler.fileSubject, pathParameterNames: [String]? = [], responseFiles: ResponseFileLoader? = nil,
         templateAll: Bool = false) {
        self.relativePath = relativePath
        self.subject = subject
        self.pathParameterNames = pathParameterNames
        self.responseFiles = responseFiles
        self.templateAll = templateAll
    }

    /// Compiles a whole fixture file.
    static func compile(_ bytes: [UInt8], relativePath: String, pathParameterNames: [String] = [],
                        responseFiles: ResponseFileLoader? = nil, templateAll: Bool = false) -> Output {
        var compiler = FixtureFileCompiler(relativePath: relativePath, pathParameterNames: pathParameterNames, responseFiles: responseFiles,
                                           templateAll: templateAll)
        compiler.compile(bytes)
        return compiler.output
    }

    /// Compiles entries already parsed from a larger document (a fixture posted at runtime), so
    /// positions stay those of that document. `label` names the source in problems.
    static func compile(entries node: JSONNode, label: String, pathParameterNames: [String] = [],
                        responseFiles: ResponseFileLoader? = nil, templateAll: Bool = false) -> Output {
        var compiler = FixtureFileCompiler(relativePath: label, subject: "\"entries\"", pathParameterNames: pathParameterNames,
                                           responseFiles: responseFiles, templateAll: templateAll)
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
        if let foreign = ForeignFixtureFormat.recognise(document.root) {
            add(.warning, at: foreign.position, foreign.message, hint: foreign.hint)
        }
        if case .object(let members) = document.root.value, members.contains(where: { $0.key == "$resource" }) {
            compileResourceDeclaration(members, at: document.root.position)
            return
        }
        if case .array(let elements) = document.root.value,
           let wrapped = elements.first(where: { $0.value.objectMembers?.contains { $0.key == "$resource" } ?? false }) {
            // Fixture files are usually arrays, so this slip is easy; as an entry it would answer
            // every GET with an empty 200.
            add(.error, at: wrapped.position, "a resource is declared by the file's one object {\"$resource\": …}, not by an entry in an array",
                hint: "write the file as \(ResourceDeclaration.fileExample), without the brackets; entries for the path go in another file")
            return
        }
        compileEntries(document.root)
    }

    static let resourceKeys = ["idField", "ids", "items"]

    /// A file holding `{"$resource": {"idField": …, "ids": …, "items": […]}}` declares a resource
    /// at its own path; only the shape is checked here (the store builder checks the rest).
    private mutating func compileResourceDeclaration(_ members: [JSONMember], at position: JSONPosition) {
        let example = ResourceDeclaration.fileExample
        if let other = members.first(where: { $0.key != "$resource" }) {
            add(.error, at: other.keyPosition, "a file declaring a resource holds only \"$resource\", found \(JSONValue.excerpt(.string(other.key))) beside it",
                hint: "write \(example); entries for the same path go in another file")
            return
        }
        let declaration = members[0].value
        guard case .object(let inner) = declaration.value else {
            add(.error, at: declaration.position, "\"$resource\" must be an object, found \(describe(declaration.value))", hint: "write \(example)")
            return
        }
        for member in inner where !Self.resourceKeys.contains(member.key) {
            var hint = "the keys are " + Self.resourceKeys.joined(separator: ", ")
            if member.key == "path" {
                hint = "the file's place is the resource's path (api/people.json serves /api/people); leave \"path\" out"
            } else if let suggestion = EditDistance.closest(to: member.key, among: Self.resourceKeys, maximumDistance: 2) {
                hint = "did you mean \"\(suggestion)\"?"
            }
            add(.error, at: member.keyPosition, "unknown key \(JSONValue.excerpt(.string(member.key))) in \"$resource\"", hint: hint)
        }
        output.resourceMembers = inner
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
            add(.error, at: root.position, "\(subject) holds \(root.value.kindNameWithArticle), expected an array of entries or a single entry object",
                hint: #"wrap the response in an entry: [{"response": …}]"#)
            return
        }
        for (index, node) in entryNodes.enumerated() {
            guard let entry = compileEntry(node, index: index) else { continue }
            output.entries.append(entry)
        }
        warnUnreachableEntries(output.entries)
    }

    /// Warns about entries no request can reach: behind a wildcard (an entry with nothing but its
    /// method) that is tried before them and never stops matching. Selection tries entries by
    /// `priority`, lowest first; within one priority, constrained entries before wildcards, each
    /// in file order.
    private mutating func warnUnreachableEntries(_ entries: [CompiledEntry]) {
        /// The first wildcard per method that never stops matching, of the priorities passed.
        var coveredBefore: [String: CompiledEntry] = [:]
        let byPriority = Dictionary(grouping: entries, by: \.priority).sorted { $0.key < $1.key }
        for (_, group) in byPriority {
            var coveredHere: [String: CompiledEntry] = [:]
            for entry in group {
                if let cover = Self.wildcard(covering: entry.method, in: coveredBefore) {
                    add(.warning, at: entry.position,
                        "entry \(entry.index) can never be chosen: entry \(cover.index) (priority \(cover.priority)) is tried before it and matches every \(entry.method) request",
                        hint: entry.priority < EntryPriority.maximum
                            ? "give entry \(cover.index) a constraint or a \"priority\" number above \(entry.priority), or remove one of them"
                            : "give entry \(cover.index) a constraint or entry \(entry.index) a lower \"priority\" number, or remove one of them")
                } else if entry.constraints.isWildcard, let cover = Self.wildcard(covering: entry.method, in: coveredHere) {
                    add(.warning, at: entry.position,
                        "entry \(entry.index) can never be chosen: an earlier entry (\(cover.index)) already matches every \(entry.method) request",
                        hint: "give it a constraint such as \"request\", \"query\", \"requestHeaders\" or \"pathParameters\", a lower \"priority\" number, or remove it")
                }
                // An entry with `times` stops matching once used up, and one with a `state` only
                // matches in that state, so neither hides what follows.
                if entry.constraints.isWildcard, entry.times == nil, entry.scenario?.requiredState == nil, coveredHere[entry.method] == nil {
                    coveredHere[entry.method] = entry
                }
            }
            coveredBefore.merge(coveredHere) { earlier, _ in earlier }
        }
    }

    /// The wildcard in `covered` that answers every request of `method`: one for that method, a
    /// GET one for HEAD (GET entries answer HEAD), or an ANY one (all but OPTIONS and CONNECT).
    private static func wildcard(covering method: String, in covered: [String: CompiledEntry]) -> CompiledEntry? {
        if let exact = covered[method] { return exact }
        if method == "HEAD", let get = covered["GET"] { return get }
        if method != "OPTIONS", method != "CONNECT", let any = covered[IncomingRequest.anyMethod] { return any }
        return nil
    }

    // MARK: Entries

    private mutating func compileEntry(_ node: JSONNode, index: Int) -> CompiledEntry? {
        guard case .object(let members) = node.value else {
            add(.error, at: node.position, "entry \(index) is \(node.value.kindNameWithArticle), expected an object",
                hint: #"each entry is an object such as {"method": "GET", "status": 200, "response": {}}"#)
            return nil
        }
        let problemsBefore = errorCount
        var method = "GET"
        var status = 200
        var delay = EntryDelay.none
        var times: Int?
        var priority = EntryPriority.defaultValue
        let constraints = compileConstraints(members)
        var answer = AnswerFields()
        var scenario: (name: String, position: JSONPosition)?
        var state: (name: String, position: JSONPosition)?
        var newState: (name: String, position: JSONPosition)?
        var forward: EntryForward?
        var webhooksNode: JSONNode?
        for member in members where !Self.constraintKeys.contains(member.key) {
            if compileAnswerMember(member, into: &answer) { continue }
            let value = member.value
            switch member.key {
            case "method":
                method = compileMethod(value) ?? method
            case "status":
                status = compileStatus(value) ?? status
            case "delay":
                delay = compileDelay(value) ?? delay
            case "times":
                times = compileInteger(value, key: "times", range: 1...Int.max,
                                       hint: "use a whole number of answers of 1 or more, such as \"times\": 1; leave it out for no limit")
            case "priority":
                priority = compileInteger(value, key: "priority", range: 1...EntryPriority.maximum,
                                          hint: "use a whole number from 1 (tried first) to \(EntryPriority.maximum); entries without one rank \(EntryPriority.defaultValue)") ?? priority
            case "scenario":
                scenario = compileName(value, key: "scenario", example: #""scenario": "cart""#).flatMap { name in
                    compileScenarioName(name, at: value.position).map { ($0, value.position) }
                }
            case "state":
                state = compileName(value, key: "state", example: #""state": "has item""#).map { ($0, value.position) }
            case "newState":
                newState = compileName(value, key: "newState", example: #""newState": "paid""#).map { ($0, value.position) }
            case "forward":
                forward = compileForward(value)
            case "webhooks":
                webhooksNode = value
            default:
                warnUnknownKey(member)
            }
        }
        // A scenario key that was refused already has its error: no second one about it.
        let namesNoScenario = !members.contains { $0.key == "scenario" }
        if namesNoScenario, let state {
            add(.error, at: state.position, "\"state\" is set but \"scenario\" is not, so there is no state to compare with",
                hint: #"name the scenario too, e.g. "scenario": "cart", "state": "has item""#)
        }
        if namesNoScenario, let newState {
            add(.warning, at: newState.position, "\"newState\" is set but \"scenario\" is not, so it is ignored",
                hint: #"name the scenario too, e.g. "scenario": "cart", "newState": "paid""#)
        }
        if members.contains(where: { $0.key == "forward" }) {
            refuseAnswerKeys(besideForward: members)
        }
        // Templated as the answer is: `"template": true`, or --template-all unless it says false.
        let templated = answer.template?.isOn ?? templateAll
        let webhooks = webhooksNode.map { compileWebhooks($0, templated: templated) } ?? []
        webhooksAreTemplated = webhooks.contains { $0.template != nil }
        defer { webhooksAreTemplated = false }
        let built: BuiltAnswer?
        if let forward {
            // What a front that cannot forward sends; the server and FixtureTransport forward.
            status = 502
            built = BuiltAnswer(headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)], body: forward.unforwardedAnswer.serializedBytes(), template: nil)
        } else {
            built = errorCount == problemsBefore ? buildAnswer(answer, status: status, members: members) : nil
        }
        guard errorCount == problemsBefore, let built else { return nil }
        let step = scenario.map { ScenarioStep(name: $0.name, requiredState: state?.name, newState: newState?.name) }
        return CompiledEntry(
            index: index, position: node.position, method: method,
            constraints: constraints.constraints(method: method),
            delay: delay, times: times, priority: priority, scenario: step, statePosition: state?.position,
            status: status, headers: built.headers, body: built.body, template: built.template,
            fault: answer.fault?.fault, bytesPerSecond: answer.bytesPerSecond?.rate, forward: forward, webhooks: webhooks
        )
    }

    /// Errors added so far, counted as they are added: counting `output.problems` for every
    /// entry made a file of 40,000 wildcard entries (40,000 warnings) take 3 s to load.
    private(set) var errorCount = 0

    /// Turns the errors added since `problemCount` problems into one warning ending with
    /// `consequence`: for one file among many a templated `responseFile` chooses from, which is
    /// left out rather than breaking the entry for every other request (audit R19). Returns
    /// whether there were errors.
    mutating func demoteErrors(since problemCount: Int, at position: JSONPosition?, consequence: String) -> Bool {
        let added = output.problems[problemCount...]
        guard let first = added.first(where: { $0.severity == .error }) else { return false }
        errorCount -= added.filter { $0.severity == .error }.count
        output.problems.removeSubrange(problemCount...)
        add(.warning, at: position, "\(first.message); \(consequence)", hint: first.hint)
        return true
    }

    /// How many problems have been found so far.
    var problemCount: Int { output.problems.count }

    /// A scenario or state name: a non-empty string.
    private mutating func compileName(_ node: JSONNode, key: String, example: String) -> String? {
        guard case .string(let text) = node.value, !text.isEmpty else {
            add(.error, at: node.position, "\(key) must be a non-empty string, found \(describe(node.value))", hint: "write it as \(example)")
            return nil
        }
        return text
    }

    /// A scenario is named in the path of `/__admin/scenarios/NAME`, as one segment
    /// (``ScenarioStep/isValidName(_:)``).
    private mutating func compileScenarioName(_ name: String, at position: JSONPosition) -> String? {
        guard !ScenarioStep.isValidName(name) else { return name }
        add(.error, at: position, "scenario \(JSONValue.excerpt(.string(name))) cannot be named in /__admin/scenarios/NAME, which takes one path segment",
            hint: #"use a name without "/", "\" or NUL, such as "team-a""#)
        return nil
    }

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
        // Other tools' spellings of "any method" are method names to HTTP, which no client sends:
        // the entry would load and match nothing, silently. `ANY` (WireMock's) is ours too.
        if ["*", "ALL"].contains(text.uppercased()) {
            add(.error, at: node.position, "method \(JSONValue.excerpt(node.value)) is not an HTTP method",
                hint: #"write "ANY" for an entry that answers every method (but OPTIONS), or a pattern that counts every method"#)
            return nil
        }
        return text.uppercased()
    }

    mutating func compileInteger(_ node: JSONNode, key: String, range: ClosedRange<Int>, hint: String) -> Int? {
        guard case .number(let number) = node.value else {
            var fullHint = hint
            if case .string(let text) = node.value, let number = Int(text), range.contains(number) {
                fullHint = "write it without quotes: \(number)"
            }
            add(.error, at: node.position, "\(key) must be a number, found \(describe(node.value))", hint: fullHint)
            return nil
        }
        guard let integer = number.integerLiteralValue else {
            // A plain run of digits too long for an Int is out of range, not malformed.
            let digits = number.literal.drop { $0 == "-" }
            let isWhole = !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
            let problem = isWhole ? "is out of range" : "is not written as a plain whole number (no fraction, no exponent)"
            add(.error, at: node.position, "\(key) \(number.literal) \(problem)", hint: hint)
            return nil
        }
        guard range.contains(integer) else {
            add(.error, at: node.position, "\(key) \(number.literal) is out of range", hint: hint)
            return nil
        }
        return integer
    }

    mutating func warnUnknownKey(_ member: JSONMember, knownKeys: [String] = FixtureFileCompiler.knownKeys) {
        var hint = "known keys are " + knownKeys.joined(separator: ", ")
        if let suggestion = EditDistance.closest(to: member.key, among: knownKeys, maximumDistance: 2) {
            hint = "did you mean `\(suggestion)`?"
        } else if knownKeys == Self.knownKeys, let ours = OtherToolKeys.entry[member.key] {
            hint = "another tool's key: " + ours
        }
        add(.warning, at: member.keyPosition, "unknown key \"\(member.key)\" is ignored", hint: hint)
    }

    /// `string "abc"`, `number 7`, `an object {…}`; `null` alone, not "null null".
    func describe(_ value: JSONValue) -> String {
        if case .null = value { return "null" }
        return "\(value.kindName) \(JSONValue.excerpt(value, limit: 30))"
    }

    mutating func add(_ severity: FixtureProblem.Severity, at position: JSONPosition?, _ message: String, hint: String) {
        var (at, text) = (position, message)
        if let (file, keyPosition) = templateSource {
            // Inside a templated responseFile: said at its key, with the place in that file.
            (at, text) = (keyPosition, "in responseFile \(JSONValue.excerpt(.string(file)))\(position.map { " at \($0)" } ?? ""): \(message)")
        }
        output.problems.append(FixtureProblem(severity, relativePath, at: at, text, hint: hint))
        if severity == .error { errorCount += 1 }
    }
}
