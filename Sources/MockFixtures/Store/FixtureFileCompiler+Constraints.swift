/// The request-selecting keys — `request`, `requestMatch`, `query`, `queryMatch`,
/// `requestHeaders`, `requestCookies`, `pathParameters`, `requestJsonPath` — shared by fixture entries and verification patterns, and the matcher
/// objects that may stand wherever they compare a value.
extension FixtureFileCompiler {
    static let constraintKeys: Set<String> = ["request", "requestMatch", "requestBody", "query", "queryMatch", "requestHeaders", "requestCookies", "pathParameters", "requestJsonPath"]
    static let matcherOperators = ["$regex", "$contains", "$any", "$absent", "$equals", "$includes", "$unordered", "$not", "$anyOf"]

    /// The compiled request-selecting keys of one entry or pattern.
    struct ConstraintFields {
        var request: RequestConstraints.BodyRequirement?
        var query: QueryRequirement?
        var requiredHeaders: [RequestConstraints.HeaderRequirement] = []
        var pathParameters: [NamedParameter]?
        var cookies: [NamedParameter]?
        /// `requestJsonPath`.
        var jsonPaths: [JSONPathRequirement]?
        /// `"requestBody": "required"`.
        var requiresBody = false
        /// The `pathParameters` members as written, for checking names against a path.
        var pathParameterMembers: [JSONMember] = []

        func constraints(method: String?) -> RequestConstraints {
            RequestConstraints(method: method, request: request, query: query, requiredHeaders: requiredHeaders, pathParameters: pathParameters,
                               cookies: cookies, requiresBody: requiresBody, jsonPaths: jsonPaths)
        }
    }

    /// Where a value stands, which decides whether `$any`/`$absent` make sense there.
    enum ValuePlace {
        /// The whole `request` body.
        case body
        /// A named value: an object member, a query parameter, a header, a path parameter.
        case member
        case arrayElement
    }

