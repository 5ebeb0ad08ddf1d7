import MockFixtures

/// Assembles one fixture entry with its keys in a fixed order — `method`, `status`, `request`,
/// `query`, `headers`, then `response` / `responseText` / `responseFile` — so recorded files diff cleanly.
enum EntryBuilder {
    static func entry(
        method: String,
        status: Int,
        request: JSONValue?,
        query: JSONValue? = nil,
        headers: [HTTPHeader],
        body: ResponseContent.Body,
        responseFile: String?
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("method", .string(method)),
            ("status", .number(JSONNumber(status))),
        ]
        if let request { members.append(("request", request)) }
        if let query { members.append(("query", query)) }
        if !headers.isEmpty {
            // A name given on several lines (`Set-Cookie`) is written as an array of them.
            var names: [String] = []
            var lines: [String: [JSONValue]] = [:]
            for header in headers {
                if lines[header.name] == nil { names.append(header.name) }
                lines[header.name, default: []].append(.string(header.value))
            }
            members.append(("headers", .makeObject(names.map { name in (name, lines[name]!.count == 1 ? lines[name]![0] : .makeArray(lines[name]!)) })))
        }
        // An answer holding what reads as one of our placeholders (an API's own `{{uuid}}` or a
        // mail template's `{{now}}`) is sent as the API sent it; `"template": false` says so, and
        // keeps the loader from warning that "template": true was forgotten.
        if headers.contains(where: { TemplateText.looksTemplated($0.value) }) || body.looksTemplated {
            members.append(("template", .bool(false)))
        }
        switch body {
        case .none: break
        case .json(let value): members.append(("response", value))
        case .text(let text): members.append(("responseText", .string(text)))
        case .bytes: if let responseFile { members.append(("responseFile", .string(responseFile))) }
        }
        return .makeObject(members)
    }

    /// The entry as the element of a top-level array: pretty-printed with `indent` spaces a
    /// level, every line after the first indented one level more, no trailing newline.
    static func arrayElementText(_ entry: JSONValue, indent: Int = 2) -> [UInt8] {
        var bytes = entry.prettyPrintedBytes(indent: indent)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        var indented: [UInt8] = []
        indented.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            indented.append(byte)
            if byte == UInt8(ascii: "\n") { indented.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent)) }
        }
        return indented
    }
}

extension ResponseContent.Body {
    /// Whether the body holds text the loader would take for a forgotten placeholder.
    var looksTemplated: Bool {
        switch self {
        case .none: false
        case .json(let value): value.containsString(where: TemplateText.looksTemplated)
        case .text(let text): TemplateText.looksTemplated(text)
        case .bytes(let bytes, _):
            bytes.firstRange(of: [UInt8(ascii: "{"), UInt8(ascii: "{")]) != nil
                && String(validating: bytes, as: UTF8.self).map(TemplateText.looksTemplated) ?? false
        }
    }
}

extension JSONValue {
    /// Whether a string at any depth satisfies `predicate`.
    func containsString(where predicate: (String) -> Bool) -> Bool {
        switch self {
        case .string(let text): predicate(text)
        case .array(let elements): elements.contains { $0.value.containsString(where: predicate) }
        case .object(let members): members.contains { $0.value.value.containsString(where: predicate) }
        default: false
        }
    }
}
