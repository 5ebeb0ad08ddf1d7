extension JournalRecord {
    /// The journal's JSON for this request (see README, "The request journal").
    var json: JSONValue {
        let parsed = try? RequestTarget.parse(target).get()
        var fields: [(String, JSONValue)] = [
            ("id", .number(JSONNumber(id))),
            ("time", .string(WallClock.rfc3339(milliseconds: timeMilliseconds))),
            ("method", .string(method)),
            ("path", .string(parsed.map { String($0.path) } ?? String(target.prefix { $0 != "?" }))),
            ("query", queryJSON(parsed?.query)),
            ("headers", headersJSON),
        ]
        fields.append(contentsOf: bodyFields)
        fields.append(("status", .number(JSONNumber(status))))
        fields.append(("matched", matchedJSON))
        fields.append(("outcome", .string(outcome.name)))
        if let explanation {
            fields.append(("explanation", .string(explanation)))
        }
        fields.append(("response", responseJSON))
        return .makeObject(fields)
    }

    /// What went back: headers (as ``responseHeadersJSON`` combines them) and the body sent,
    /// with the request body's fields; `null` when a fault closed the connection first.
    private var responseJSON: JSONValue {
        guard let sent = responseBodySent else { return .null }
        var fields: [(String, JSONValue)] = [("headers", Self.responseHeadersJSON(responseHeaders))]
        fields.append(contentsOf: Self.bodyFields(Array(sent.kept), size: sent.size))
        return .makeObject(fields)
    }

    /// Names lower-cased, a repeated header's values joined by `", "` — except `Set-Cookie`,
    /// whose values may hold commas themselves (an `Expires` date) and are joined by a newline,
    /// which no header value can hold (RFC 9110 §5.3).
    static func responseHeadersJSON(_ headers: [HTTPHeader]) -> JSONValue {
        var order: [String] = []
        var values: [String: String] = [:]
        for header in headers {
            let name = header.name.lowercased()
            if let earlier = values[name] {
                values[name] = earlier + (name == "set-cookie" ? "\n" : ", ") + header.value
            } else {
                order.append(name)
                values[name] = header.value
            }
        }
        return .makeObject(order.map { ($0, .string(values[$0]!)) })
    }

    /// Each parameter name (in order of first appearance) → its decoded values, in order.
    private func queryJSON(_ query: Substring?) -> JSONValue {
        guard let query else { return .makeObject([]) }
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for parameter in QueryParameters(decoding: query).parameters {
            if values[parameter.name] == nil { order.append(parameter.name) }
            values[parameter.name, default: []].append(.string(parameter.value))
        }
        return .makeObject(order.map { ($0, .makeArray(values[$0]!)) })
    }

    /// Names lowercased, repeated headers combined as ``CombinedHeaderValue`` says.
    private var headersJSON: JSONValue {
        var order: [String] = []
        var values: [String: CombinedHeaderValue] = [:]
        for header in headers {
            let name = header.name.lowercased()
            if values[name] == nil {
                order.append(name)
            }
            values[name, default: CombinedHeaderValue(lowercasedName: name)].append(header.value)
        }
        return .makeObject(order.map { ($0, .string(values[$0]?.value ?? "")) })
    }

    /// The request body's fields (``bodyFields(_:size:)``).
    private var bodyFields: [(String, JSONValue)] {
        Self.bodyFields(body, size: bodySize)
    }

    /// `body` as text, or `bodyBase64` when it is not UTF-8; `bodyTruncated` and `bodySize` when
    /// the journal kept fewer than the `size` bytes sent; nothing when none were.
    private static func bodyFields(_ kept: [UInt8], size: Int) -> [(String, JSONValue)] {
        guard size > 0 else { return [] }
        var fields: [(String, JSONValue)] = []
        if let text = text(of: kept, truncated: kept.count < size) {
            fields.append(("body", .string(text)))
        } else {
            fields.append(("bodyBase64", .string(Base64.encode(kept))))
        }
        if kept.count < size {
            fields.append(("bodyTruncated", .bool(true)))
            fields.append(("bodySize", .number(JSONNumber(size))))
        }
        return fields
    }

    /// The request body as UTF-8 text; a body cut inside a character still counts as text.
    var bodyText: String? {
        Self.text(of: body, truncated: isBodyTruncated)
    }

    private static func text(of bytes: [UInt8], truncated: Bool) -> String? {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        guard truncated else { return nil }
        for cut in 1...3 where bytes.count >= cut {
            if let text = String(validating: bytes.dropLast(cut), as: UTF8.self) { return text }
        }
        return nil
    }

    /// Why nothing answered: the one-line summary the log shows (nearest entry and its reasons).
    private var explanation: String? {
        switch outcome {
        case .noMatch(let summary): summary
        case .rejectedPath(let reason): "rejected request target: \(reason)"
        case .brokenFixture(let file): "fixture file \(file) is broken"
        case .proxyFailed(_, let error), .forwarded(.proxyFailed(_, let error), _): error
        default: nil
        }
    }

    private var matchedJSON: JSONValue {
        Self.matchedJSON(outcome)
    }

    static func matchedJSON(_ outcome: MatchOutcome) -> JSONValue {
        switch outcome {
        case .matched(let file, let entry):
            .makeObject([("file", .string(file)), ("entry", .number(JSONNumber(entry)))])
        case .matchedRuntime(let fixture, let entry):
            .makeObject([("fixture", .string(fixture)), ("entry", .number(JSONNumber(entry)))])
        case .staticFile(let file):
            .makeObject([("file", .string(file))])
        case .resource(let id):
            .makeObject([("resource", .string(id))])
        case .fault(_, let entry), .forwardRequested(_, let entry), .forwarded(_, let entry):
            matchedJSON(entry)
        default:
            .null
        }
    }
}
