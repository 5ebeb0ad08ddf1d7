import MockFixtures

/// A stub's `request.bodyPatterns` as an entry's `request` (and `"requestMatch": "partial"`).
struct ImportedBody {
    /// `nil` when the body is said by ``jsonPaths`` alone.
    var request: JSONValue?
    /// `requestJsonPath`: JSONPaths that are not plain member paths (filters, indexes, `..`).
    var jsonPaths: [(String, JSONValue)] = []
    var partial = false
    var notes: [String] = []
    /// JSON and form patterns need a body (`"requestBody": "required"`); a text pattern is
    /// matched against an absent body's empty text, as WireMock does.
    var requiresBody = true
}

enum WireMockBodyPatterns {
    /// `equalToJson` (with `ignoreExtraElements`, `ignoreArrayOrder`, JsonUnit's
    /// `${json-unit.ignore}` and `${json-unit.regex}`), `equalTo`, `contains`, `matches`,
    /// `absent`, and `matchesJsonPath` (plain member paths merge into one partial body; filters,
    /// wildcards, indexes and `..` become `requestJsonPath`). XML, binary and `and`/`or`/`not`
    /// refuse the stub.
    static func converted(_ patterns: JSONValue, at key: String) throws(StubRefusal) -> ImportedBody? {
        guard case .array(let elements) = patterns else {
            throw StubRefusal(key, "must be an array of body patterns, found \(patterns.kindNameWithArticle)")
        }
        guard !elements.isEmpty else { return nil }
        var members: [[JSONMember]] = []
        for (index, element) in elements.enumerated() {
            guard let object = element.value.objectMembers, !object.isEmpty else {
                throw StubRefusal("\(key)[\(index)]", "must be a body pattern object such as {\"equalToJson\": …}")
            }
            members.append(object)
        }
        if members.allSatisfy({ $0.first?.key == "matchesJsonPath" }) {
            return try jsonPaths(members, at: key)
        }
        guard members.count == 1 else {
            throw StubRefusal(key, "holds \(members.count) patterns that must all match, which one entry's \"request\" can say only for matchesJsonPath member paths; write the body the request sends as equalToJson")
        }
        let pattern = members[0]
        let patternKey = "\(key)[0]"
        let options = Dictionary(pattern.dropFirst().map { ($0.key, $0.value.value) }, uniquingKeysWith: { $1 })
        let operatorKey = "\(patternKey).\(pattern[0].key)"
        let operand = pattern[0].value.value
        switch pattern[0].key {
        case "equalToJson":
            try refuseOptions(options, allowed: ["ignoreExtraElements", "ignoreArrayOrder"], at: patternKey)
            let ignoreExtra = options["ignoreExtraElements"] == .bool(true)
            let ignoreOrder = options["ignoreArrayOrder"] == .bool(true)
            var expected = operand
            if case .string(let text) = operand {
                do {
                    expected = try JSONParser.parse(Array(text.utf8)).root.value
                } catch {
                    throw StubRefusal(operatorKey, "is a string that is not JSON (\(error.position): \(error.message))")
                }
            }
            if expected == .null {
                // `"request": null` would match anything.
                return ImportedBody(request: .makeObject([("$equals", .null)]))
            }
            if expected.objectMembers?.isEmpty == true {
                // `"request": {}` would match anything (audit I1).
                guard !ignoreExtra else {
                    throw StubRefusal(operatorKey, "is {} with ignoreExtraElements, which matches any JSON object: a \"request\" cannot say that; write the members the app sends")
                }
                return ImportedBody(request: .makeObject([("$equals", .makeObject([]))]))
            }
            if ignoreExtra, expected.objectMembers?.contains(where: { $0.key.hasPrefix("$") }) == true {
                throw StubRefusal(operatorKey, "has keys starting with '$' with ignoreExtraElements: such an object is compared literally here ($equals), with no extra members")
            }
            var body = ImportedBody(request: .null, partial: ignoreExtra)
            body.request = try expectation(expected, at: operatorKey, ignoreOrder: ignoreOrder, ignoreExtra: ignoreExtra, notes: &body.notes)
            return body
        case "equalTo":
            try refuseOptions(options, allowed: ["caseInsensitive"], at: patternKey)
            guard case .string(let text) = operand else { throw StubRefusal(operatorKey, "must be a string") }
            if options["caseInsensitive"] == .bool(true) {
                return ImportedBody(request: WireMockMatcher.regex("(?i)^" + WireMockMatcher.escapedForRegex(text) + "$"), notes: [textNote(operatorKey)], requiresBody: false)
            }
            if let document = try? JSONParser.parse(Array(text.utf8)), document.root.value.objectMembers != nil || isArray(document.root.value) {
                var body = ImportedBody(request: .null, notes: ["the body \(operatorKey) names is compared as JSON: spacing and key order do not matter here"])
                body.request = try expectation(document.root.value, at: operatorKey, ignoreOrder: false, ignoreExtra: false, notes: &body.notes)
                return body
            }
            return ImportedBody(request: WireMockMatcher.regex("^" + WireMockMatcher.escapedForRegex(text) + "$"), notes: [textNote(operatorKey)], requiresBody: false)
        case "contains", "matches":
            try refuseOptions(options, allowed: [], at: patternKey)
            guard case .string(let text) = operand else { throw StubRefusal(operatorKey, "must be a string") }
            let matcher = pattern[0].key == "contains"
                ? (text.isEmpty ? WireMockMatcher.regex("^") : JSONValue.makeObject([("$contains", .string(text))]))
                : WireMockMatcher.regex(WireMockMatcher.wholeMatch(text))
            return ImportedBody(request: matcher, notes: [textNote(operatorKey)], requiresBody: false)
        case "absent":
            guard operand == .bool(true) else { throw StubRefusal(operatorKey, "only \"absent\": true has an equivalent (\"request\": {\"$absent\": true})") }
            return ImportedBody(request: .makeObject([("$absent", .bool(true))]), requiresBody: false)
        default:
            throw StubRefusal(operatorKey, "has no equivalent here (ours: equalToJson, equalTo, contains, matches, absent, matchesJsonPath); "
                + "XML and binary bodies can be matched with a $regex on their text (\"request\": {\"$regex\": …}), or answered from a handler in Swift")
        }
    }