    /// Compiles every constraint key among `members` (`requestMatch` first, since it changes how
    /// `request` is read).
    mutating func compileConstraints(_ members: [JSONMember]) -> ConstraintFields {
        var fields = ConstraintFields()
        let onlyNamedQuery = compileMatchMode(members, key: "queryMatch",
                                              hint: #"use "exact" to refuse query parameters that "query" does not name, or leave it out to allow them"#) == "exact"
        let partial = compileMatchMode(members, key: "requestMatch",
                                       hint: #"use "partial" to allow keys the entry does not name in a JSON body, or leave it out for exact"#) == "partial"
        for member in members {
            switch member.key {
            case "request":
                switch member.value.value {
                case .null:
                    fields.request = nil
                case .object(let requestMembers) where requestMembers.isEmpty:
                    fields.request = nil
                default:
                    fields.request = compileExpectation(member.value, partial: partial, place: .body)
                        .map { RequestConstraints.BodyRequirement($0, source: member.value.value) }
                }
            case "query":
                fields.query = compileParameters(member.value, key: "query", label: "query parameter")
                    .map { QueryRequirement(parameters: $0, onlyNamed: onlyNamedQuery) }
            case "pathParameters":
                fields.pathParameters = compileParameters(member.value, key: "pathParameters", label: "path parameter")
                fields.pathParameterMembers = member.value.value.objectMembers ?? []
            case "requestHeaders":
                fields.requiredHeaders = compileRequestHeaders(member.value)
            case "requestCookies":
                fields.cookies = compileParameters(member.value, key: "requestCookies", label: "cookie")
            case "requestJsonPath":
                fields.jsonPaths = compileJSONPaths(member.value, partial: partial)
            case "requestBody":
                if member.value.value == .string("required") {
                    fields.requiresBody = true
                } else if member.value.value == .null {
                    // As for the other keys: null is absent.
                } else {
                    add(.error, at: member.value.position, "requestBody must be \"required\", found \(describe(member.value.value))",
                        hint: #"write "requestBody": "required" to match only requests that carry a body (and never compare "request" with the query), or leave it out"#)
                }
            default:
                break
            }
        }
        if fields.requiresBody, let body = members.last(where: { $0.key == "request" }), body.value.value == .makeObject([("$absent", .bool(true))]) {
            add(.error, at: body.value.position, #"request is {"$absent": true} while "requestBody" is "required": no request can match"#,
                hint: #"leave out one of them: "$absent" asks for no body, "required" for one"#)
        }
        if onlyNamedQuery, fields.query == nil {
            // `"queryMatch": "exact"` with no `query` (or an empty one): no parameters at all.
            fields.query = QueryRequirement(parameters: [], onlyNamed: true)
        }
        if let names = pathParameterNames {
            checkPathParameterNames(fields.pathParameterMembers, against: names, hint: subject == Self.fileSubject
                ? "name the file or folder with the parameter in braces, such as people/{id}.json"
                : #"give "path" a {name} segment for it, such as "/people/{id}""#)
        }
        return fields
    }

    /// `requestMatch` or `queryMatch`: `"exact"` or `"partial"` as written (the last one given),
    /// nil when absent or anything else (an error, with `hint`).
    private mutating func compileMatchMode(_ members: [JSONMember], key: String, hint: String) -> String? {
        guard let member = members.last(where: { $0.key == key }) else { return nil }
        if case .string(let mode) = member.value.value, mode == "exact" || mode == "partial" { return mode }
        add(.error, at: member.value.position, "\(key) must be \"exact\" or \"partial\", found \(describe(member.value.value))", hint: hint)
        return nil
    }

    /// An error for every `pathParameters` name that is not a `{name}` segment of the path.
    mutating func checkPathParameterNames(_ members: [JSONMember], against names: [String], hint defaultHint: String) {
        for member in members where !names.contains(member.key) {
            let known = names.isEmpty
                ? "the path has no {name} segments"
                : "the path's parameters are " + names.map { "'\($0)'" }.joined(separator: ", ")
            var hint = defaultHint
            if let suggestion = EditDistance.closest(to: member.key, among: names, maximumDistance: 2) {
                hint = "did you mean '\(suggestion)'?"
            }
            add(.error, at: member.keyPosition, "pathParameters names '\(member.key)', which is not a parameter of the path: \(known)", hint: hint)
        }
    }

    /// `query` or `pathParameters`: an object of names to values compared as text, or matchers.
    private mutating func compileParameters(_ node: JSONNode, key: String, label: String) -> [NamedParameter]? {
        switch node.value {
        case .null:
            return nil
        case .object(let members):
            var parameters: [NamedParameter] = []
            for member in members {
                guard let json = compileExpectation(member.value, partial: false, place: .member) else { continue }
                let expectation = ParameterExpectation(json)
                if let problem = Self.unusableParameter(expectation, label: label) {
                    add(.error, at: member.value.position, "\(label) \"\(member.key)\" \(problem.message)", hint: problem.hint)
                    continue
                }
                parameters.append(NamedParameter(name: member.key, expectation: expectation))
            }
            return parameters.isEmpty ? nil : parameters
        default:
            let example = key == "query" ? #"{"page": "2"}"# : key == "requestCookies" ? #"{"session": "abc"}"# : #"{"id": "7"}"#
            add(.error, at: node.position, "\(key) must be an object of parameter names to values, found \(describe(node.value))",
                hint: "write it as \(example)")
            return nil
        }
    }

    /// Why a query or path parameter can never have this value, or `nil` when it can.
    private static func unusableParameter(_ expectation: ParameterExpectation, label: String) -> (message: String, hint: String)? {
        // A cookie, like a query parameter, may be given more than once or not at all.
        let isQuery = label == "query parameter" || label == "cookie"
        let carrier = label == "cookie" ? "a cookie" : isQuery ? "a query string" : "a path segment"
        let hint = "use a string, number, boolean, null (any value)\(isQuery ? ", an array of those" : ""), or a matcher such as {\"$regex\": \"^A\"}"
        switch expectation {
        case .unusable(.object), .filePart:
            return ("expects an object, which \(carrier) cannot carry", hint)
        case .unusable:
            return ("expects nested arrays or objects, which \(carrier) cannot carry", "use an array of strings, numbers or booleans")
        case .each where !isQuery, .includes where !isQuery:
            return ("expects an array, but a path segment holds exactly one value", hint)
        case .absent where !isQuery:
            return ("can never be absent: the path always gives it a value", "remove it, or serve such requests from a file without that segment")
        case .not(.present):
            // `null` and `{"$any": true}` are "any value" here: nothing given is not any value.
            return ("can never match: {\"$not\": …} asks for a value given, and no value is not any value",
                    #"write {"$absent": true} for one that must not be given"#)
        case .not(let inner):
            return unusableParameter(inner, label: label)
        case .anyOf(let alternatives):
            return alternatives.lazy.compactMap { unusableParameter($0, label: label) }.first
        default:
            return nil
        }
    }

    // MARK: Matchers

    /// Compiles a value where matcher objects may stand; plain JSON stays plain (compared by
    /// semantic equality) unless `partial` asks for member-by-member objects. `nil` after an error.
    mutating func compileExpectation(_ node: JSONNode, partial: Bool, place: ValuePlace) -> JSONExpectation? {
        switch node.value {
        case .object(let members):
            if members.contains(where: { $0.key.hasPrefix("$") }) {
                return compileMatcher(node, members, partial: partial, place: place)
            }
            var compiled: [JSONExpectation.Member] = []
            var isStructured = partial
            var failed = false
            for member in members {
                guard let expectation = compileExpectation(member.value, partial: partial, place: .member) else {
                    failed = true
                    continue
                }
                if case .value = expectation, !Self.isMatcherObject(member.value) {} else { isStructured = true }
                compiled.append(JSONExpectation.Member(key: member.key, expectation: expectation))
            }
            if failed { return nil }
            return isStructured ? .object(compiled, partial: partial, source: node.value) : .value(node.value)
        case .array(let elements):
            var compiled: [JSONExpectation] = []
            var isStructured = false
            var failed = false
            for element in elements {
                guard let expectation = compileExpectation(element, partial: partial, place: .arrayElement) else {
                    failed = true
                    continue
                }
                if case .value = expectation, !Self.isMatcherObject(element) {} else { isStructured = true }
                compiled.append(expectation)
            }
            if failed { return nil }
            return isStructured ? .array(compiled, source: node.value) : .value(node.value)
        default:
            return .value(node.value)
        }
    }

    /// Whether `node` is a matcher object: its `.value` (from `$equals`) is not the node itself.
    private static func isMatcherObject(_ node: JSONNode) -> Bool {
        node.value.objectMembers?.contains { $0.key.hasPrefix("$") } ?? false
    }

    /// `{"$regex": "…"}`, `{"$contains": "…"}`, `{"$any": true}`, `{"$absent": true}` or
    /// `{"$equals": <JSON taken literally>}`.
    private mutating func compileMatcher(_ node: JSONNode, _ members: [JSONMember], partial: Bool, place: ValuePlace) -> JSONExpectation? {
        let literalHint = #"a matcher object holds one operator, such as {"$regex": "^A"}; to expect an object whose keys start with "$", write it inside {"$equals": …}"#
        let plain = members.filter { !$0.key.hasPrefix("$") }
        guard plain.isEmpty else {
            let operators = members.filter { $0.key.hasPrefix("$") }.map(\.key).joined(separator: ", ")
            add(.error, at: node.position, "an object mixes matcher operators (\(operators)) with ordinary keys (\(plain.map(\.key).joined(separator: ", ")))",
                hint: literalHint)
            return nil
        }
        guard members.count == 1, let matcher = members.first else {
            add(.error, at: node.position, "a matcher object holds exactly one operator, found \(members.map(\.key).joined(separator: ", "))",
                hint: literalHint)
            return nil
        }
        let operand = matcher.value
        switch matcher.key {
        case "$regex":
            guard case .string(let pattern) = operand.value, !pattern.isEmpty else {
                add(.error, at: operand.position, "$regex needs a non-empty string pattern, found \(describe(operand.value))",
                    hint: #"write it as {"$regex": "^A[0-9]+$"}"#)
                return nil
            }
            do {
                return .condition(TextCondition(kind: .regex(try CompiledRegex(pattern)), operand: pattern))
            } catch {
                add(.error, at: operand.position, "$regex \(JSONValue.excerpt(operand.value)) is not a usable regular expression: at offset \(error.offset), \(error.message)",
                    hint: #"fix the pattern (PCRE-like syntax, matched in linear time: no backreferences or lookaround); in JSON a backslash is written "\\", e.g. "^\\d+$""#)
                return nil
            }
        case "$contains":
            guard case .string(let text) = operand.value, !text.isEmpty else {
                add(.error, at: operand.position, "$contains needs a non-empty string, found \(describe(operand.value))",
                    hint: #"write it as {"$contains": "Rey"}"#)
                return nil
            }
            return .condition(TextCondition(kind: .contains, operand: text))
        case "$any", "$absent":
            guard case .bool(true) = operand.value else {
                add(.error, at: operand.position, "\(matcher.key) takes true, found \(describe(operand.value))",
                    hint: matcher.key == "$any"
                        ? #"write {"$any": true}; for "must not be present" write {"$absent": true}"#
                        : #"write {"$absent": true}; for "present with any value" write {"$any": true}"#)
                return nil
            }
            // `"request": {"$absent": true}`: the request carries no body (WireMock's
            // `bodyPatterns: [{"absent": true}]`).
            if place == .body, matcher.key == "$absent" { return .absent }
            guard place == .member else {
                add(.error, at: matcher.keyPosition,
                    "{\"\(matcher.key)\": true} stands for \(place == .body ? "the whole request" : "an array element"), where it means nothing",
                    hint: "use it for a named value: a member of a JSON object, a query parameter, a form field, a header or a path parameter")
                return nil
            }
            return matcher.key == "$any" ? .present : .absent
        case "$equals":
            return .value(operand.value)
        case "$not":
            guard place != .body else {
                add(.error, at: matcher.keyPosition, "$not stands for the whole request, which it cannot negate",
                    hint: #"use it for a value: {"requestHeaders": {"Authorization": {"$not": "Bearer expired"}}}"#)
                return nil
            }
            guard let inner = compileExpectation(operand, partial: partial, place: place) else { return nil }
            return .not(inner, source: node.value)
        case "$anyOf":
            guard place != .body else {
                add(.error, at: matcher.keyPosition, "$anyOf stands for the whole request, which it cannot choose among",
                    hint: #"use it for a value, such as {"query": {"sort": {"$anyOf": ["asc", "desc"]}}}, or write an entry per alternative"#)
                return nil
            }
            guard case .array(let elements) = operand.value, elements.count >= 2 else {
                add(.error, at: operand.position, "$anyOf needs an array of two alternatives or more, found \(describe(operand.value))",
                    hint: #"write it as {"$anyOf": ["asc", "desc"]}: either value matches; alternatives may be matchers, {"$absent": true} among them"#)
                return nil
            }
            var alternatives: [JSONExpectation] = []
            for element in elements {
                guard let expectation = compileExpectation(element, partial: partial, place: place) else { return nil }
                alternatives.append(expectation)
            }
            return .anyOf(alternatives, source: node.value)
        case "$includes":
            guard case .array(let elements) = operand.value, !elements.isEmpty else {
                add(.error, at: operand.position, "$includes needs a non-empty array of the elements to find, found \(describe(operand.value))",
                    hint: #"write it as {"$includes": [1, 2]}: an array holding 1 and 2, in any order, other elements allowed"#)
                return nil
            }
            return compileElements(elements, partial: partial).map { .includes($0, source: operand.value) }
        case "$unordered":
            guard case .array(let elements) = operand.value else {
                add(.error, at: operand.position, "$unordered needs an array of the elements, found \(describe(operand.value))",
                    hint: #"write it as {"$unordered": [1, 2]}: an array of exactly these, in any order"#)
                return nil
            }
            return compileElements(elements, partial: partial).map { .unordered($0, source: operand.value) }
        default:
            var hint = "the operators are " + Self.matcherOperators.joined(separator: ", ") + "; to expect a key that starts with \"$\" literally, write the object inside {\"$equals\": …}"
            if let suggestion = EditDistance.closest(to: matcher.key, among: Self.matcherOperators, maximumDistance: 2) {
                hint = "did you mean \(suggestion)?"
            }
            add(.error, at: matcher.keyPosition, "unknown matcher operator \"\(matcher.key)\"", hint: hint)
            return nil
        }
    }

    /// The elements of an `$includes` or `$unordered` array; nil after an error in one.
    private mutating func compileElements(_ elements: [JSONNode], partial: Bool) -> [JSONExpectation]? {
        var compiled: [JSONExpectation] = []
        for element in elements {
            guard let expectation = compileExpectation(element, partial: partial, place: .arrayElement) else { return nil }
            compiled.append(expectation)
        }
        return compiled
    }
}
