import MockFixtures

/// One Mockoon response rule (`{"target": "query", "modifier": "page", "operator": "equals",
/// "value": "2", "invert": false}`) as the constraint of an entry: which key (`query`,
/// `requestHeaders`, `requestCookies`, `pathParameters`, a member path of `request`, or
/// `request` as a whole) and the value or matcher there. Read as Mockoon reads rules: `equals`
/// compares text (a list holding the value matches), `regex` searches (not anchored), `null`
/// accepts a missing value, and `invert` also accepts a missing one.
struct MockoonRule {
    enum Place: Equatable {
        case query(String)
        case header(String)
        case cookie(String)
        case parameter(String)
        /// A member path into the parsed body (`user.name`, `$.user.name`).
        case bodyMember([String])
        /// Any other JSONPath into the parsed body (`$.items[?(@.qty > 1)].sku`), a
        /// `requestJsonPath` query as written from the root.
        case bodyQuery(String)
        /// The raw body.
        case body
    }

    let place: Place
    let matcher: JSONValue
    /// Whether the rule holds for a missing value (`null`, an inverted rule), so for a request
    /// without a body too.
    var holdsWhenMissing = false

    static func converted(_ rule: JSONValue, at key: String, parameterNames: [String]) throws(StubRefusal) -> MockoonRule {
        guard let target = rule["target"]?.stringValue else { throw StubRefusal("\(key).target", "is missing") }
        let modifier = rule["modifier"]?.stringValue ?? ""
        let operatorName = rule["operator"]?.stringValue ?? "equals"
        let value = rule["value"].flatMap { $0 == .null ? JSONValue.string("") : $0 }?.importedText ?? ""
        let inverted = rule["invert"] == .bool(true)
        let place: Place
        switch target {
        case "query":
            guard !modifier.isEmpty, !modifier.contains("."), !modifier.contains("[") else {
                throw StubRefusal("\(key).modifier", "\"\(modifier)\" is not one query parameter's name (a path into a parsed query has no equivalent)")
            }
            place = .query(modifier)
        case "header":
            guard !modifier.isEmpty else { throw StubRefusal("\(key).modifier", "names no header") }
            place = .header(modifier)
        case "cookie":
            guard !modifier.isEmpty else { throw StubRefusal("\(key).modifier", "names no cookie") }
            place = .cookie(modifier)
        case "params":
            guard parameterNames.contains(modifier) else {
                throw StubRefusal("\(key).modifier", "\"\(modifier)\" is no :parameter of the route")
            }
            place = .parameter(modifier)
        case "body":
            if modifier.isEmpty {
                place = .body
            } else {
                let names: [String]
                do {
                    names = try JSONPathStep.memberNames(modifier.hasPrefix("$") ? modifier : "$." + modifier, written: modifier,
                                                        at: "\(key).modifier", digitsAreIndexes: true)
                } catch {
                    // A JSONPath (Mockoon reads a modifier starting with $ as one) that is not a
                    // member path: filters, wildcards, `..`.
                    guard modifier.hasPrefix("$") else { throw error }
                    names = []
                }
                if names.isEmpty, modifier.hasPrefix("$"), modifier != "$" {
                    place = .bodyQuery(try ImportedJSONPath.query(modifier, at: "\(key).modifier").written)
                } else {
                    // `$` alone names the whole body, which a member rule cannot stand for (it trapped
                    // on an empty member path).
                    guard !names.isEmpty else { throw StubRefusal("\(key).modifier", "\"\(modifier)\" names the whole body; leave modifier empty for a rule on the whole body") }
                    place = .bodyMember(names)
                }
            }
        default:
            throw StubRefusal("\(key).target", "\"\(target)\" has no equivalent here (ours: query, header, cookie, params, body); "
                + (target == "request_number" ? "a first answer that differs is an entry with \"times\": 1 before the others" : "write the entry by hand, or a handler in Swift"))
        }
        var matcher: JSONValue
        switch operatorName {
        case "equals":
            if place == .body {
                matcher = WireMockMatcher.regex("^" + WireMockMatcher.escapedForRegex(value) + "$")
            } else if place.isInsideBody {
                // As text, and a list holding the value (numbers as written), as Mockoon compares.
                let text = WireMockMatcher.regex("^" + WireMockMatcher.escapedForRegex(value) + "$")
                matcher = .makeObject([("$anyOf", .makeArray([text, .makeObject([("$includes", .makeArray([text]))])]))])
            } else {
                matcher = .string(value)
            }
        case "regex", "regex_i":
            let pattern = (operatorName == "regex_i" ? "(?i)" : "") + value
            if place.isInsideBody {
                matcher = .makeObject([("$anyOf", .makeArray([WireMockMatcher.regex(pattern), .makeObject([("$includes", .makeArray([WireMockMatcher.regex(pattern)]))])]))])
            } else {
                matcher = WireMockMatcher.regex(pattern)
            }
        case "null":
            switch place {
            case .bodyMember, .bodyQuery:
                matcher = .makeObject([("$anyOf", .makeArray([.null, .makeObject([("$absent", .bool(true))])]))])
            case .body:
                throw StubRefusal("\(key).operator", "null on the whole body has no meaning here; name a member in modifier")
            default:
                matcher = .makeObject([("$absent", .bool(true))])
            }
            if inverted {
                guard place.isInsideBody else { return MockoonRule(place: place, matcher: .makeObject([("$any", .bool(true))])) }
                return MockoonRule(place: place, matcher: .makeObject([("$not", .null)]))
            }
            try refuseNestedMissing(place, at: key)
            return MockoonRule(place: place, matcher: matcher, holdsWhenMissing: true)
        case "empty_array":
            guard place.isInsideBody else {
                throw StubRefusal("\(key).operator", "empty_array applies to a member of the body here")
            }
            matcher = .makeObject([("$equals", .makeArray([]))])
        default:
            throw StubRefusal("\(key).operator", "\"\(operatorName)\" has no equivalent here (ours: equals, regex, regex_i, null, empty_array)")
        }
        if inverted {
            guard place != .body else {
                throw StubRefusal("\(key).invert", "an inverted rule on the whole body has no equivalent here")
            }
            // Mockoon's inverted rule also holds when the value is missing.
            matcher = .makeObject([("$anyOf", .makeArray([.makeObject([("$not", matcher)]), .makeObject([("$absent", .bool(true))])]))])
            try refuseNestedMissing(place, at: key)
            return MockoonRule(place: place, matcher: matcher, holdsWhenMissing: true)
        }
        return MockoonRule(place: place, matcher: matcher)
    }

    /// A rule holding for a missing member also holds when the member's parent is missing
    /// (Mockoon reads the path as undefined), which a partial body cannot say.
    private static func refuseNestedMissing(_ place: Place, at key: String) throws(StubRefusal) {
        if case .bodyMember(let names) = place, names.count > 1 {
            throw StubRefusal(key, "holds for a missing \(names.joined(separator: ".")) also when \(names.dropLast().joined(separator: ".")) is missing, which a partial body cannot say; write the rule on a top-level member, or a handler in Swift")
        }
    }
}

extension MockoonRule.Place {
    /// A member path or a JSONPath into the parsed body.
    var isInsideBody: Bool {
        switch self {
        case .bodyMember, .bodyQuery: true
        default: false
        }
    }
}
