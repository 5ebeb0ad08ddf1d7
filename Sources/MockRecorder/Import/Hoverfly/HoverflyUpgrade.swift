import MockFixtures

/// A v3 or v4 pair's request in v5's shape, as Hoverfly upgrades it when it imports one: a
/// field's `{"exactMatch": …, "globMatch": …}` a list of matchers, `query` (the whole query)
/// `deprecatedQuery`, `queriesWithMatchers` `query`, and `headers` (lists of values) a glob on
/// the values joined with `;`, `headersWithMatchers` merged in.
enum HoverflyUpgrade {
    private static let matcherNames: [(String, String)] = [
        ("exactMatch", "exact"), ("globMatch", "glob"), ("regexMatch", "regex"), ("jsonMatch", "json"),
        ("jsonPartialMatch", "jsonPartial"), ("jsonPathMatch", "jsonpath"), ("xmlMatch", "xml"), ("xpathMatch", "xpath"),
    ]

    static func pair(_ pair: JSONValue) -> JSONValue {
        guard let members = pair.objectMembers, let request = pair["request"]?.objectMembers else { return pair }
        var upgraded: [(String, JSONValue)] = []
        var headers: [(String, JSONValue)] = []
        for member in request {
            let value = member.value.value
            switch member.key {
            case "path", "method", "destination", "scheme", "body":
                upgraded.append((member.key, matchers(value)))
            case "query":
                upgraded.append(("deprecatedQuery", matchers(value)))
            case "queriesWithMatchers":
                upgraded.append(("query", .makeObject((value.objectMembers ?? []).map { ($0.key, matchers($0.value.value)) })))
            case "headers":
                for header in value.objectMembers ?? [] {
                    guard case .array(let elements) = header.value.value else { continue }
                    let values = elements.compactMap(\.value.stringValue)
                    headers.append((header.key, .makeArray([.makeObject([("matcher", .string("glob")), ("value", .string(values.joined(separator: ";")))])])))
                }
            case "headersWithMatchers":
                for header in value.objectMembers ?? [] { headers.append((header.key, matchers(header.value.value))) }
            default:
                upgraded.append((member.key, value))
            }
        }
        if !headers.isEmpty { upgraded.append(("headers", .makeObject(headers))) }
        return .makeObject(members.map { $0.key == "request" ? ($0.key, .makeObject(upgraded)) : ($0.key, $0.value.value) })
    }

    /// `{"exactMatch": "x", "regexMatch": "y"}` → `[{"matcher": "exact", "value": "x"}, …]`.
    private static func matchers(_ value: JSONValue) -> JSONValue {
        guard let members = value.objectMembers else { return value }
        var list: [JSONValue] = []
        for member in members where member.value.value != .null {
            let name = matcherNames.first { $0.0 == member.key }?.1 ?? member.key
            list.append(.makeObject([("matcher", .string(name)), ("value", member.value.value)]))
        }
        return .makeArray(list)
    }
}
