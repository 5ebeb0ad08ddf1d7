/// Decides which entry of a fixture file answers a request, and explains misses.
enum EntryMatcher {
    /// The entry to answer with: the first constrained entry that matches, else the first matching
    /// wildcard. `nil` when none matches.
    static func select<Headers>(from entries: [FixtureEntry], for request: inout IncomingRequest<Headers>) -> FixtureEntry? {
        var firstWildcard: FixtureEntry?
        for entry in entries where request.accepts(entryMethod: entry.method) {
            if entry.isWildcard {
                if firstWildcard == nil { firstWildcard = entry }
            } else if constraintReasons(entry, &request, explain: false).isEmpty {
                return entry
            }
        }
        return firstWildcard
    }

    /// Every reason `entry` does not match (empty when it does).
    static func reasons<Headers>(_ entry: FixtureEntry, _ request: inout IncomingRequest<Headers>) -> [String] {
        var reasons: [String] = []
        if !request.accepts(entryMethod: entry.method) {
            reasons.append("method differs: entry expects \(entry.method), request is \(request.method)")
        }
        reasons.append(contentsOf: constraintReasons(entry, &request, explain: true))
        return reasons
    }

    /// Reasons from `requestHeaders` and `request`. Without `explain`, stops at the first failure and
    /// returns a placeholder, so selecting among many entries formats no sentences.
    private static func constraintReasons<Headers>(_ entry: FixtureEntry, _ request: inout IncomingRequest<Headers>, explain: Bool) -> [String] {
        var reasons: [String] = []
        for requirement in entry.requiredHeaders {
            let actual = request.headers.value(forHeader: requirement.lowercasedName)
            guard actual != requirement.value else { continue }
            guard explain else { return [""] }
            if let actual {
                reasons.append("header '\(requirement.lowercasedName)' is \(quoted(actual)), expected \(quoted(requirement.value))")
            } else {
                reasons.append("header '\(requirement.lowercasedName)' is missing (expected \(quoted(requirement.value)))")
            }
        }
        if let expected = entry.request {
            reasons.append(contentsOf: requestReasons(expected, &request, explain: explain))
        }
        return reasons
    }

    private static func requestReasons<Headers>(_ expected: JSONValue, _ request: inout IncomingRequest<Headers>, explain: Bool) -> [String] {
        switch request.bodyContent() {
        case .none:
            guard case .object(let members) = expected else {
                return ["request has no body but the entry expects a JSON body"]
            }
            var reasons = parameterReasons(members, request.query(), label: "query parameter", explain: explain)
            let usuallyHasBody = ["POST", "PUT", "PATCH"].contains { IncomingRequest<Headers>.equalsIgnoringCase(request.method, $0) }
            if !reasons.isEmpty, explain, usuallyHasBody {
                reasons.insert("request has no body but the entry expects a JSON body", at: 0)
            }
            return reasons
        case .form(let fields):
            guard case .object(let members) = expected else {
                return ["request body is a form (application/x-www-form-urlencoded), but the entry expects the JSON body \(JSONValue.excerpt(expected))"]
            }
            return parameterReasons(members, fields, label: "form field", explain: explain)
        case .json(let body):
            guard let difference = expected.firstDifference(from: body) else { return [] }
            return ["body differs \(difference)"]
        case .notJSON(let error):
            return ["request body is not JSON (\(error.description)), so it cannot equal the entry's request"]
        }
    }

    /// Compares `request` object members with query parameters or form fields.
    private static func parameterReasons(_ members: [JSONMember], _ parameters: QueryParameters, label: String, explain: Bool) -> [String] {
        var reasons: [String] = []
        for member in members {
            let name = member.key
            let values = parameters.values(for: name)
            let expected = member.value.value
            var reason: String?
            switch expected {
            case .null:
                if values.isEmpty { reason = "missing \(label) '\(name)' (expected any value)" }
            case .object:
                reason = "\(label) '\(name)' can never match: the entry expects a nested object, which a \(label) cannot carry"
            case .array(let elements):
                if elements.contains(where: { if case .object = $0.value { true } else if case .array = $0.value { true } else { false } }) {
                    reason = "\(label) '\(name)' can never match: the entry expects nested arrays or objects, which a \(label) cannot carry"
                } else if !isPermutation(values, of: elements.map(\.value)) {
                    let expectedList = elements.map { quoted(parameterText($0.value)) }.joined(separator: ", ")
                    if values.isEmpty {
                        reason = "missing \(label) '\(name)' (expected it once for each of \(expectedList))"
                    } else {
                        reason = "\(label) '\(name)' is given as \(values.map(quoted).joined(separator: ", ")), expected once for each of \(expectedList)"
                    }
                }
            default:
                if values.isEmpty {
                    reason = "missing \(label) '\(name)' (expected \(quoted(parameterText(expected))))"
                } else if !values.contains(where: { parameter($0, matches: expected) }) {
                    reason = "\(label) '\(name)' is \(values.map(quoted).joined(separator: ", ")), expected \(quoted(parameterText(expected)))"
                }
            }
            if let reason {
                guard explain else { return [""] }
                reasons.append(reason)
            }
        }
        return reasons
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
}
