/// The keys that shape an entry's answer: its body (`response`, `responseText`, `responseFile`),
/// `headers`, `template`, and how it is delivered (`delay`, `fault`, `bytesPerSecond`).
extension FixtureFileCompiler {
    /// An entry's body, as written.
    enum BodySource {
        /// `response`: JSON, sent compact.
        case json(JSONNode)
        /// `responseText`: sent as UTF-8.
        case text(String, JSONNode)
        /// `responseFile`: a file's bytes, read at load.
        case file(path: String, bytes: [UInt8])
        /// `responseBase64`: bytes written in the entry, for a binary body a runtime fixture posted
        /// from a test cannot put in a file under the root.
        case bytes([UInt8], JSONNode)
        /// `responseFile` with placeholders (`files/{{path.id}}.json`): every file the path can
        /// name, read at load, and the path to render per request.
        case fileChoice(written: String, path: TemplateText, files: [(path: String, bytes: [UInt8])])

        var isFile: Bool {
            switch self {
            case .file, .fileChoice: true
            default: false
            }
        }

        var key: String {
            switch self {
            case .json: "response"
            case .text: "responseText"
            case .file, .fileChoice: "responseFile"
            case .bytes: "responseBase64"
            }
        }

        var defaultContentType: String {
            switch self {
            case .json: MediaType.json
            case .text: MediaType.plainText
            case .file(let path, _): MediaType.forFileName(path)
            case .fileChoice(let written, _, _): MediaType.forFileName(written)
            case .bytes: "application/octet-stream"
            }
        }
    }

    /// The answer keys of one entry, gathered before they are checked together.
    struct AnswerFields {
        var body: (source: BodySource, keyPosition: JSONPosition)?
        var headers: [HTTPHeader] = []
        /// `headers` as written, for the positions of templated values.
        var headersNode: JSONNode?
        var template: (isOn: Bool, position: JSONPosition)?
        var fault: (fault: MockFault, position: JSONPosition)?
        var bytesPerSecond: (rate: Int, position: JSONPosition)?
    }

    /// The checked answer.
    struct BuiltAnswer {
        let headers: [HTTPHeader]
        let body: [UInt8]
        let template: ResponseTemplate?
    }

    static let maximumBytesPerSecond = 1 << 30

