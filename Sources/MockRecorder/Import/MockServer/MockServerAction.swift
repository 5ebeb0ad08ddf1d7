import MockFixtures

/// An expectation's action as entry keys: `httpResponse` the answer (`statusCode`, `headers`,
/// `cookies` as `Set-Cookie` lines, `body` — a string `responseText`, JSON `response`, a typed
/// body with its `contentType`, `BINARY` `responseBase64` — and `delay`), `httpForward` a
/// `forward`, `httpError` with `dropConnection` the fault `emptyResponse`. Templates, callbacks
/// and overridden forwards refuse the expectation.
struct MockServerAction {
    var keys: [(String, JSONValue)] = []
    var notes: [String] = []

    static let actionKeys = [
        "httpResponse", "httpResponseTemplate", "httpResponseClassCallback", "httpResponseObjectCallback", "httpForward",
        "httpForwardTemplate", "httpForwardClassCallback", "httpForwardObjectCallback", "httpOverrideForwardedRequest", "httpError",
        "httpClassCallback", "httpObjectCallback",
    ]

    init(_ expectation: JSONValue) throws(StubRefusal) {
        let present = Self.actionKeys.filter { expectation[$0] != nil }
        guard let action = present.first else {
            throw StubRefusal("", "has no action (httpResponse, httpForward, httpError, …); MockServer refuses it")
        }
        guard present.count == 1 else {
            throw StubRefusal(present[1], "is a second action beside \(action); MockServer takes one")
        }
        let value = expectation[action] ?? .null
        switch action {
        case "httpResponse":
            try convertResponse(value)
        case "httpForward":
            guard let host = value["host"]?.stringValue, !host.isEmpty, !host.contains("/") else {
                throw StubRefusal("httpForward.host", "must name a host")
            }
            let scheme = (value["scheme"]?.stringValue ?? "HTTP").lowercased()
            guard scheme == "http" || scheme == "https" else { throw StubRefusal("httpForward.scheme", "must be HTTP or HTTPS") }
            let port = value["port"]?.integer ?? 80
            guard (1...65_535).contains(port) else { throw StubRefusal("httpForward.port", "\(port) is not a port") }
            let defaultPort = scheme == "https" ? 443 : 80
            // An IPv6 address goes in brackets in a URL (audit MS1).
            let urlHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            keys.append(("forward", .string("\(scheme)://\(urlHost)\(port == defaultPort ? "" : ":\(port)")")))
            if try Self.milliseconds(value["delay"], at: "httpForward.delay") > 0 {
                notes.append("httpForward.delay is not kept: a forwarded answer here takes the API's own time")
            }
            if scheme == "https", port == 80 {
                notes.append("httpForward sends HTTPS to port 80, as MockServer's default port says; check the port")
            }
        case "httpError":
            if value["responseBytes"] != nil {
                throw StubRefusal("httpError.responseBytes", "raw bytes written outside HTTP have no equivalent here (ours: \"fault\": \"emptyResponse\", \"connectionReset\", \"truncatedBody\")")
            }
            guard value["dropConnection"] == .bool(true) else {
                throw StubRefusal("httpError", "without dropConnection writes nothing and leaves the client waiting, which has no equivalent here")
            }
            keys.append(("fault", .string("emptyResponse")))
            let delay = try Self.milliseconds(value["delay"], at: "httpError.delay")
            if delay > 0 { keys.append(("delay", .number(JSONNumber(delay)))) }
        case "httpResponseTemplate":
            let type = value["templateType"]?.stringValue ?? "?"
            throw StubRefusal(action, "a \(type) template rendering the response has no equivalent here; write the httpResponse with {{placeholders}} (\"template\": true): {{path.NAME}}, {{query.NAME}}, {{header.NAME}}, {{body.a.b}}, {{method}}, {{uuid}}, {{now}}")
        case "httpOverrideForwardedRequest", "httpForwardTemplate":
            throw StubRefusal(action, "a forward that rewrites the request or the answer has no equivalent here; \"forward\" sends the request as it came (with \"headers\" added)")
        default:
            throw StubRefusal(action, "calls code in MockServer's process or its client, which has no equivalent here; answer it from a handler in Swift")
        }
    }

