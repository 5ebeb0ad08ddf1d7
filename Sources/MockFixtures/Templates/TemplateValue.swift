/// What a placeholder stands for in one request.
enum TemplateValue {
    case text(String)
    case json(JSONValue)
    case missing
}

/// The values that stay the same across one answer: every `{{now}}` and every `{{uuid}}` of an
/// answer is the same, so a `Location` header and the body agree.
struct TemplateRenderState {
    private var nowMilliseconds: Int64?
    private var uuidText: String?
    /// The place of the item being rendered in each `$repeat` around it, innermost last.
    var repeatIndices: [Int] = []
    /// How many more items this answer's `$repeat`s may make together.
    var repeatItemsLeft = ResponseTemplate.maximumRepeatCount
    /// No `$repeat` starts another item once the answer is this long.
    var repeatByteLimit = ResponseTemplate.maximumRepeatBytes

    /// The time of the answer, read once per answer, moved by `offset` and written in `format`.
    mutating func now(offset: Int64, format: TemplatePlaceholder.TimeFormat) -> TemplateValue {
        let base = nowMilliseconds ?? WallClock.millisecondsSince1970()
        nowMilliseconds = base
        let time = base + offset
        return switch format {
        case .rfc3339: .text(WallClock.rfc3339(milliseconds: time))
        case .epoch: .json(.number(JSONNumber(Int(CivilDate.floorDivision(time, 1_000).0))))
        case .epochMillis: .json(.number(JSONNumber(Int(time))))
        case .http: .text(HTTPDate.format(CivilDate.floorDivision(time, 1_000).0))
        case .date: .text(String(WallClock.rfc3339(milliseconds: time).prefix(10)))
        }
    }

    /// The time of the answer, moved by `offset`, in `pattern`.
    mutating func now(offset: Int64, pattern: DatePattern) -> TemplateValue {
        let base = nowMilliseconds ?? WallClock.millisecondsSince1970()
        nowMilliseconds = base
        return .text(pattern.format(milliseconds: base + offset))
    }

    mutating func uuid() -> String {
        if let uuidText { return uuidText }
        let text = RandomUUID.string()
        uuidText = text
        return text
    }
}

extension TemplatePlaceholder {
    func value(for request: inout IncomingRequest, _ state: inout TemplateRenderState) -> TemplateValue {
        switch self {
        case .pathParameter(let name):
            return request.pathParameters.value(named: name).map { .text(String($0)) } ?? .missing
        case .query(let name):
            return request.query().values(for: name).first.map { .text($0) } ?? .missing
        case .header(let name):
            return request.headerValue(name).map { .text($0) } ?? .missing
        case .method:
            return .text(request.method)
        case .now(let offset, let format):
            return state.now(offset: offset, format: format)
        case .nowFormatted(let offset, let pattern):
            return state.now(offset: offset, pattern: pattern)
        case .uuid:
            return .text(state.uuid())
        case .random(let random):
            return random.value()
        case .repeatIndex:
            return state.repeatIndices.last.map { .json(.number(JSONNumber($0))) } ?? .missing
        case .cookie(let name):
            return RequestCookies(request.headerValue("cookie")).values(for: name).first.map { .text($0) } ?? .missing
        case .converted(let placeholder, let conversion):
            return conversion.apply(to: placeholder.value(for: &request, &state))
        case .body(let path):
            return Self.bodyValue(at: path, in: &request)
        }
    }

    private static func bodyValue(at path: [String], in request: inout IncomingRequest) -> TemplateValue {
        switch request.bodyContent() {
        case .json(let root):
            var current = root
            for step in path {
                switch current {
                case .object(let members):
                    guard let member = members.last(where: { $0.key == step }) else { return .missing }
                    current = member.value.value
                case .array(let elements):
                    guard let index = Int(step), elements.indices.contains(index) else { return .missing }
                    current = elements[index].value
                default:
                    return .missing
                }
            }
            return .json(current)
        case .form(let fields):
            if path.isEmpty { return .text(String(decoding: request.body, as: UTF8.self)) }
            guard path.count == 1 else { return .missing }
            return fields.values(for: path[0]).first.map { .text($0) } ?? .missing
        case .multipart(let form):
            if path.isEmpty { return .text(String(decoding: request.body, as: UTF8.self)) }
            guard path.count == 1 else { return .missing }
            return form.parts(named: path[0]).first.map { .text($0.text) } ?? .missing
        case .notJSON, .malformedMultipart:
            return path.isEmpty ? .text(String(decoding: request.body, as: UTF8.self)) : .missing
        case .none:
            return .missing
        }
    }
}

extension TemplateValue {
    /// As text inside a longer string: strings as they are, other JSON compact, missing empty.
    var text: String {
        switch self {
        case .text(let text): text
        case .json(.string(let text)): text
        case .json(let value): value.compactText
        case .missing: ""
        }
    }

    /// As a whole JSON value: text as a string, JSON as it is, missing as `null`.
    func writeJSON(to output: inout [UInt8]) {
        switch self {
        case .text(let text): JSONValue.writeEscaped(text, to: &output)
        case .json(let value): output.append(contentsOf: value.serializedBytes())
        case .missing: output.append(contentsOf: "null".utf8)
        }
    }
}
