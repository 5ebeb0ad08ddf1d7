import MockFixtures

/// WireMock's value matchers (`{"equalTo": "x"}`, `{"matches": "^A"}`, …) as ours, for query
/// parameters, headers, cookies, path parameters and form fields.
///
/// WireMock's `matches` is Java's whole-text match, so it becomes `^(?:…)$`; `caseInsensitive`,
/// which WireMock reads for `equalTo` only, becomes `(?i)^…$`. Matchers with no equivalent
/// (`and`, date comparisons, `equalToJson` on a header, …) refuse the stub.
enum WireMockMatcher {
    static func converted(_ matcher: JSONValue, at key: String) throws(StubRefusal) -> JSONValue {
        guard let members = matcher.objectMembers else {
            throw StubRefusal(key, "expected a matcher object such as {\"equalTo\": \"x\"}, found \(matcher.kindNameWithArticle)")
        }
        var caseInsensitive = false
        var operators: [JSONMember] = []
        for member in members {
            if member.key == "caseInsensitive" {
                guard case .bool(let flag) = member.value.value else {
                    throw StubRefusal("\(key).caseInsensitive", "must be true or false")
                }
                caseInsensitive = flag
            } else {
                operators.append(member)
            }
        }
        guard operators.count == 1, let only = operators.first else {
            let names = operators.map { "\"\($0.key)\"" }.joined(separator: ", ")
            throw StubRefusal(key, operators.isEmpty ? "a matcher object without an operator"
                : "a matcher with \(operators.count) operators (\(names)); WireMock reads one")
        }
        let operatorKey = "\(key).\(only.key)"
        let operand = only.value.value
        switch only.key {
        case "equalTo":
            let text = try scalar(operand, at: operatorKey)
            return caseInsensitive ? regex("(?i)^" + escapedForRegex(text) + "$") : .string(text)
        // WireMock reads `caseInsensitive` for `equalTo` only (audit I1), so the others ignore it.
        case "matches":
            return regex(wholeMatch(try scalar(operand, at: operatorKey)))
        case "doesNotMatch":
            return .makeObject([("$not", regex(wholeMatch(try scalar(operand, at: operatorKey))))])
        case "contains":
            let text = try scalar(operand, at: operatorKey)
            // Every value contains empty text; ours refuse an empty `$contains` (audit I3).
            return text.isEmpty ? .makeObject([("$any", .bool(true))]) : .makeObject([("$contains", .string(text))])
        case "doesNotContain":
            return .makeObject([("$not", .makeObject([("$contains", .string(try scalar(operand, at: operatorKey)))]))])
        case "not":
            return .makeObject([("$not", try Self.converted(operand, at: operatorKey))])
        case "hasExactly":
            return .makeObject([("$unordered", try convertedList(operand, at: operatorKey))])
        case "absent":
            guard case .bool(let absent) = operand else { throw StubRefusal(operatorKey, "must be true or false") }
            return .makeObject([(absent ? "$absent" : "$any", .bool(true))])
        case "or":
            return .makeObject([("$anyOf", try convertedList(operand, at: operatorKey, minimumCount: 2))])
        case "includes":
            return .makeObject([("$includes", try convertedList(operand, at: operatorKey))])
        default:
            throw StubRefusal(operatorKey, "has no equivalent here (ours: equalTo, matches, doesNotMatch, contains, doesNotContain, absent, or, not, includes, hasExactly); "
                + "write the entry by hand with a $regex, or answer it from a handler in Swift")
        }
    }

    /// An array of matchers (`or`, `includes`, `hasExactly`), each converted.
    private static func convertedList(_ operand: JSONValue, at key: String, minimumCount: Int = 1) throws(StubRefusal) -> JSONValue {
        guard case .array(let elements) = operand, elements.count >= minimumCount else {
            throw StubRefusal(key, minimumCount > 1 ? "must be an array of \(minimumCount) matchers or more" : "must be an array of matchers")
        }
        var converted: [JSONValue] = []
        for (index, element) in elements.enumerated() {
            converted.append(try Self.converted(element.value, at: "\(key)[\(index)]"))
        }
        return .makeArray(converted)
    }

    /// A whole-text match of `pattern`, as Java's `String.matches`.
    static func wholeMatch(_ pattern: String) -> String {
        "^(?:" + pattern + ")$"
    }

    static func regex(_ pattern: String) -> JSONValue {
        .makeObject([("$regex", .string(pattern))])
    }

    /// `text` with every character a regular expression gives a meaning written as itself.
    static func escapedForRegex(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) { escaped.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    private static func scalar(_ value: JSONValue, at key: String) throws(StubRefusal) -> String {
        guard let text = value.importedText else {
            throw StubRefusal(key, "expected a string, found \(value.kindNameWithArticle)")
        }
        return text
    }
}