    private mutating func convertResponse(_ response: JSONValue) throws(StubRefusal) {
        let key = "httpResponse"
        guard response.objectMembers != nil else { throw StubRefusal(key, "must be an object") }
        let status = try MockServerValue.integer(response["statusCode"], at: "\(key).statusCode", in: 0...999) ?? 200
        guard (200...599).contains(status) else {
            throw StubRefusal("\(key).statusCode", "\(status) is not a final status (200-599)")
        }
        keys.append(("status", .number(JSONNumber(status))))
        if let phrase = response["reasonPhrase"]?.stringValue, !phrase.isEmpty {
            notes.append("\(key).reasonPhrase \(JSONValue.excerpt(.string(phrase))) is dropped: the status line carries the standard reason phrase")
        }
        var headers: [(String, [String])] = []
        if let written = response["headers"] {
            var dropped: [String] = []
            defer { if !dropped.isEmpty { notes.append(HoverflyResponse.droppedHeadersNote(dropped, at: "\(key).headers")) } }
            for (name, values) in try Self.headerLines(written, at: "\(key).headers") {
                let lowercased = name.lowercased()
                if lowercased == "content-length" { continue }
                let kept = values.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
                guard !WireMockResponse.computedHeaders.contains(lowercased), lowercased != "connection" || kept.last?.lowercased() == "close", !kept.isEmpty else {
                    dropped.append(name)
                    continue
                }
                if let index = headers.firstIndex(where: { $0.0.lowercased() == lowercased }) { headers[index].1 += kept } else { headers.append((name, kept)) }
            }
        }
        if let cookies = response["cookies"] {
            var lines: [String] = []
            switch cookies {
            case .object(let members):
                for member in members {
                    guard let value = member.value.value.importedText else { throw StubRefusal("\(key).cookies.\(member.key)", "must be a string") }
                    lines.append("\(member.key)=\(value)")
                }
            case .array(let elements):
                for (index, element) in elements.map(\.value).enumerated() {
                    guard let name = element["name"]?.stringValue, let value = element["value"]?.importedText else {
                        throw StubRefusal("\(key).cookies[\(index)]", "needs \"name\" and \"value\" strings")
                    }
                    lines.append("\(name)=\(value)")
                }
            default:
                throw StubRefusal("\(key).cookies", "must be an object of values by name, or a list of {\"name\", \"value\"}")
            }
            // MockServer leaves out a cookie a Set-Cookie header already sends.
            let existing = headers.first { $0.0.lowercased() == "set-cookie" }?.1 ?? []
            let added = lines.filter { line in !existing.contains { $0.hasPrefix(line) } }
            if !added.isEmpty {
                if let index = headers.firstIndex(where: { $0.0.lowercased() == "set-cookie" }) { headers[index].1 += added } else { headers.append(("Set-Cookie", added)) }
            }
        }
        if let body = response["body"], body != .null {
            try convertBody(body, at: "\(key).body", headers: &headers)
        }
        if !headers.isEmpty {
            keys.insert(("headers", .makeObject(headers.map { ($0.0, $0.1.count == 1 ? .string($0.1[0]) : .makeArray($0.1.map { .string($0) })) })), at: 1)
        }
        if keys.contains(where: { ["response", "responseText"].contains($0.0) && WireMockResponse.holdsPlaceholder($0.1) })
            || headers.contains(where: { $0.1.contains { $0.contains("{{") } }) {
            // Sent as written, also with --template-all.
            keys.append(("template", .bool(false)))
        }
        let delay = try Self.milliseconds(response["delay"], at: "\(key).delay")
        if delay > 0 { keys.append(("delay", .number(JSONNumber(delay)))) }
        if let options = response["connectionOptions"]?.objectMembers, !options.isEmpty {
            notes.append("\(key).connectionOptions (\(options.map(\.key).joined(separator: ", "))) are not kept: the server writes its own framing here (\"fault\" fails a connection)")
        }
    }