    /// Compiles `member` into `answer` when it is an answer key; returns false for any other key.
    mutating func compileAnswerMember(_ member: JSONMember, into answer: inout AnswerFields) -> Bool {
        let value = member.value
        switch member.key {
        case "response":
            if case .null = value.value { return true }
            setBody(.json(value), member, in: &answer)
        case "responseText":
            guard case .string(let text) = value.value else {
                add(.error, at: value.position, "responseText must be a string, found \(describe(value.value))",
                    hint: #"put the text in double quotes, such as "<ok/>"; for JSON use "response""#)
                return true
            }
            setBody(.text(text, value), member, in: &answer)
        case "responseBase64":
            guard case .string(let text) = value.value else {
                add(.error, at: value.position, "responseBase64 must be a string, found \(describe(value.value))",
                    hint: #"write the bytes in base64, such as "iVBORw0KGgo=""#)
                return true
            }
            guard let bytes = Base64.decode(text) else {
                add(.error, at: value.position, "responseBase64 \(JSONValue.excerpt(value.value)) is not base64",
                    hint: "use A–Z, a–z, 0–9, + and / (or - and _), with = padding at the end; `base64 < file` writes it")
                return true
            }
            setBody(.bytes(bytes, value), member, in: &answer)
        case "responseFile":
            guard case .string(let path) = value.value else {
                add(.error, at: value.position, "responseFile must be a string, found \(describe(value.value))",
                    hint: #"name a file relative to the fixture root, such as "files/report.pdf""#)
                return true
            }
            guard let responseFiles else {
                add(.error, at: value.position, "responseFile cannot be read here: there is no fixture root",
                    hint: "load the fixtures from a folder, or send the body with response or responseText")
                return true
            }
            if path.contains("{{") {
                compileFileChoice(path, member, responseFiles, into: &answer)
                return true
            }
            switch responseFiles.load(path, referrer: relativePath) {
            case .success(let bytes): setBody(.file(path: path, bytes: bytes), member, in: &answer)
            case .failure(let failure): add(.error, at: value.position, failure.message, hint: failure.hint)
            }
        case "headers":
            answer.headers = compileResponseHeaders(value)
            answer.headersNode = value
        case "template":
            guard case .bool(let isOn) = value.value else {
                add(.error, at: value.position, "template must be true or false, found \(describe(value.value))",
                    hint: #"write "template": true to fill in {{placeholders}} per request"#)
                return true
            }
            answer.template = (isOn, member.keyPosition)
        case "fault":
            guard case .string(let name) = value.value, let fault = MockFault(rawValue: name) else {
                let names = MockFault.allCases.map { "\"\($0)\"" }.joined(separator: ", ")
                var hint = "use one of \(names)"
                if let text = value.value.stringValue,
                   let suggestion = EditDistance.closest(to: text, among: MockFault.allCases.map(\.rawValue), maximumDistance: 3) {
                    hint = "did you mean \"\(suggestion)\"?"
                }
                add(.error, at: value.position, "fault \(JSONValue.excerpt(value.value)) is not a known fault", hint: hint)
                return true
            }
            answer.fault = (fault, value.position)
        case "bytesPerSecond":
            if let rate = compileInteger(value, key: "bytesPerSecond", range: 1...Self.maximumBytesPerSecond,
                                         hint: "use a whole number of bytes per second from 1 to \(Self.maximumBytesPerSecond), such as 2000 for a slow mobile network") {
                answer.bytesPerSecond = (rate, value.position)
            }
        default:
            return false
        }
        return true
    }

    private mutating func setBody(_ source: BodySource, _ member: JSONMember, in answer: inout AnswerFields) {
        if let existing = answer.body {
            add(.error, at: member.keyPosition,
                "\"\(source.key)\" and \"\(existing.source.key)\" (at \(existing.keyPosition)) are both set, but an entry sends one body",
                hint: "keep one of response, responseText, responseFile and responseBase64")
            return
        }
        answer.body = (source, member.keyPosition)
    }

    /// `delay`: milliseconds, or `{"min": 100, "max": 400}` for a random delay per request.
    mutating func compileDelay(_ node: JSONNode, key: String = "delay") -> EntryDelay? {
        let range = 0...Self.maximumDelayMilliseconds
        let hint = "use a whole number of milliseconds between 0 and \(Self.maximumDelayMilliseconds), {\"min\": 100, \"max\": 400} for a uniformly random delay, or {\"median\": 80, \"sigma\": 0.4} for a log-normal one"
        guard case .object(let members) = node.value else {
            return compileInteger(node, key: key, range: range, hint: hint).map { .fixed($0) }
        }
        let isLogNormal = members.contains { $0.key == "median" || $0.key == "sigma" }
        let known = isLogNormal ? ["median", "sigma", "max"] : ["min", "max"]
        var bounds: [String: Int] = [:]
        var sigma: Double?
        for member in members {
            guard known.contains(member.key) else {
                let shape = isLogNormal ? #"{"median": 80, "sigma": 0.4} (and an optional "max")"# : #"{"min": 100, "max": 400}"#
                add(.error, at: member.keyPosition, "\(key) has an unknown key \"\(member.key)\"", hint: "a random delay is written \(shape)")
                continue
            }
            if member.key == "sigma" {
                guard case .number(let number) = member.value.value, let value = Double(number.literal), value.isFinite, (0...10).contains(value) else {
                    add(.error, at: member.value.position, "\(key) sigma must be a number from 0 to 10, found \(describe(member.value.value))",
                        hint: "0.1 keeps answers near the median, 1 spreads them widely")
                    continue
                }
                sigma = value
                continue
            }
            bounds[member.key] = compileInteger(member.value, key: "\(key) \(member.key)", range: range, hint: hint)
        }
        if isLogNormal {
            guard let median = bounds["median"], let sigma else {
                if !members.contains(where: { $0.key == "median" }) || !members.contains(where: { $0.key == "sigma" }) {
                    add(.error, at: node.position, "a log-normal \(key) needs both \"median\" and \"sigma\"", hint: #"write it as {"median": 80, "sigma": 0.4}"#)
                }
                return nil
            }
            if let maximum = bounds["max"], maximum < median {
                add(.error, at: node.position, "\(key) max \(maximum) is smaller than its median \(median)", hint: "give a max above the median, or leave it out")
                return nil
            }
            return .logNormal(median: Int32(median), sigmaMillionths: Int32((sigma * 1_000_000).rounded()), maximum: bounds["max"] ?? Self.maximumDelayMilliseconds)
        }
        guard let minimum = bounds["min"], let maximum = bounds["max"] else {
            if members.allSatisfy({ $0.key == "min" || $0.key == "max" }), Set(members.map(\.key)).count < 2 {
                add(.error, at: node.position, "\(key) needs both \"min\" and \"max\"", hint: #"write it as {"min": 100, "max": 400}"#)
            }
            return nil
        }
        guard minimum <= maximum else {
            add(.error, at: node.position, "\(key) min \(minimum) is larger than max \(maximum)", hint: "swap them")
            return nil
        }
        return .uniform(minimum...maximum)
    }

    /// `"responseFile": "files/{{path.id}}.json"`: the files the path can name are read now (so
    /// the root, symlink and size checks apply as for one file), and one is chosen per request.
    private mutating func compileFileChoice(_ written: String, _ member: JSONMember, _ responseFiles: ResponseFileLoader, into answer: inout AnswerFields) {
        let position = member.value.position
        let path: TemplateText
        switch TemplateText.parse(written, pathParameterNames: pathParameterNames ?? [], quotingText: false) {
        case .success(let parsed): path = parsed
        case .failure(let error):
            add(.error, at: position, "responseFile \(JSONValue.excerpt(.string(written))): \(error.message)", hint: error.hint)
            return
        }
        if path.usesRepeatIndex {
            refuseRepeatIndex(at: position, where: "in a responseFile path")
            return
        }
        if let problem = ResponseFileLoader.shapeProblem(Self.example(of: path), shown: JSONValue.excerpt(.string(written))) {
            add(.error, at: position, problem.message, hint: problem.hint)
            return
        }
        // The files it chooses among become bodies, no longer routes: with no folder of their
        // own, every fixture file beside them would (audit R19: "{{path.id}}.json" took ping.json).
        guard case .text(let prefix)? = path.pieces.first, prefix.contains("/") else {
            add(.error, at: position, "responseFile \(JSONValue.excerpt(.string(written))) has a placeholder before its first folder, so it could name any fixture file at the root",
                hint: "keep the files in a folder of their own, such as \"data/{{path.id}}.json\"")
            return
        }
        let candidates = responseFiles.candidates(matching: path.pieces)
        guard candidates.count <= ResponseFileLoader.maximumChoices else {
            add(.error, at: position, "responseFile \(JSONValue.excerpt(.string(written))) can name \(candidates.count) files, more than the \(ResponseFileLoader.maximumChoices) read at load",
                hint: "split the files into folders the path names, such as \(Self.example(of: path).split(separator: "/").dropLast().joined(separator: "/"))/{{path.group}}/{{path.id}}.json, or keep fewer under it")
            return
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for candidate in candidates {
            switch responseFiles.load(candidate, referrer: relativePath) {
            case .success(let bytes): files.append((candidate, bytes))
            case .failure(let failure): add(.warning, at: position, failure.message + "; it is never chosen", hint: failure.hint)
            }
        }
        if files.isEmpty {
            add(.warning, at: position, "no file under the root fits responseFile \(JSONValue.excerpt(.string(written))), so every answer is a 404 naming the file it looked for",
                hint: "add the files, such as \(Self.example(of: path))")
        }
        setBody(.fileChoice(written: written, path: path, files: files), member, in: &answer)
    }

    /// `files/7.json` for `files/{{path.id}}.json`: an example of a file a path can name.
    private static func example(of path: TemplateText) -> String {
        path.pieces.map { piece in
            if case .text(let text) = piece { return text }
            return "7"
        }.joined()
    }

    /// Checks the answer keys together: one body, the body a status allows, a fault that can
    /// happen, and templates; then builds headers and body. `nil` after an error.
    mutating func buildAnswer(_ fields: AnswerFields, status: Int, members: [JSONMember]) -> BuiltAnswer? {
        let errorsBefore = errorCount
        var answer = fields
        if Self.bodylessStatuses.contains(status) {
            dropBody(of: status, answer: &answer, members: members)
        }
        checkDelivery(answer)
        checkContentEncoding(answer, members: members)
        var headers: [HTTPHeader] = []
        if let body = answer.body, !answer.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(HTTPHeader(name: "Content-Type", value: body.source.defaultContentType))
        }
        headers.append(contentsOf: answer.headers)
        let template: ResponseTemplate?
        if case .fileChoice(let written, _, _)? = answer.body?.source, answer.template?.isOn != true, !(answer.template == nil && templateAll) {
            add(.error, at: answer.body?.keyPosition, "responseFile \(JSONValue.excerpt(.string(written))) has placeholders, which are filled in only with \"template\": true",
                hint: "add \"template\": true to choose the file per request, or name one file")
            template = nil
        } else if answer.template?.isOn == true {
            template = compileTemplate(answer, headers: headers)
        } else if answer.template == nil, templateAll, holdsPlaceholderSuspects(answer) {
            // `--template-all`: as if the entry said `"template": true`.
            template = compileTemplate(answer, headers: headers)
        } else {
            template = nil
            // An explicit `"template": false` says the text is meant as written (the recorder
            // writes it for an API's own `{{…}}`).
            if answer.template == nil { warnForgottenTemplate(answer) }
        }
        guard errorCount == errorsBefore else { return nil }
        let body: [UInt8]
        switch answer.body?.source {
        case nil: body = []
        case .json(let node): body = node.value.serializedBytes()
        case .text(let text, _): body = Array(text.utf8)
        case .file(_, let bytes), .bytes(let bytes, _): body = bytes
        case .fileChoice: body = []   // chosen and rendered per request
        }
        return BuiltAnswer(headers: headers, body: body, template: template)
    }

    /// Statuses whose answers never carry a body (RFC 9110 §15.3.5, §15.3.6, §15.4.5).
    static let bodylessStatuses: Set<Int> = [204, 205, 304]

    /// Headers that describe a body, meaningless on an answer that has none.
    static let bodyDescribingHeaders: Set<String> = ["content-type", "content-encoding", "content-language", "content-range"]

    /// 204, 205 and 304 answers have no body and no `Content-Type`: both are dropped with a
    /// warning, so the server and the in-process transport send exactly the same nothing.
    private mutating func dropBody(of status: Int, answer: inout AnswerFields, members: [JSONMember]) {
        if let body = answer.body {
            add(.warning, at: body.keyPosition, "status \(status) answers never carry a body, so \"\(body.source.key)\" is not sent",
                hint: "remove \"\(body.source.key)\", or use a status such as 200 to send a body")
            answer.body = nil
        }
        let bodyHeaders = answer.headers.filter { Self.bodyDescribingHeaders.contains($0.name.lowercased()) }
        guard !bodyHeaders.isEmpty else { return }
        var warned: Set<String> = []
        // Once per name: a header given as an array has several lines, one problem.
        for header in bodyHeaders where warned.insert(header.name.lowercased()).inserted {
            let position = members.last { $0.key == "headers" }?.value.value.objectMembers?.last { $0.key == header.name }?.keyPosition
            add(.warning, at: position, "status \(status) answers have no body, so header \"\(header.name)\" is not sent",
                hint: "remove \"\(header.name)\"")
        }
        answer.headers.removeAll { Self.bodyDescribingHeaders.contains($0.name.lowercased()) }
    }

    /// A `Content-Encoding` other than `identity` on a `response` or `responseText` body, which is
    /// sent as written: every client would fail to decode it (URLSession throws), so it is an
    /// error, not a way to test that failure (a `responseFile` of broken bytes is).
    private mutating func checkContentEncoding(_ answer: AnswerFields, members: [JSONMember]) {
        guard let body = answer.body, let header = answer.headers.first(where: { $0.name.lowercased() == "content-encoding" }) else { return }
        // A templated responseFile of text is rendered, so it is no more encoded than responseText.
        if case .file(_, let bytes) = body.source, answer.template?.isOn != true || String(validating: bytes, as: UTF8.self) == nil { return }
        // The files a templated path chooses among: text is rendered (so not encoded), as for one file.
        if case .fileChoice(_, _, let files) = body.source, !files.contains(where: { String(validating: $0.bytes, as: UTF8.self) != nil }) { return }
        if case .bytes = body.source { return }   // bytes as written, encoded ones included
        let codings = header.value.split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
        guard codings.contains(where: { $0 != "identity" }) else { return }
        let position = members.last { $0.key == "headers" }?.value.value.objectMembers?.last { $0.key == header.name }?.keyPosition
        add(.error, at: position,
            "header \"\(header.name): \(header.value)\" says the body is encoded, but \"\(body.source.key)\" is sent as \(body.source.isFile ? "rendered from its template" : "written"), so every client would fail to decode it",
            hint: "put the encoded bytes in a file and name it with \"responseFile\" (e.g. a .json.gz), or remove the header")
    }

    /// Faults and throttling that could never show: a body nobody receives, a cut with nothing to cut.
    private mutating func checkDelivery(_ answer: AnswerFields) {
        if let (fault, position) = answer.fault {
            switch fault {
            case .connectionReset, .emptyResponse, .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .secureConnectionFailed:
                if let body = answer.body {
                    add(.warning, at: body.keyPosition, "\"\(body.source.key)\" is never sent: fault \"\(fault)\" closes the connection without answering",
                        hint: "remove \"\(body.source.key)\", or use \"truncatedBody\" to send part of it")
                }
                if let rate = answer.bytesPerSecond {
                    add(.warning, at: rate.position, "bytesPerSecond has no effect: fault \"\(fault)\" sends no body",
                        hint: "remove bytesPerSecond")
                }
            case .truncatedBody:
                if answer.body == nil {
                    add(.error, at: position, "fault \"truncatedBody\" needs a body to cut, but the entry sends none",
                        hint: "add a response, responseText, responseFile or responseBase64 (a status such as 200 that allows a body), or use \"emptyResponse\"")
                }
            }
        } else if let rate = answer.bytesPerSecond, answer.body == nil {
            add(.warning, at: rate.position, "bytesPerSecond has no effect: the entry sends no body",
                hint: "remove it, or add a response to send slowly (delay holds back the whole answer)")
        }
    }
}
