import MockFixtures

/// A stub's `response` (and its webhooks) as an entry's answer keys.
struct WireMockResponse {
    var keys: [(String, JSONValue)] = []
    var notes: [String] = []
    /// The files `responseFile` needs, relative to `__files`, with what to write (converted when
    /// the stub is templated).
    var bodyFiles: [BodyFile] = []

    /// WireMock's faults that ours say the same way.
    static let faults = ["CONNECTION_RESET_BY_PEER": "connectionReset", "EMPTY_RESPONSE": "emptyResponse",
                         "MALFORMED_RESPONSE_CHUNK": "truncatedBody"]
    /// Headers the server writes itself, or that describe WireMock's connection rather than the
    /// answer; a stub's own are left out.
    static let computedHeaders: Set<String> = ["content-length", "transfer-encoding", "keep-alive", "proxy-connection", "te", "trailer", "upgrade"]

    static func converted(_ mapping: JSONValue, path: ImportedPath, filesFolder: String?, templateAll: Bool = false) throws(StubRefusal) -> WireMockResponse {
        guard let response = mapping["response"]?.objectMembers else {
            throw StubRefusal("response", "is missing or not an object")
        }
        if let unknown = response.first(where: { !WireMockStub.responseKeys.contains($0.key) }) {
            throw StubRefusal("response.\(unknown.key)", unknown.key == "proxyUrlPrefixToRemove"
                ? "has no equivalent: a forward appends the whole request path to the base URL"
                : "has no equivalent here; write the entry by hand, or answer it from a handler in Swift")
        }
        let value = JSONValue.object(response)
        var converted = WireMockResponse()
        let templated = try isTemplated(value) || templateAll
        let template = WireMockTemplate(path: path)
        if let proxy = value["proxyBaseUrl"] {
            try converted.addForward(proxy, value)
        } else {
            try converted.addAnswer(value, templated: templated, template: template, filesFolder: filesFolder)
        }
        let webhooks = try convertedWebhooks(mapping, template: template)
        if !webhooks.isEmpty {
            let answerHoldsPlaceholders = converted.keys.contains { ["response", "responseText", "headers"].contains($0.0) && holdsPlaceholder($0.1) }
            let webhooksHoldPlaceholders = webhooks.contains { holdsPlaceholder($0) }
            if webhooksHoldPlaceholders, !templated, answerHoldsPlaceholders {
                throw StubRefusal("response", "holds {{…}} that WireMock sends as written, while the stub's webhook is templated; an entry here is templated whole")
            }
            if webhooksHoldPlaceholders, value["proxyBaseUrl"] == nil, !converted.keys.contains(where: { $0.0 == "template" && $0.1 == .bool(true) }) {
                converted.keys.removeAll { $0.0 == "template" }
                converted.keys.append(("template", .bool(true)))
            }
            converted.keys.append(("webhooks", .makeArray(webhooks)))
            let untyped = webhooks.contains { webhook in
                webhook["bodyText"] != nil && !(webhook["headers"]?.objectMembers?.contains { $0.key.lowercased() == "content-type" } ?? false)
            }
            if untyped {
                converted.notes.append("a webhook body without a Content-Type header is sent as text/plain; charset=utf-8 here, where WireMock sends no type; set one in its headers if the receiver checks")
            }
        }
        return converted
    }

    private static func isTemplated(_ response: JSONValue) throws(StubRefusal) -> Bool {
        guard let transformers = response["transformers"] else {
            if let parameters = response["transformerParameters"], parameters.objectMembers?.isEmpty == false {
                throw StubRefusal("response.transformerParameters", "has no equivalent here (values a template reads are written in the entry)")
            }
            return false
        }
        guard case .array(let names) = transformers else { throw StubRefusal("response.transformers", "must be an array of names") }
        for name in names where name.value.stringValue != "response-template" {
            throw StubRefusal("response.transformers", "\(JSONValue.excerpt(name.value)) is a transformer with no equivalent here (only response-template: \"template\": true)")
        }
        if let parameters = response["transformerParameters"], parameters.objectMembers?.isEmpty == false {
            throw StubRefusal("response.transformerParameters", "has no equivalent here (values a template reads are written in the entry)")
        }
        return !names.isEmpty
    }

