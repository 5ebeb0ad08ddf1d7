/// The answer of an entry with `"template": true`, cut at load into fixed bytes and placeholders:
/// answering concatenates them with the request's values and parses nothing.
struct ResponseTemplate: Sendable {
    /// A piece of a templated JSON body.
    enum JSONPart: Sendable {
        /// Serialized JSON, written as is.
        case bytes([UInt8])
        /// A string that is exactly one placeholder: its value with its JSON type (`null` when missing).
        case value(TemplatePlaceholder)
        /// A placeholder inside a longer string: its text, escaped (nothing when missing).
        case stringContent(TemplatePlaceholder)
        /// `{"$repeat": {"count": …, "item": …}}`: an array of `count` items, each rendered anew
        /// with `{{index}}` its place (0, 1, …).
        indirect case repeated(count: RepeatCount, item: [JSONPart])
    }

    /// How many items a `$repeat` makes: a number written, or a placeholder's value
    /// (`"{{query.limit}}"`), 0 to ``maximumRepeatCount``.
    enum RepeatCount: Sendable {
        case fixed(Int)
        case placeholder(TemplatePlaceholder)
    }

    /// The most items one answer's `$repeat`s make together: a larger count (from a request's
    /// `?limit=`) is cut to it, and nested ones share it (two nested counts of 10,000 made a
    /// 489 MB answer; audit R14).
    static let maximumRepeatCount = 10_000
    /// No `$repeat` starts another item once the answer holds this many bytes: items count, not
    /// their size, so a request's 100 KB body echoed 10,000 times made 1 GB (audit R15).
    static let maximumRepeatBytes = 64 << 20

    enum Body: Sendable {
        /// A body without placeholders (also a `responseFile`'s bytes).
        case fixed([UInt8])
        case json([JSONPart])
        case text(TemplateText)
        /// `"responseFile": "files/{{path.id}}.json"`: the file the rendered path names.
        case fileChoice(ResponseFileChoice)
    }

    /// Whether a templated `responseFile` path chooses the body per request.
    var choosesFile: Bool {
        if case .fileChoice = body { return true }
        return false
    }

    /// The chosen file's path, when the body is chosen by a templated `responseFile` that names
    /// no file for `request`; nil otherwise.
    func missingFile(for request: inout IncomingRequest) -> (path: String, choice: ResponseFileChoice)? {
        guard case .fileChoice(let choice) = body else { return nil }
        var state = TemplateRenderState()
        let path = Self.render(choice.path, &request, &state)
        return choice.bodies[path] == nil ? (path, choice) : nil
    }

    enum Header: Sendable {
        case fixed(HTTPHeader)
        case templated(name: String, value: TemplateText)
    }

    let headers: [Header]
    let body: Body

    /// The headers and body for `request`.
    func render(for request: inout IncomingRequest, repeatByteLimit: Int = Self.maximumRepeatBytes) -> (headers: [HTTPHeader], body: [UInt8]) {
        var state = TemplateRenderState()
        state.repeatByteLimit = repeatByteLimit
        var rendered: [HTTPHeader] = []
        rendered.reserveCapacity(headers.count)
        for header in headers {
            switch header {
            case .fixed(let fixed):
                rendered.append(fixed)
            case .templated(let name, let value):
                // Values come from the request (a body, a query, a header): control characters
                // become spaces, so a request can never add a header line of its own or send a
                // byte strict clients refuse. A header whose value comes out empty is left out
                // (libmicrohttpd cannot send an empty value).
                let text = HTTPFieldValue.cleaned(Self.render(value, &request, &state))
                if !text.isEmpty { rendered.append(HTTPHeader(name: name, value: text)) }
            }
        }
        var chosen = body
        if case .fileChoice(let choice) = body {
            let path = Self.render(choice.path, &request, &state)
            // A path that names no file is answered before (MockEngine: a 404 naming it).
            chosen = choice.bodies[path] ?? .fixed([])
            if let contentType = choice.contentTypes[path], let index = rendered.firstIndex(where: { $0.name.lowercased() == "content-type" }) {
                rendered[index] = HTTPHeader(name: rendered[index].name, value: contentType)
            }
        }
        return (rendered, Self.render(chosen, &request, &state))
    }

