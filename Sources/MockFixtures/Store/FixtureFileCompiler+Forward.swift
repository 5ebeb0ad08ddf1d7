/// `"forward"`: an entry whose matching requests go to a real API.
extension FixtureFileCompiler {
    /// The keys that say what an entry answers, which a forwarding entry takes from its API.
    static let answerKeysRefusedByForward = ["status", "response", "responseText", "responseFile", "responseBase64", "headers", "template",
                                             "fault", "bytesPerSecond", "delay"]

    /// `"forward": "https://api.example.com/v1"` or `{"to": "…", "headers": {"Authorization": "…"}}`.
    mutating func compileForward(_ node: JSONNode) -> EntryForward? {
        let example = #"write it as "forward": "https://api.example.com" or {"to": "https://api.example.com", "headers": {"Authorization": "Bearer …"}}"#
        switch node.value {
        case .string(let text):
            return compileForwardTarget(text, at: node.position).map { EntryForward(target: $0) }
        case .object(let members):
            var target: UpstreamTarget?
            var headers: [HTTPHeader] = []
            var namesTarget = false
            for member in members {
                switch member.key {
                case "to":
                    namesTarget = true
                    guard case .string(let text) = member.value.value else {
                        add(.error, at: member.value.position, "forward \"to\" must be a URL string, found \(describe(member.value.value))", hint: example)
                        continue
                    }
                    target = compileForwardTarget(text, at: member.value.position)
                case "headers":
                    headers = compileForwardHeaders(member.value)
                default:
                    var hint = "forward takes \"to\" (the API's URL) and \"headers\" (set on the forwarded request)"
                    if let suggestion = EditDistance.closest(to: member.key, among: ["to", "headers"], maximumDistance: 2) {
                        hint = "did you mean \"\(suggestion)\"? " + hint
                    }
                    add(.error, at: member.keyPosition, "forward has an unknown key \"\(member.key)\"", hint: hint)
                }
            }
            if !namesTarget {
                add(.error, at: node.position, "forward needs \"to\", the URL of the API to forward to", hint: example)
            }
            return target.map { EntryForward(target: $0, headers: headers) }
        default:
            add(.error, at: node.position, "forward must be a URL string or an object, found \(describe(node.value))", hint: example)
            return nil
        }
    }

    /// Refuses the answer keys beside `forward`: the API answers, so they would never be sent.
    mutating func refuseAnswerKeys(besideForward members: [JSONMember]) {
        for member in members where Self.answerKeysRefusedByForward.contains(member.key) {
            let what = member.key == "delay"
                ? "a forwarded answer takes the API's own time"
                : "the answer is the API's"
            add(.error, at: member.keyPosition, "\"\(member.key)\" cannot be used with \"forward\": \(what)",
                hint: "remove \"\(member.key)\", or remove \"forward\" to answer from the fixture")
        }
    }

    private mutating func compileForwardTarget(_ text: String, at position: JSONPosition) -> UpstreamTarget? {
        let hint = "give the API's origin and an optional base path, such as \"https://api.example.com/v1\""
        guard !text.isEmpty else {
            add(.error, at: position, "forward is an empty URL", hint: hint)
            return nil
        }
        do {
            return try UpstreamTarget(parsing: text)
        } catch {
            // The reason without its closing period: the problem's hint follows it.
            var reason = error.reason
            while reason.hasSuffix(".") { reason.removeLast() }
            add(.error, at: position, "forward: \(JSONValue.excerpt(.string(text))) is not a usable target URL: \(reason)", hint: hint)
            return nil
        }
    }

    /// The headers set on the forwarded request: names the client would not write itself.
    private mutating func compileForwardHeaders(_ node: JSONNode) -> [HTTPHeader] {
        let headers = compileOutgoingHeaders(node, key: "forward headers", refusing: EntryForward.refusedHeaderReasons)
        for header in headers where header.value.contains("{{") {
            let position = node.value.objectMembers?.last { $0.key == header.name }?.value.position
            add(.warning, at: position, "header \"\(header.name)\" in forward headers holds {{, and is sent as written: forward headers are not templated",
                hint: "give the value itself; to pass the app's header on, leave it out (the app's headers are forwarded)")
        }
        return headers
    }
}