    /// `proxyBaseUrl` (+ `additionalProxyRequestHeaders`) as `"forward"`.
    private mutating func addForward(_ proxy: JSONValue, _ response: JSONValue) throws(StubRefusal) {
        guard let target = proxy.stringValue else { throw StubRefusal("response.proxyBaseUrl", "must be a string") }
        for key in ["jsonBody", "body", "base64Body", "bodyFileName", "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "transformers"]
            where response[key] != nil {
            throw StubRefusal("response.\(key)", "beside proxyBaseUrl: the API's answer is sent as it is here, without a delay or fault")
        }
        if response["status"] != nil || response["headers"] != nil {
            notes.append("response.status and response.headers beside proxyBaseUrl are left out: the API's answer is sent as it is")
        }
        if let extra = response["additionalProxyRequestHeaders"] {
            guard let members = extra.objectMembers else { throw StubRefusal("response.additionalProxyRequestHeaders", "must be an object of strings") }
            var headers: [(String, JSONValue)] = []
            for member in members {
                guard let text = member.value.value.importedText else {
                    throw StubRefusal("response.additionalProxyRequestHeaders.\(member.key)", "must be a string")
                }
                headers.append((member.key, .string(text)))
            }
            keys.append(("forward", .makeObject([("to", .string(target)), ("headers", .makeObject(headers))])))
        } else {
            keys.append(("forward", .string(target)))
        }
    }

    private mutating func addAnswer(_ response: JSONValue, templated: Bool, template: WireMockTemplate, filesFolder: String?) throws(StubRefusal) {
        let status = response["status"] ?? .number(JSONNumber(200))
        // Jackson reads "201" as 201.
        guard let code = status.integer ?? status.stringValue.flatMap({ Int($0) }), (100...599).contains(code) else {
            throw StubRefusal("response.status", "\(JSONValue.excerpt(status)) is not an HTTP status")
        }
        guard code >= 200 else {
            throw StubRefusal("response.status", "\(code) is an interim (1xx) status, which cannot be a final answer here")
        }
        keys.append(("status", .number(JSONNumber(code))))
        if response["statusMessage"] != nil {
            notes.append("response.statusMessage is left out: the status line carries the standard reason phrase")
        }
        if let headers = response["headers"] {
            let converted = try answerHeaders(headers, templated: templated, template: template)
            if !converted.isEmpty { keys.append(("headers", .makeObject(converted))) }
        }
        let bodyKeys = ["jsonBody", "body", "base64Body", "bodyFileName"].filter { response[$0] != nil }
        guard bodyKeys.count <= 1 else {
            throw StubRefusal("response", "has \(bodyKeys.joined(separator: " and ")); WireMock sends one")
        }
        var bodySize: Int?
        switch bodyKeys.first {
        case "jsonBody":
            let body = response["jsonBody"]!
            let written = templated ? try Self.templatedJSON(body, at: "response.jsonBody", template: template, notes: &notes) : body
            keys.append(("response", written))
            bodySize = written.serializedBytes().count
        case "body":
            guard let text = response["body"]!.stringValue else { throw StubRefusal("response.body", "must be a string") }
            let written = templated ? try template.converted(text, at: "response.body") : text
            keys.append(("responseText", .string(written)))
            bodySize = written.utf8.count
        case "base64Body":
            guard let text = response["base64Body"]!.stringValue, let bytes = Base64.decode(text) else {
                throw StubRefusal("response.base64Body", "is not base64 text")
            }
            keys.append(("responseBase64", .string(text)))
            bodySize = bytes.count
        case "bodyFileName":
            guard let name = response["bodyFileName"]!.stringValue, !name.isEmpty else {
                throw StubRefusal("response.bodyFileName", "must be a file name under __files")
            }
            let written = templated && name.contains("{{") ? try template.converted(name, at: "response.bodyFileName") : name
            guard !written.hasPrefix("/"), !written.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                throw StubRefusal("response.bodyFileName", "\"\(name)\" must be a path inside __files, without empty, '.' or '..' segments")
            }
            keys.append(("responseFile", .string(WireMockStub.filesFolder + "/" + written)))
            guard let filesFolder else {
                throw StubRefusal("response.bodyFileName", "names a body file, and there is no __files folder beside the mappings (give --files DIR)")
            }
            bodyFiles = try BodyFile.read(written, from: filesFolder, templated: templated, template: template, notes: &notes)
            bodySize = bodyFiles.count == 1 && !written.contains("{{") ? bodyFiles[0].bytes.count : nil
        default:
            break
        }
        let holdsBraces = keys.contains(where: { ["response", "responseText", "headers", "responseFile"].contains($0.0) && Self.holdsPlaceholder($0.1) })
            || bodyFiles.contains(where: { $0.bytes.firstRange(of: Array("{{".utf8)) != nil })
        if templated {
            // Only when a placeholder is left: the transformer on every stub is common, and a
            // "template" with nothing to fill in is a warning (audit I2).
            if holdsBraces { keys.append(("template", .bool(true))) }
        } else if holdsBraces {
            // WireMock sends it as written; so must `--template-all`.
            keys.append(("template", .bool(false)))
        }
        try addDelay(response, bodySize: bodySize)
        if let fault = response["fault"] {
            guard let name = fault.stringValue, let ours = Self.faults[name] else {
                throw StubRefusal("response.fault", "\(JSONValue.excerpt(fault)) has no equivalent (ours: CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK as connectionReset, emptyResponse, truncatedBody)")
            }
            keys.append(("fault", .string(ours)))
        }
    }

