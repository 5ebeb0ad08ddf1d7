/// Decides which entry of a fixture file answers a request, whether a recorded request fits a
/// verification pattern, and explains misses — the same checks for all three.
enum EntryMatcher {
    /// The entry to answer with: the first constrained entry that matches, else the first matching
    /// wildcard. `nil` when none matches. Entries with `times` that are used up, and entries whose
    /// scenario is in another state, do not match; the one chosen counts its answer and moves its
    /// scenario on, atomically.
    static func select(from entries: [FixtureEntry], for request: inout IncomingRequest, scenarios: ScenarioTable) -> FixtureEntry? {
        for entry in entries where !entry.isWildcard && request.accepts(entryMethod: entry.method) {
            if constraintsMatch(entry.constraints, &request), claim(entry, scenarios) {
                return entry
            }
        }
        for entry in entries where entry.isWildcard && request.accepts(entryMethod: entry.method) && claim(entry, scenarios) {
            return entry
        }
        return nil
    }

    /// Counts the answer (and moves the scenario on) if the entry may still answer.
    private static func claim(_ entry: FixtureEntry, _ scenarios: ScenarioTable) -> Bool {
        guard let step = entry.scenario else { return entry.usage.claim() }
        return scenarios.claim(step, usage: entry.usage)
    }

    /// Every reason `entry` does not match (empty when it does).
    static func reasons(_ entry: FixtureEntry, _ request: inout IncomingRequest, scenarios: ScenarioTable) -> [String] {
        var reasons: [String] = []
        if !request.accepts(entryMethod: entry.method) {
            reasons.append("method differs: entry expects \(entry.method), request is \(request.method)")
        }
        reasons.append(contentsOf: constraintReasons(entry.constraints, &request))
        if let limit = entry.usage.limit {
            let answered = entry.usage.answeredCount
            if answered >= limit {
                reasons.append("entry used up: it answers \(limit) time\(limit == 1 ? "" : "s") and has answered \(answered) (POST /__admin/reset starts counting again)")
            }
        }
        if let step = entry.scenario, let required = step.requiredState {
            let current = scenarios.state(of: step.name)
            if current != required {
                reasons.append("scenario \(singleQuoted(step.name)) is in state \(singleQuoted(current)), entry needs \(singleQuoted(required))")
            }
        }
        return reasons
    }

    /// Every reason a request does not fit `constraints`' `request` and `requestHeaders` (the method
    /// is the caller's to compare).
    static func constraintReasons(_ constraints: RequestConstraints, _ request: inout IncomingRequest) -> [String] {
        var collector = ReasonCollector(explain: true)
        collectConstraintReasons(constraints, &request, into: &collector)
        return collector.reasons
    }

    /// Whether the request fits `request` and `requestHeaders`; stops at the first failure and
    /// formats no sentences, so selecting among many entries stays cheap.
    static func constraintsMatch(_ constraints: RequestConstraints, _ request: inout IncomingRequest) -> Bool {
        if constraints.isWildcard { return true }
        var collector = ReasonCollector(explain: false)
        collectConstraintReasons(constraints, &request, into: &collector)
        return !collector.failed
    }

    private static func collectConstraintReasons(_ constraints: RequestConstraints, _ request: inout IncomingRequest, into collector: inout ReasonCollector) {
        for requirement in constraints.requiredHeaders {
            let actual = request.headers.value(forHeader: requirement.lowercasedName)
            guard actual != requirement.value else { continue }
            collector.add(
                actual.map { "header '\(requirement.lowercasedName)' is \(quoted($0)), expected \(quoted(requirement.value))" }
                    ?? "header '\(requirement.lowercasedName)' is missing (expected \(quoted(requirement.value)))")
            if collector.isDone { return }
        }
        if let query = constraints.query {
            collectParameterReasons(query, request.query(), label: "query parameter", into: &collector)
            if collector.isDone { return }
        }
        if let expected = constraints.request {
            collectRequestReasons(expected, &request, into: &collector)
        }
    }

    private static func collectRequestReasons(_ expected: JSONValue, _ request: inout IncomingRequest, into collector: inout ReasonCollector) {
        switch request.bodyContent() {
        case .none:
            guard case .object(let members) = expected else {
                collector.add("request has no body but the entry expects a JSON body")
                return
            }
            let firstReason = collector.reasons.count
            collectParameterReasons(members, request.query(), label: "query parameter", into: &collector)
            if collector.explain, collector.reasons.count > firstReason,
               ["POST", "PUT", "PATCH"].contains(where: { equalsIgnoringASCIICase(request.method, $0) }) {
                collector.reasons.insert("request has no body but the entry expects a JSON body", at: firstReason)
            }
        case .form(let fields):
            guard case .object(let members) = expected else {
                collector.add("request body is a form (application/x-www-form-urlencoded), but the entry expects the JSON body \(JSONValue.excerpt(expected))")
                return
            }
            collectParameterReasons(members, fields, label: "form field", into: &collector)
        case .multipart(let form):
            guard case .object(let members) = expected else {
                collector.add("request body is multipart/form-data, but the entry expects the JSON body \(JSONValue.excerpt(expected))")
                return
            }
            collectMultipartReasons(members, form, into: &collector)
        case .malformedMultipart(let error):
            collector.add("request body is malformed multipart/form-data: \(error.description)")
        case .json(let body):
            if collector.explain {
                if let difference = expected.firstDifference(from: body) { collector.add("body differs \(difference)") }
            } else if expected != body {
                collector.add("")
            }
        case .notJSON(let error):
            collector.add("request body is not JSON (\(error.description)), so it cannot equal the entry's request")
        }
    }