    /// The note of a text body pattern, which every importer gives.
    static func textNote(_ key: String) -> String {
        "\(key) searches the text of a body that is not JSON; a body sent as JSON is compared as JSON here, so it does not match this entry"
    }

    private static func isArray(_ value: JSONValue) -> Bool {
        if case .array = value { return true }
        return false
    }

    private static func refuseOptions(_ options: [String: JSONValue], allowed: Set<String>, at key: String) throws(StubRefusal) {
        for (name, value) in options where !allowed.contains(name) || !(value == .bool(true) || value == .bool(false)) {
            throw StubRefusal("\(key).\(name)", allowed.contains(name) ? "must be true or false" : "has no equivalent here")
        }
    }

    /// The expected JSON with JsonUnit placeholders as matchers, arrays in any order as
    /// `$unordered` (or `$includes` with extra elements allowed), and objects with `$` keys inside
    /// `$equals` so they are not read as matchers.
    private static func expectation(_ value: JSONValue, at key: String, ignoreOrder: Bool, ignoreExtra: Bool,
                                    notes: inout [String]) throws(StubRefusal) -> JSONValue {
        switch value {
        case .string(let text) where text.hasPrefix("${json-unit."):
            if text == "${json-unit.ignore}" { return .makeObject([("$any", .bool(true))]) }
            if text.hasPrefix("${json-unit.regex}") {
                return WireMockMatcher.regex(WireMockMatcher.wholeMatch(String(text.dropFirst("${json-unit.regex}".count))))
            }
            throw StubRefusal(key, "holds the JsonUnit placeholder \"\(text)\", which has no equivalent (ours: ${json-unit.ignore} as {\"$any\": true}, ${json-unit.regex}… as {\"$regex\": …}); use a $regex for the value's shape")
        case .object(let members):
            if members.contains(where: { $0.key.hasPrefix("$") }) {
                if containsJSONUnit(value) {
                    throw StubRefusal(key, "holds keys starting with '$' and JsonUnit placeholders in one object, which cannot be said here")
                }
                return .makeObject([("$equals", value)])
            }
            var converted: [(String, JSONValue)] = []
            for member in members {
                converted.append((member.key, try expectation(member.value.value, at: key, ignoreOrder: ignoreOrder, ignoreExtra: ignoreExtra, notes: &notes)))
            }
            return .makeObject(converted)
        case .array(let elements):
            var converted: [JSONValue] = []
            for element in elements {
                converted.append(try expectation(element.value, at: key, ignoreOrder: ignoreOrder, ignoreExtra: ignoreExtra, notes: &notes))
            }
            if ignoreOrder, !converted.isEmpty {
                return .makeObject([(ignoreExtra ? "$includes" : "$unordered", .makeArray(converted))])
            }
            if ignoreExtra, !converted.isEmpty, !notes.contains(where: { $0.hasPrefix("arrays compare") }) {
                notes.append("arrays compare element by element here; WireMock's ignoreExtraElements also let an array hold more elements (write {\"$includes\": […]} for that)")
            }
            return .makeArray(converted)
        default:
            return value
        }
    }