    private func answerHeaders(_ headers: JSONValue, templated: Bool, template: WireMockTemplate) throws(StubRefusal) -> [(String, JSONValue)] {
        guard let members = headers.objectMembers else { throw StubRefusal("response.headers", "must be an object") }
        var converted: [(String, JSONValue)] = []
        for member in members {
            let key = "response.headers.\(member.key)"
            if Self.computedHeaders.contains(member.key.lowercased()) { continue }
            if member.key.lowercased() == "connection", member.value.value.stringValue?.lowercased() != "close" { continue }
            var values: [String] = []
            switch member.value.value {
            case .array(let elements):
                for element in elements {
                    guard let text = element.value.importedText else { throw StubRefusal(key, "must hold strings") }
                    values.append(text)
                }
            default:
                guard let text = member.value.value.importedText else { throw StubRefusal(key, "must be a string or an array of strings") }
                values.append(text)
            }
            if templated {
                var rendered: [String] = []
                for value in values { rendered.append(try template.converted(value, at: key)) }
                values = rendered
            }
            converted.append((member.key, values.count == 1 ? .string(values[0]) : .makeArray(values.map { .string($0) })))
        }
        return converted
    }

    /// WireMock renders a templated `jsonBody` as text, so a string that is one placeholder stays
    /// a string: `| string` keeps it one here, where it would take the value's JSON type
    /// (audit I1: `"7"` came back as `7`).
    static func templatedJSON(_ value: JSONValue, at key: String, template: WireMockTemplate, notes: inout [String]) throws(StubRefusal) -> JSONValue {
        switch value {
        case .string(let text):
            let converted = try template.converted(text, at: key)
            if converted.hasPrefix("{{"), converted.hasSuffix("}}"), converted.dropFirst(2).firstRange(of: "{{") == nil, !converted.contains("|") {
                // Request values can be missing; `now`, `random` and path segments cannot.
                if ["{{query.", "{{header.", "{{cookie.", "{{body"].contains(where: { converted.hasPrefix($0) }) {
                    let note = "a string that is one placeholder sends null here when its value is missing, where WireMock writes empty text"
                    if !notes.contains(note) { notes.append(note) }
                }
                return .string(String(converted.dropLast(2)) + " | string}}")
            }
            return .string(converted)
        case .array(let elements):
            var converted: [JSONValue] = []
            for element in elements { converted.append(try templatedJSON(element.value, at: key, template: template, notes: &notes)) }
            return .makeArray(converted)
        case .object(let members):
            var converted: [(String, JSONValue)] = []
            for member in members {
                guard !member.key.contains("{{") else {
                    throw StubRefusal(key, "has a placeholder in the key \(JSONValue.excerpt(.string(member.key))), which is sent as written here (only values are filled in)")
                }
                converted.append((member.key, try templatedJSON(member.value.value, at: key, template: template, notes: &notes)))
            }
            return .makeObject(converted)
        default:
            return value
        }
    }