    private static func render(_ body: Body, _ request: inout IncomingRequest, _ state: inout TemplateRenderState) -> [UInt8] {
        switch body {
        case .fixed(let fixed):
            return fixed
        case .text(let text):
            return Array(render(text, &request, &state).utf8)
        case .json(let parts):
            var output: [UInt8] = []
            render(parts, to: &output, &request, &state)
            return output
        case .fileChoice:
            return []   // never nested
        }
    }

    private static func render(_ parts: [JSONPart], to output: inout [UInt8], _ request: inout IncomingRequest, _ state: inout TemplateRenderState) {
        for part in parts {
            switch part {
            case .bytes(let fixed):
                output.append(contentsOf: fixed)
            case .value(let placeholder):
                placeholder.value(for: &request, &state).writeJSON(to: &output)
            case .stringContent(let placeholder):
                JSONValue.writeEscapedContent(placeholder.value(for: &request, &state).text, to: &output)
            case .repeated(let count, let item):
                var total: Int
                switch count {
                case .fixed(let fixed): total = fixed
                case .placeholder(let placeholder):
                    // Any number: `2.0`, `1e3`, and `99999999999999999999` (cut below).
                    let value = placeholder.value(for: &request, &state)
                    // `1e400` reads as infinity: a number past the cut, cut like 99999999999999999999.
                    let number = JSONNumber(parsing: value.text.trimmingSpaces()).flatMap { Double($0.literal) } ?? 0
                    total = number.isNaN ? 0 : Int(min(max(number.rounded(.down), 0), Double(maximumRepeatCount)))
                }
                total = min(total, state.repeatItemsLeft)
                state.repeatItemsLeft -= total
                output.append(UInt8(ascii: "["))
                for index in 0..<total {
                    guard output.count < state.repeatByteLimit else { break }
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    state.repeatIndices.append(index)
                    render(item, to: &output, &request, &state)
                    state.repeatIndices.removeLast()
                }
                output.append(UInt8(ascii: "]"))
            }
        }
    }

    private static func render(_ text: TemplateText, _ request: inout IncomingRequest, _ state: inout TemplateRenderState) -> String {
        var result = ""
        for piece in text.pieces {
            switch piece {
            case .text(let literal): result += literal
            case .placeholder(let placeholder): result += placeholder.value(for: &request, &state).text
            }
        }
        return result
    }
}

extension ResponseTemplate {
    /// Cuts a `response` JSON value at its templated strings; `templates` holds each string that
    /// has placeholders (parsed and checked beforehand, where the positions are known).
    static func jsonParts(of value: JSONValue, templates: [String: TemplateText]) -> [JSONPart] {
        var parts: [JSONPart] = []
        let tail = value.serializedBytes(writingStrings: { string, output in
            guard let template = templates[string] else {
                JSONValue.writeEscaped(string, to: &output)
                return
            }
            if let sole = template.solePlaceholder {
                parts.append(.bytes(output))
                output.removeAll()
                parts.append(.value(sole))
                return
            }
            output.append(UInt8(ascii: "\""))
            for piece in template.pieces {
                switch piece {
                case .text(let literal):
                    JSONValue.writeEscapedContent(literal, to: &output)
                case .placeholder(let placeholder):
                    parts.append(.bytes(output))
                    output.removeAll()
                    parts.append(.stringContent(placeholder))
                }
            }
            output.append(UInt8(ascii: "\""))
        }, intercepting: { value, output in
            // `{"$repeat": {"count": …, "item": …}}`, checked at load.
            guard case .object(let members) = value, members.count == 1, members[0].key == "$repeat",
                  let count = members[0].value.value["count"], let item = members[0].value.value["item"] else { return false }
            let repeatCount: RepeatCount
            switch count {
            case .string(let text):
                guard let placeholder = templates[text]?.solePlaceholder else { return false }
                repeatCount = .placeholder(placeholder)
            case .number(let number):
                repeatCount = .fixed(number.integerLiteralValue ?? 0)
            default:
                return false
            }
            parts.append(.bytes(output))
            output.removeAll()
            parts.append(.repeated(count: repeatCount, item: jsonParts(of: item, templates: templates)))
            return true
        })
        parts.append(.bytes(tail))
        return parts.filter { if case .bytes(let bytes) = $0 { !bytes.isEmpty } else { true } }
    }
}