    /// `{"Name": ["a", "b"]}`, `{"Name": "a"}` or `[{"name": …, "values": […]}]`.
    private static func headerLines(_ value: JSONValue, at key: String) throws(StubRefusal) -> [(String, [String])] {
        var lines: [(String, [String])] = []
        func strings(_ value: JSONValue, at key: String) throws(StubRefusal) -> [String] {
            switch value {
            case .array(let elements):
                var texts: [String] = []
                for element in elements {
                    guard let text = element.value.importedText else { throw StubRefusal(key, "must be a list of strings") }
                    texts.append(text)
                }
                return texts
            default:
                guard let text = value.importedText else { throw StubRefusal(key, "must be a list of strings") }
                return [text]
            }
        }
        switch value {
        case .object(let members):
            for member in members { lines.append((member.key, try strings(member.value.value, at: "\(key).\(member.key)"))) }
        case .array(let elements):
            for (index, element) in elements.map(\.value).enumerated() {
                guard let name = element["name"]?.stringValue else { throw StubRefusal("\(key)[\(index)]", "needs a \"name\"") }
                lines.append((name, try strings(element["values"] ?? .array([]), at: "\(key)[\(index)].values")))
            }
        default:
            throw StubRefusal(key, "must be an object of value lists by name, or a list of {\"name\", \"values\"}")
        }
        return lines
    }

    private mutating func convertBody(_ written: JSONValue, at key: String, headers: inout [(String, [String])]) throws(StubRefusal) {
        let body = MockServerBody.canonicalKeys(written)
        func setType(_ type: String?) {
            guard let type, !type.isEmpty, !headers.contains(where: { $0.0.lowercased() == "content-type" }) else { return }
            headers.append(("Content-Type", [type]))
        }
        switch body {
        case .string(let text):
            if !text.isEmpty { keys.append(("responseText", .string(text))) }
        case .array:
            keys.append(("response", body))
        case .object(let members):
            guard MockServerBody.isTyped(members) else {
                keys.append(("response", body))
                return
            }
            let contentType = body["contentType"]?.stringValue
            switch body["type"]?.stringValue.flatMap({ MockServerBody.typeNames.contains($0) ? $0 : nil })
                ?? (body["json"] != nil ? "JSON" : body["base64Bytes"] != nil ? "BINARY" : body["xml"] != nil ? "XML" : "STRING") {
            case "STRING":
                setType(contentType)
                if let text = body["string"]?.stringValue, !text.isEmpty { keys.append(("responseText", .string(text))) }
            case "JSON":
                let json = try MockServerBody.jsonMember(of: body, at: key)
                setType(contentType)
                keys.append(("response", json))
            case "XML":
                setType(contentType ?? "application/xml")
                if let text = body["xml"]?.stringValue, !text.isEmpty { keys.append(("responseText", .string(text))) }
            case "BINARY":
                guard let bytes = body["base64Bytes"]?.stringValue else { throw StubRefusal("\(key).base64Bytes", "must be a base64 string") }
                setType(contentType)
                if !bytes.isEmpty { keys.append(("responseBase64", .string(bytes))) }
            case let other:
                throw StubRefusal("\(key).type", "\(JSONValue.excerpt(.string(other))) has no equivalent for an answer here (ours: STRING, JSON, XML, BINARY)")
            }
        default:
            keys.append(("response", body))
        }
    }

    /// `{"timeUnit": "SECONDS", "value": 2}` in milliseconds (0 when absent).
    static func milliseconds(_ delay: JSONValue?, at key: String) throws(StubRefusal) -> Int {
        guard let delay, delay != .null else { return 0 }
        let units: [String: (multiply: Int, divide: Int)] = [
            "NANOSECONDS": (1, 1_000_000), "MICROSECONDS": (1, 1_000), "MILLISECONDS": (1, 1), "SECONDS": (1_000, 1),
            "MINUTES": (60_000, 1), "HOURS": (3_600_000, 1), "DAYS": (86_400_000, 1),
        ]
        guard let value = try? MockServerValue.integer(delay["value"], at: key, in: 0...Int(Int32.max)), let unit = units[delay["timeUnit"]?.stringValue ?? "MILLISECONDS"] else {
            throw StubRefusal(key, "needs a whole, non-negative \"value\" and a \"timeUnit\" (MILLISECONDS, SECONDS, …)")
        }
        let (product, overflow) = value.multipliedReportingOverflow(by: unit.multiply)
        let milliseconds = product / unit.divide
        guard !overflow, milliseconds <= 600_000 else { throw StubRefusal(key, "is beyond the 600000 ms a delay may be") }
        return milliseconds
    }
}