    private mutating func addDelay(_ response: JSONValue, bodySize: Int?) throws(StubRefusal) {
        let fixed = response["fixedDelayMilliseconds"]
        let distribution = response["delayDistribution"]
        if fixed != nil, distribution != nil {
            throw StubRefusal("response.delayDistribution", "beside fixedDelayMilliseconds, which WireMock adds together; ours is one or the other")
        }
        if let fixed {
            guard let milliseconds = fixed.integer, (0...600_000).contains(milliseconds) else {
                throw StubRefusal("response.fixedDelayMilliseconds", "\(JSONValue.excerpt(fixed)) is not a whole number of milliseconds from 0 to 600000")
            }
            if milliseconds > 0 { keys.append(("delay", .number(JSONNumber(milliseconds)))) }
        }
        if let distribution {
            keys.append(("delay", try Self.delayDistribution(distribution)))
        }
        if let dribble = response["chunkedDribbleDelay"] {
            guard let duration = dribble["totalDuration"]?.integer, duration > 0 else {
                throw StubRefusal("response.chunkedDribbleDelay", "needs a positive totalDuration")
            }
            guard let bodySize, bodySize > 0 else {
                throw StubRefusal("response.chunkedDribbleDelay", "spreads a body whose size is not known here (a file, or none); write \"bytesPerSecond\" by hand")
            }
            let rate = max(1, bodySize * 1000 / duration)
            keys.append(("bytesPerSecond", .number(JSONNumber(rate))))
            notes.append("response.chunkedDribbleDelay is sent as a steady \(rate) bytes a second (the body over \(duration) ms), not in chunks")
        }
    }

    /// `{"type": "uniform", "lower", "upper"}` and `{"type": "lognormal", "median", "sigma", "maxValue"}`.
    static func delayDistribution(_ value: JSONValue, at key: String = "response.delayDistribution") throws(StubRefusal) -> JSONValue {
        switch value["type"]?.stringValue {
        case "uniform":
            guard let lower = value["lower"]?.integer, let upper = value["upper"]?.integer else {
                throw StubRefusal(key, "needs whole-number \"lower\" and \"upper\"")
            }
            return .makeObject([("min", .number(JSONNumber(lower))), ("max", .number(JSONNumber(upper)))])
        case "lognormal":
            guard case .number(let median)? = value["median"], case .number(let sigma)? = value["sigma"] else {
                throw StubRefusal(key, "needs numbers \"median\" and \"sigma\"")
            }
            var pairs: [(String, JSONValue)] = [("median", .number(median)), ("sigma", .number(sigma))]
            if let maximum = value["maxValue"] { pairs.append(("max", maximum)) }
            return .makeObject(pairs)
        default:
            throw StubRefusal(key, "\(JSONValue.excerpt(value["type"] ?? .null)) has no equivalent (ours: fixed, uniform, lognormal)")
        }
    }

    /// Whether a string in `value` holds `{{`: `--template-all` templates any, not only what
    /// reads as our placeholders.
    static func holdsPlaceholder(_ value: JSONValue) -> Bool {
        value.containsString { $0.contains("{{") }
    }
}
