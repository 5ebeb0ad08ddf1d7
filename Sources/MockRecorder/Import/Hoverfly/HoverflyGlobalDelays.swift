import MockFixtures

/// A simulation's `data.globalActions`: `delays` and `delaysLogNormal`, each a `urlPattern`
/// Hoverfly searches in the request's host and path (`api\.example\.com/slow`, `.`), an optional
/// `httpMethod`, and the delay. The first rule of each list that matches applies, both lists
/// together. Here they become part of the delay of the entries they apply to: a pair with an
/// exact path (and destination, when exact) is decided at import; a pattern written as host then
/// path (`api\.example\.com/slow`) is read for a pair without a destination as its path part
/// (the host the app calls is the server's here); a pair whose path is a pattern gets only the
/// rules that match every path (`.`), and a note for the others.
struct HoverflyGlobalDelays {
    private struct Rule {
        let written: String
        let regex: LinearRegex
        /// `^` and the pattern after its host part (the first '/' outside brackets), when it has one.
        let pathRegex: LinearRegex?
        /// Whether that host part is anchored (`^127\.0\.0\.1/d`): it names the host Hoverfly saw,
        /// which the import cannot know, so the rule is noted rather than applied.
        let anchoredHost: Bool
        let method: String
        let delay: JSONValue
    }

    /// The host a pair without a destination is read with: the app calls this server, as it
    /// called Hoverfly on its default port.
    static let serverHost = "localhost:8500"

    private var fixed: [Rule] = []
    private var logNormal: [Rule] = []
    /// Rules that cannot apply (a bad pattern or delay), for the report.
    private(set) var notes: [String] = []

    init(_ document: JSONValue, path: String) {
        let actions = document["data"]?["globalActions"]
        for (listKey, isLogNormal) in [("delays", false), ("delaysLogNormal", true)] {
            guard case .array(let list)? = actions?[listKey] else { continue }
            for (index, rule) in list.map(\.value).enumerated() {
                let key = "data.globalActions.\(listKey)[\(index)]"
                guard let pattern = rule["urlPattern"]?.stringValue, let regex = try? LinearRegex(pattern) else {
                    notes.append("\(path): \(key) is not applied: its urlPattern is missing or no regular expression read here")
                    continue
                }
                let delay: JSONValue
                if isLogNormal {
                    var floorNotes: [String] = []
                    guard let converted = try? HoverflyResponse.logNormalDelay(rule, at: key, notes: &floorNotes) else {
                        notes.append("\(path): \(key) is not applied: it needs a median above 0, a mean no lower than it, and a max up to 600000 ms")
                        continue
                    }
                    delay = converted
                    notes += floorNotes.map { "\(path): \($0)" }
                } else {
                    guard let milliseconds = rule["delay"]?.integer, (0...600_000).contains(milliseconds) else {
                        notes.append("\(path): \(key) is not applied: its delay must be 0 to 600000 ms")
                        continue
                    }
                    delay = .number(JSONNumber(milliseconds))
                }
                let added = Rule(written: pattern, regex: regex, pathRegex: Self.pathPart(of: pattern).flatMap { try? LinearRegex("^" + $0) },
                                 anchoredHost: pattern.hasPrefix("^"), method: (rule["httpMethod"]?.stringValue ?? "").uppercased(), delay: delay)
                if isLogNormal { logNormal.append(added) } else { fixed.append(added) }
            }
        }
    }

    /// The part of `pattern` from its first '/' outside a bracket, when something comes before
    /// it (the host part): `api\.example\.com/slow` → `/slow`.
    private static func pathPart(of pattern: String) -> String? {
        var inClass = false
        var escaped = false
        for index in pattern.indices {
            let character = pattern[index]
            if escaped { escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "[": inClass = true
            case "]": inClass = false
            case "/" where !inClass: return index == pattern.startIndex || pattern.hasPrefix("^/") ? nil : String(pattern[index...])
            default: break
            }
        }
        return nil
    }

    /// The first rule that applies to `pair`, and whether it was read by its path part alone.
    /// A rule that may apply to some of its requests only (a pattern path, a method of an `ANY`
    /// pair) is listed in `undecided`.
    private func firstRule(of rules: [Rule], for pair: HoverflyPair, undecided: inout [String]) -> (rule: Rule, byPath: Bool)? {
        for rule in rules {
            var byPath = false
            if !["", ".", ".*", ".+"].contains(rule.written) {
                guard let exact = pair.exactPath else {
                    if rule.method.isEmpty || rule.method == pair.method || pair.method == "ANY" { undecided.append(rule.written) }
                    continue
                }
                // Hoverfly searches host then path; a pair without a destination is read as the app
                // calling this server (audit H1: `^/x` was read against the path alone, which
                // Hoverfly never does).
                if !rule.regex.matches(in: (pair.exactDestination ?? Self.serverHost) + exact) {
                    guard pair.exactDestination == nil, let pathRegex = rule.pathRegex, pathRegex.matches(in: exact) else { continue }
                    guard !rule.anchoredHost else {
                        // Its path fits, its host is one the import cannot know (audit R3: dropped
                        // without a word).
                        undecided.append(rule.written)
                        continue
                    }
                    byPath = true
                }
            }
            if rule.method.isEmpty || rule.method == pair.method { return (rule, byPath) }
            if pair.method == "ANY" { undecided.append(rule.written) }
        }
        return nil
    }

    /// Adds the rules that apply to the pair's own delay, saying so in its notes.
    func apply(to pair: inout HoverflyPair) {
        guard !fixed.isEmpty || !logNormal.isEmpty, case .object(var members) = pair.stub.entry else { return }
        var undecided: [String] = []
        let chosen = [firstRule(of: fixed, for: pair, undecided: &undecided), firstRule(of: logNormal, for: pair, undecided: &undecided)].compactMap { $0 }
        if !undecided.isEmpty {
            pair.stub.notes.append("the global delays with urlPattern \(undecided.map { JSONValue.excerpt(.string($0)) }.joined(separator: ", ")) may apply to some requests this pair matches (its path is a pattern, it answers any method and they name one, or they name a host Hoverfly saw); they are not applied here")
        }
        for (rule, byPath) in chosen {
            let amount = rule.delay.integer.map { "of \($0) ms" } ?? JSONValue.excerpt(rule.delay)
            let described = "the global delay \(amount) (urlPattern \(JSONValue.excerpt(.string(rule.written))))"
            let at = members.firstIndex { $0.key == "delay" }
            switch (at.map { members[$0].value.value }, rule.delay) {
            case (nil, _):
                members.append(JSONMember(key: "delay", value: JSONNode(rule.delay)))
            case (.number(let own)?, .number(let added)):
                let sum = (own.integerLiteralValue ?? 0) + (added.integerLiteralValue ?? 0)
                members[at!] = JSONMember(key: "delay", value: JSONNode(.number(JSONNumber(min(sum, 600_000)))))
            case (.number(let own)?, _) where own.integerLiteralValue == 0:
                members[at!] = JSONMember(key: "delay", value: JSONNode(rule.delay))
            default:
                pair.stub.notes.append("\(described) is not added: with the pair's own delay it would be a fixed and a log-normal delay one after the other, and a delay here is one or the other")
                continue
            }
            pair.stub.notes.append("\(described) is part of its delay" + (byPath ? ", read for its path part (the app calls this server, whatever host the pattern names)" : ""))
        }
        pair.stub.entry = .object(members)
    }
}