    private static func containsJSONUnit(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.hasPrefix("${json-unit.")
        case .array(let elements): elements.contains { containsJSONUnit($0.value) }
        case .object(let members): members.contains { containsJSONUnit($0.value.value) }
        default: false
        }
    }

    /// Several `matchesJsonPath` patterns as one partial body (`$.a.b` → `{"a": {"b": {"$any": true}}}`)
    /// while each is a plain member path and none overlaps another; otherwise all of them as
    /// `requestJsonPath` queries (filters, wildcards, indexes, `..`).
    private static func jsonPaths(_ patterns: [[JSONMember]], at key: String) throws(StubRefusal) -> ImportedBody {
        var paths = ImportedJSONPaths()
        for (index, pattern) in patterns.enumerated() {
            let patternKey = "\(key)[\(index)].matchesJsonPath"
            guard pattern.count == 1 else {
                throw StubRefusal("\(key)[\(index)]", "has keys beside matchesJsonPath (\(pattern.dropFirst().map(\.key).joined(separator: ", ")))")
            }
            let expression: String
            // Present, and not null or empty, as WireMock's plain match wants (audit I1).
            var leaf = JSONValue.makeObject([("$not", .makeObject([("$anyOf", .makeArray([
                .null, .makeObject([("$equals", .makeArray([]))]), .makeObject([("$equals", .makeObject([]))]),
            ]))]))])
            var isPlain = true
            switch pattern[0].value.value {
            case .string(let text):
                expression = text
            case .object(let members):
                guard let written = members.first(where: { $0.key == "expression" })?.value.value.stringValue else {
                    throw StubRefusal(patternKey, "needs an \"expression\"")
                }
                expression = written
                let matcherMembers = members.filter { $0.key != "expression" }
                if !matcherMembers.isEmpty {
                    leaf = try bodyValueMatcher(.object(matcherMembers), at: patternKey)
                    isPlain = false
                }
            default:
                throw StubRefusal(patternKey, "must be a JSONPath string or {\"expression\": …, \"equalTo\": …}")
            }
            // A plain match of a list (a filter, a wildcard) wants it non-empty, as WireMock's does.
            try paths.add(try ImportedJSONPaths.Expression(expression, at: patternKey), leaf: leaf,
                          listLeaf: isPlain ? ImportedJSONPath.selectsSomething : nil, matcherName: "matchesJsonPath", at: patternKey)
        }
        if let body = paths.partialBody { return ImportedBody(request: body, partial: true) }
        // Partial, as the merged body is: an object a sub-matcher names may hold other members.
        return ImportedBody(request: nil, jsonPaths: try paths.jsonPaths(), partial: true)
    }

    /// `{"expression": …, "equalToJson": …}`: the value the path finds compared as JSON. With
    /// `ignoreExtraElements` a partial object (the entry is partial), else `$equals` (exact,
    /// which JsonUnit placeholders cannot sit in); `ignoreArrayOrder` as for a whole body.
    private static func jsonValueMatcher(_ members: [JSONMember], at key: String) throws(StubRefusal) -> JSONValue {
        let options = Dictionary(members.dropFirst().map { ($0.key, $0.value.value) }, uniquingKeysWith: { $1 })
        try refuseOptions(options, allowed: ["ignoreExtraElements", "ignoreArrayOrder"], at: key)
        var expected = members[0].value.value
        if case .string(let text) = expected {
            do {
                expected = try JSONParser.parse(Array(text.utf8)).root.value
            } catch {
                throw StubRefusal(key, "is a string that is not JSON (\(error.position): \(error.message))")
            }
        }
        let ignoreExtra = options["ignoreExtraElements"] == .bool(true)
        var notes: [String] = []
        let converted = try expectation(expected, at: key, ignoreOrder: options["ignoreArrayOrder"] == .bool(true), ignoreExtra: ignoreExtra, notes: &notes)
        if ignoreExtra, expected.objectMembers != nil { return converted }
        guard converted == expected else {
            throw StubRefusal(key, "holds JsonUnit placeholders or ignoreArrayOrder without ignoreExtraElements, which an exact comparison ($equals) cannot hold here")
        }
        return .makeObject([("$equals", expected)])
    }

    /// A JSON body value's matcher: WireMock compares it as text, so numbers and booleans match
    /// by their text too (`$regex` reads them as written); a list the path selects matches when
    /// one of its elements does (audit I1).
    private static func bodyValueMatcher(_ matcher: JSONValue, at key: String) throws(StubRefusal) -> JSONValue {
        let members = matcher.objectMembers ?? []
        let single: JSONValue
        if members.count == 1, members[0].key == "equalTo", let text = members[0].value.value.importedText {
            single = WireMockMatcher.regex("^" + WireMockMatcher.escapedForRegex(text) + "$")
        } else if let json = members.first(where: { $0.key == "equalToJson" }) {
            // Its options are members beside it, in any order (audit JP2 #3).
            single = try jsonValueMatcher([json] + members.filter { $0.key != "equalToJson" }, at: "\(key).equalToJson")
        } else {
            single = textual(try WireMockMatcher.converted(matcher, at: key))
        }
        if let absent = members.first(where: { $0.key == "absent" }) {
            // A path whose value is null counts as absent for WireMock (its "absent hack").
            return absent.value.value == .bool(true) ? .makeObject([("$anyOf", .makeArray([single, .null]))]) : single
        }
        return .makeObject([("$anyOf", .makeArray([single, .makeObject([("$includes", .makeArray([single]))])]))])
    }
}

