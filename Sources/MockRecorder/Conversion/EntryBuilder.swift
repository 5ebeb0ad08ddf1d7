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
            members.append(("headers", .makeObject(headers.map { ($0.name, .string($0.value)) })))
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
