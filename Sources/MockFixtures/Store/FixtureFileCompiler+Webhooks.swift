/// `"webhooks"`: requests an entry sends after it answers.
extension FixtureFileCompiler {
    static let webhookKeys = ["url", "method", "headers", "body", "bodyText", "delay"]

    /// Headers a webhook may not set, and why: the client writes them (the URL's host, the
    /// body's framing, its connection), or they name this server for the loop check.
    static let webhookRefusedHeaders: [String: String] = {
        var reasons = EntryForward.refusedHeaderReasons
        reasons["host"] = "the Host is the one of \"url\""
        reasons["via"] = "Via names this server, so a webhook that comes back sends none"
        reasons["max-forwards"] = nil
        return reasons
    }()

    /// `[{"url": "http://…", "method": "POST", "headers": {…}, "body": …, "delay": 500}]`;
    /// `templated` when the entry is (`"template": true`, or `--template-all` without
    /// `"template": false`): the URL, headers and body may then hold placeholders.
    mutating func compileWebhooks(_ node: JSONNode, templated: Bool) -> [EntryWebhook] {
        let example = #"write it as "webhooks": [{"url": "http://127.0.0.1:9000/hook", "body": {"id": "{{body.id}}"}}]"#
        guard case .array(let elements) = node.value, !elements.isEmpty else {
            add(.error, at: node.position, "webhooks must be a non-empty array of objects, found \(describe(node.value))", hint: example)
            return []
        }
        return elements.compactMap { compileWebhook($0, templated: templated, example: example) }
    }

    private mutating func compileWebhook(_ node: JSONNode, templated: Bool, example: String) -> EntryWebhook? {
        guard case .object(let members) = node.value else {
            add(.error, at: node.position, "a webhook must be an object, found \(describe(node.value))", hint: example)
            return nil
        }
        let errorsBefore = errorCount
        var url: (text: String, position: JSONPosition)?
        var method = "POST"
        var delay = EntryDelay.none
        var fields = AnswerFields()
        var headers: [HTTPHeader] = []
        for member in members {
            let value = member.value
            switch member.key {
            case "url":
                guard case .string(let text) = value.value else {
                    add(.error, at: value.position, "webhook url must be a string, found \(describe(value.value))", hint: example)
                    continue
                }
                url = (text, value.position)
            case "method":
                guard let written = compileMethod(value).map({ $0.uppercased() }) else { continue }
                // A method an entry matches with, or that opens a tunnel, is no request to send.
                guard written != IncomingRequest.anyMethod, written != "CONNECT" else {
                    add(.error, at: value.position, "webhook method \(JSONValue.excerpt(value.value)) is not a request a webhook can send",
                        hint: #"use a method such as "POST", "PUT" or "GET""#)
                    continue
                }
                method = written
            case "headers":
                headers = compileOutgoingHeaders(value, key: "webhook headers", refusing: Self.webhookRefusedHeaders)
                fields.headersNode = value
            case "body":
                if fields.body != nil {
                    add(.error, at: member.keyPosition, "a webhook has \"body\" and \"bodyText\", but sends one body", hint: "keep one of them")
                }
                fields.body = (.json(value), member.keyPosition)
            case "bodyText":
                guard case .string(let text) = value.value else {
                    add(.error, at: value.position, "webhook bodyText must be a string, found \(describe(value.value))", hint: #"for JSON use "body""#)
                    continue
                }
                if fields.body != nil {
                    add(.error, at: member.keyPosition, "a webhook has \"body\" and \"bodyText\", but sends one body", hint: "keep one of them")
                }
                fields.body = (.text(text, value), member.keyPosition)
            case "delay":
                delay = compileDelay(value, key: "webhook delay") ?? delay
            case "parameters":
                add(.error, at: member.keyPosition, "a webhook has an unknown key \"parameters\" (WireMock's webhook listener)",
                    hint: "write url, method, headers, body and delay in the webhook object itself")
            default:
                var hint = "a webhook takes " + Self.webhookKeys.joined(separator: ", ")
                if let suggestion = EditDistance.closest(to: member.key, among: Self.webhookKeys, maximumDistance: 2) {
                    hint = "did you mean \"\(suggestion)\"? " + hint
                }
                add(.error, at: member.keyPosition, "a webhook has an unknown key \"\(member.key)\"", hint: hint)
            }
        }
        guard let url else {
            add(.error, at: node.position, "a webhook needs \"url\", the address it is sent to", hint: example)
            return nil
        }
        if let body = fields.body, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.insert(HTTPHeader(name: "Content-Type", value: body.source.defaultContentType), at: 0)
        }
        fields.headers = headers
        let holdsPlaceholders = url.text.contains("{{") || holdsPlaceholderSuspects(fields)
        if holdsPlaceholders, !templated {
            add(.warning, at: node.position, "this webhook holds {{, which is sent as written: the entry is not templated",
                hint: "add \"template\": true to the entry to fill in {{placeholders}} from the request")
        }
        // A templated URL is checked once rendered, when the webhook is sent.
        if !(templated && url.text.contains("{{")) {
            if case .failure(let failure) = AbsoluteURL.parse(url.text) {
                add(.error, at: url.position, "webhook url \(JSONValue.excerpt(.string(url.text))) is not usable: \(failure.reason)",
                    hint: "give an absolute http:// or https:// URL, such as \"http://127.0.0.1:9000/hook\"")
            }
        }
        guard errorCount == errorsBefore else { return nil }
        if holdsPlaceholders, templated {
            guard let template = compileTemplate(fields, headers: [HTTPHeader(name: EntryWebhook.urlHeader, value: url.text)] + headers),
                  errorCount == errorsBefore else { return nil }
            return EntryWebhook(method: method, url: url.text, headers: headers, body: [], template: template, delay: delay)
        }
        let body: [UInt8] = switch fields.body?.source {
        case .json(let node)?: node.value.serializedBytes()
        case .text(let text, _)?: Array(text.utf8)
        default: []
        }
        return EntryWebhook(method: method, url: url.text, headers: headers, body: body, template: nil, delay: delay)
    }

    /// Headers a request the mock sends carries (a forward's, a webhook's): single-line values,
    /// trimmed, none of those `refusing` names (the client writes them).
    mutating func compileOutgoingHeaders(_ node: JSONNode, key: String, refusing: [String: String]) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        for member in headerMembers(node, key: key) {
            if let reason = refusing[member.key.lowercased()] {
                add(.error, at: member.keyPosition, "\(key) cannot set \"\(member.key)\": \(reason)", hint: "remove \"\(member.key)\"")
                continue
            }
            guard let value = headerText(member, key: key) else { continue }
            let trimmed = String(value.trimmingSpaces())
            if trimmed.count != value.count {
                add(.warning, at: member.value.position,
                    "header \"\(member.key)\" in \(key) starts or ends with spaces or tabs, which are not part of a header value (RFC 9110 §5.5); it is sent as \(JSONValue.excerpt(.string(trimmed)))",
                    hint: "remove the whitespace around the value")
            }
            headers.append(HTTPHeader(name: member.key, value: trimmed))
        }
        return headers
    }
}