extension WireMockBodyPatterns {
    /// A converted value matcher read as WireMock reads a JSONPath's result, as text: the plain
    /// strings inside `$anyOf` and `$not` (an `or` of `equalTo`s) become whole-text regexes, so
    /// `"7"` takes the number 7 too (audit JP #6). `$regex` and `$contains` read numbers as
    /// written already.
    static func textual(_ matcher: JSONValue) -> JSONValue {
        switch matcher {
        case .string(let text):
            return WireMockMatcher.regex("^" + WireMockMatcher.escapedForRegex(text) + "$")
        case .object(let members) where members.count == 1 && (members[0].key == "$anyOf" || members[0].key == "$not"):
            let operand = members[0].value.value
            if case .array(let elements) = operand {
                return .makeObject([(members[0].key, .makeArray(elements.map { textual($0.value) }))])
            }
            return .makeObject([(members[0].key, textual(operand))])
        default:
            return matcher
        }
    }
}

/// Member paths merged into nested objects.
struct PartialTree {
    private var members: [(String, Node)] = []

    private indirect enum Node {
        case leaf(JSONValue)
        case branch(PartialTree)
    }

    /// False when `path` ends where another path goes on, or twice at the same place.
    mutating func insert(_ path: [String], _ leaf: JSONValue) -> Bool {
        let name = path[0]
        let index = members.firstIndex { $0.0 == name }
        if path.count == 1 {
            guard index == nil else { return false }
            members.append((name, .leaf(leaf)))
            return true
        }
        var child = PartialTree()
        if let index {
            guard case .branch(let existing) = members[index].1 else { return false }
            child = existing
        }
        guard child.insert(Array(path.dropFirst()), leaf) else { return false }
        if let index { members[index].1 = .branch(child) } else { members.append((name, .branch(child))) }
        return true
    }

    var value: JSONValue {
        .makeObject(members.map { name, node in
            switch node {
            case .leaf(let leaf): (name, leaf)
            case .branch(let tree): (name, tree.value)
            }
        })
    }
}