    /// Compares `request` object members with query parameters or form fields.
    private static func collectParameterReasons(_ members: [JSONMember], _ parameters: QueryParameters, label: String, into collector: inout ReasonCollector) {
        for member in members {
            let name = member.key
            let values = parameters.values(for: name)
            let expected = member.value.value
            switch expected {
            case .null:
                if values.isEmpty { collector.add("missing \(label) '\(name)' (expected any value)") }
            case .object:
                collector.add("\(label) '\(name)' can never match: the entry expects a nested object, which a \(label) cannot carry")
            case .array(let elements):
                if elements.contains(where: { if case .object = $0.value { true } else if case .array = $0.value { true } else { false } }) {
                    collector.add("\(label) '\(name)' can never match: the entry expects nested arrays or objects, which a \(label) cannot carry")
                } else if !isPermutation(values, of: elements.map(\.value)) {
                    let expectedList = elements.map { quoted(parameterText($0.value)) }.joined(separator: ", ")
                    collector.add(values.isEmpty
                        ? "missing \(label) '\(name)' (expected it once for each of \(expectedList))"
                        : "\(label) '\(name)' is given as \(values.map(quoted).joined(separator: ", ")), expected once for each of \(expectedList)")
                }
            default:
                if values.isEmpty {
                    collector.add("missing \(label) '\(name)' (expected \(quoted(parameterText(expected))))")
                } else if !values.contains(where: { parameter($0, matches: expected) }) {
                    collector.add("\(label) '\(name)' is \(values.map(quoted).joined(separator: ", ")), expected \(quoted(parameterText(expected)))")
                }
            }
            if collector.isDone { return }
        }
    }

    /// Compares `request` object members with multipart parts: an object holding `filename` and/or
    /// `contentType` describes a file part; any other value is compared with the part's text like
    /// a form field.
    private static func collectMultipartReasons(_ members: [JSONMember], _ form: ReceivedMultipartForm, into collector: inout ReasonCollector) {
        for member in members {
            if case .object(let fileMembers) = member.value.value {
                collectFilePartReasons(member.key, fileMembers, form.parts(named: member.key), into: &collector)
            } else {
                let texts = QueryParameters(parameters: form.parts(named: member.key).map { .init(name: member.key, value: $0.text) })
                collectParameterReasons([member], texts, label: "multipart part", into: &collector)
            }
            if collector.isDone { return }
        }
    }

    private static func collectFilePartReasons(_ name: String, _ expected: [JSONMember], _ parts: [MultipartPart], into collector: inout ReasonCollector) {
        let filename = expected.last { $0.key == "filename" }?.value.value
        let contentType = expected.last { $0.key == "contentType" }?.value.value
        guard filename != nil || contentType != nil else {
            collector.add("multipart part '\(name)' can never match: the entry expects an object without \"filename\" or \"contentType\", which is how a file part is described")
            return
        }
        guard let first = parts.first else {
            collector.add("missing multipart part '\(name)'")
            return
        }
        let matching = parts.first { part in
            filename.map { filePart(part.filename, matches: $0) } ?? true
                && contentType.map { contentTypeOf(part, matches: $0) } ?? true
        }
        guard matching == nil else { return }
        // Explain with the first part of that name; several parts of one name are rare.
        if let filename, !filePart(first.filename, matches: filename) {
            collector.add(first.filename.map { "multipart part '\(name)' has filename \(quoted($0)), expected \(quoted(parameterText(filename)))" }
                ?? "multipart part '\(name)' has no filename, expected \(quoted(parameterText(filename)))")
        }
        if let contentType, !contentTypeOf(first, matches: contentType) {
            collector.add(first.contentType.map { "multipart part '\(name)' has content type \(quoted($0)), expected \(quoted(parameterText(contentType)))" }
                ?? "multipart part '\(name)' has no content type, expected \(quoted(parameterText(contentType)))")
        }
    }

    private static func filePart(_ filename: String?, matches expected: JSONValue) -> Bool {
        guard let filename else { return false }
        return parameter(filename, matches: expected)
    }

    /// Media types compare case-insensitively; parameters (`; charset=…`) only when the entry gives some.
    private static func contentTypeOf(_ part: MultipartPart, matches expected: JSONValue) -> Bool {
        guard let actual = part.contentType else { return false }
        guard case .string(let wanted) = expected else { return parameter(actual, matches: expected) }
        if wanted.contains(";") {
            return equalsIgnoringASCIICase(actual.filter { $0 != " " }, wanted.filter { $0 != " " })
        }
        return equalsIgnoringASCIICase(actual.prefix { $0 != ";" }.trimmingSpaces(), wanted.trimmingSpaces())
    }

    /// Whether a decoded parameter value equals a scalar entry value "as text".
    static func parameter(_ value: String, matches expected: JSONValue) -> Bool {
        switch expected {
        case .string(let text): value == text
        case .number(let number): value == number.literal || JSONNumber(parsing: value) == number
        case .bool(let flag): value == (flag ? "true" : "false")
        case .null: true
        case .array, .object: false
        }
    }

    /// Each expected element is matched by its own given value, and no value is left over.
    private static func isPermutation(_ values: [String], of expected: [JSONValue]) -> Bool {
        guard values.count == expected.count else { return false }
        var unused = values
        for element in expected {
            guard let index = unused.firstIndex(where: { parameter($0, matches: element) }) else { return false }
            unused.remove(at: index)
        }
        return true
    }

    private static func parameterText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number.literal
        case .bool(let flag): flag ? "true" : "false"
        default: value.compactText
        }
    }

    static func quoted(_ text: String) -> String {
        JSONValue.excerpt(.string(text))
    }

    /// `'cart'`: names of scenarios and states inside a sentence.
    static func singleQuoted(_ text: String) -> String {
        "'\(text)'"
    }
}
