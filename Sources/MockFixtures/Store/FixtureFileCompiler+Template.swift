/// `"template": true`: every string of `response`, every `headers` value and `responseText`
/// may hold `{{placeholders}}`, parsed here once so answering only concatenates.
extension FixtureFileCompiler {
    /// The entry's answer as a template; problems (with the position of the string) for every
    /// malformed or unknown placeholder.
    mutating func compileTemplate(_ answer: AnswerFields, headers: [HTTPHeader]) -> ResponseTemplate? {
        let names = pathParameterNames ?? []
        let errorsBefore = errorCount
        var foundPlaceholder = false
        var templatedHeaders: [ResponseTemplate.Header] = []
        // How many lines of a header array with the same text came before, to point at the right one.
        var earlierLines: [String: Int] = [:]
        for header in headers {
            let line = header.name + ": " + header.value
            let occurrence = earlierLines[line, default: 0]
            earlierLines[line] = occurrence + 1
            guard header.value.contains("{{"),
                  let text = parseTemplate(header.value, at: headerValuePosition(header.name, value: header.value, occurrence: occurrence, in: answer),
                                           names: names) else {
                templatedHeaders.append(.fixed(header))
                continue
            }
            foundPlaceholder = foundPlaceholder || text.hasPlaceholders
            templatedHeaders.append(.templated(name: header.name, value: text))
        }
        let body: ResponseTemplate.Body
        // A body that cannot be templated (bytes) is warned about once, for what it is.
        var bodyIsBytes = false
        switch answer.body?.source {
        case nil:
            body = .fixed([])
        case .file(let path, let bytes):
            let (fileBody, filePlaceholders) = compileFileTemplate(path: path, bytes: bytes, keyPosition: answer.body?.keyPosition, names: names)
            foundPlaceholder = foundPlaceholder || filePlaceholders
            if case .fixed = fileBody { bodyIsBytes = true }
            body = fileBody
        case .bytes(let bytes, _):
            add(.warning, at: answer.body?.keyPosition, "template does not apply to responseBase64, whose bytes are sent as they are",
                hint: "put text in responseText or JSON in response to template it")
            bodyIsBytes = true
            body = .fixed(bytes)
        case .text(let text, let node):
            if let parsed = parseTemplate(text, at: node.position, names: names) {
                foundPlaceholder = foundPlaceholder || parsed.hasPlaceholders
                body = .text(parsed)
            } else {
                body = .text(TemplateText(pieces: [.text(text)]))
            }
        case .json(let node):
            var templates: [String: TemplateText] = [:]
            collectTemplates(in: node, names: names, into: &templates)
            // A `$repeat` makes its list only with "template": true, placeholders or not.
            foundPlaceholder = foundPlaceholder || templates.values.contains { $0.hasPlaceholders } || Self.holdsRepeat(node.value)
            body = .json(ResponseTemplate.jsonParts(of: node.value, templates: templates))
        case .fileChoice(let written, let path, let files):
            // Each file is compiled as a templated responseFile is; the path is the placeholder.
            foundPlaceholder = true
            var bodies: [String: ResponseTemplate.Body] = [:]
            var contentTypes: [String: String] = [:]
            for file in files {
                let before = problemCount
                let compiled = compileFileTemplate(path: file.path, bytes: file.bytes, keyPosition: answer.body?.keyPosition, names: names, warnsAboutBytes: false).0
                // One broken file is left out, not a 500 for every request the others answer.
                if demoteErrors(since: before, at: answer.body?.keyPosition, consequence: "\(file.path) is never chosen") { continue }
                bodies[file.path] = compiled
                contentTypes[file.path] = MediaType.forFileName(file.path)
            }
            let explicit = answer.headers.contains { $0.name.lowercased() == "content-type" }
            body = .fileChoice(ResponseFileChoice(written: written, path: path, bodies: bodies, contentTypes: explicit ? [:] : contentTypes))
        }
        if !foundPlaceholder, !bodyIsBytes, !webhooksAreTemplated, errorCount == errorsBefore, let template = answer.template {
            add(.warning, at: template.position, "template is true but nothing in the answer holds a {{placeholder}}, so every answer is the same",
                hint: "add a placeholder such as {{path.id}} or {{uuid}}, or remove \"template\" (fixed answers are prebuilt and faster)")
        }
        return ResponseTemplate(headers: templatedHeaders, body: body)
    }

    /// A templated `responseFile`: one whose type is JSON (`.json`, `.map`, `.jsonld`,
    /// `.webmanifest`: `application/json` or `…+json`) like `response` — placeholders in its
    /// strings, a whole-string one keeping its JSON type, values escaped as JSON — any other
    /// UTF-8 file like `responseText`. Problems name the file and the line and column in it, at
    /// the `responseFile` key. A file that is not UTF-8 text (an image, a `.gz`) is sent as it
    /// is, with a warning.
    private mutating func compileFileTemplate(path: String, bytes: [UInt8], keyPosition: JSONPosition?, names: [String],
                                              warnsAboutBytes: Bool = true) -> (ResponseTemplate.Body, Bool) {
        let shown = JSONValue.excerpt(.string(path))
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // Among the files a templated path chooses from, an image is simply sent.
            if warnsAboutBytes {
                add(.warning, at: keyPosition, "template does not apply to responseFile \(shown), which is not UTF-8 text: its bytes are sent as they are",
                    hint: "template a text or JSON file, or use response or responseText")
            }
            return (.fixed(bytes), false)
        }
        guard MediaType.isJSON(MediaType.forFileName(path)) else {
            templateSource = (path, keyPosition)
            defer { templateSource = nil }
            switch TemplateText.parse(text, pathParameterNames: names, quotingText: false) {
            case .success(let parsed) where parsed.usesRepeatIndex:
                let offset = text.firstRange(of: "{{index").map { text.distance(from: text.startIndex, to: $0.lowerBound) }
                refuseRepeatIndex(at: offset.map { Self.position(ofCharacter: $0, in: text) } ?? keyPosition, where: "in a text file, outside any $repeat")
                return (.fixed(bytes), false)
            case .success(let parsed):
                return (.text(parsed), parsed.hasPlaceholders)
            case .failure(let error):
                add(.error, at: error.characterOffset.map { Self.position(ofCharacter: $0, in: text) }, error.message, hint: error.hint)
                return (.fixed(bytes), false)
            }
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            add(.error, at: keyPosition, "responseFile \(shown) is not valid JSON at \(error.position): \(error.message), so its strings cannot be templated",
                hint: "fix the file, or give it a text extension such as .txt to template it as text")
            return (.fixed(bytes), false)
        }
        templateSource = (path, keyPosition)
        defer { templateSource = nil }
        warnDuplicateKeys(document.duplicateKeys)
        var templates: [String: TemplateText] = [:]
        collectTemplates(in: document.root, names: names, into: &templates)
        return (.json(ResponseTemplate.jsonParts(of: document.root.value, templates: templates)), templates.values.contains { $0.hasPlaceholders })
    }

    /// Line and column (from 1) of the character at `offset` (from 0) of `text`, as an editor
    /// shows them: LF, CR LF and a lone CR end a line; a byte order mark takes no column.
    static func position(ofCharacter offset: Int, in text: String) -> JSONPosition {
        var line = 1
        var column = 1
        for (index, character) in text.prefix(offset).enumerated() {
            if character == "\n" || character == "\r\n" || character == "\r" {
                line += 1
                column = 1
            } else if !(index == 0 && character == "\u{FEFF}") {
                column += 1
            }
        }
        return JSONPosition(line: line, column: column)
    }

    /// Every string of a JSON body that holds `{{`, parsed (keys are never templated); a
    /// `{"$repeat": …}` checked, and `{{index}}` allowed only inside one.
    private mutating func collectTemplates(in node: JSONNode, names: [String], into templates: inout [String: TemplateText], insideRepeat: Bool = false) {
        switch node.value {
        case .string(let text):
            guard text.contains("{{") else { return }
            if templates[text] == nil, let parsed = parseTemplate(text, at: node.position, names: names, allowsRepeatIndex: true) { templates[text] = parsed }
            if !insideRepeat, let parsed = templates[text], parsed.usesRepeatIndex {
                refuseRepeatIndex(at: node.position)
            }
        case .array(let elements):
            for element in elements { collectTemplates(in: element, names: names, into: &templates, insideRepeat: insideRepeat) }
        case .object(let members):
            if members.contains(where: { $0.key == "$repeat" }) {
                compileRepeat(node, members, names: names, into: &templates, insideRepeat: insideRepeat)
                return
            }
            for member in members { collectTemplates(in: member.value, names: names, into: &templates, insideRepeat: insideRepeat) }
        default:
            break
        }
    }

    /// Whether a `{"$repeat": …}` object stands anywhere in `value`.
    static func holdsRepeat(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members): members.contains { $0.key == "$repeat" || holdsRepeat($0.value.value) }
        case .array(let elements): elements.contains { holdsRepeat($0.value) }
        default: false
        }
    }

    /// `{"$repeat": {"count": 3 or "{{query.limit}}", "item": …}}`: an array of `count` items.
    private mutating func compileRepeat(_ node: JSONNode, _ members: [JSONMember], names: [String], into templates: inout [String: TemplateText], insideRepeat: Bool) {
        let example = #"{"$repeat": {"count": "{{query.limit}}", "item": {"id": "{{index}}", "code": "{{random.hex(8)}}"}}}"#
        guard members.count == 1, let spec = members.first?.value, case .object(let specMembers) = spec.value else {
            add(.error, at: node.position, "a $repeat object holds only \"$repeat\", whose value is an object with \"count\" and \"item\"",
                hint: "write it as \(example); to send a key \"$repeat\" literally, leave out \"template\": true")
            return
        }
        if let unknown = specMembers.first(where: { $0.key != "count" && $0.key != "item" }) {
            add(.error, at: unknown.keyPosition, "$repeat has an unknown key \"\(unknown.key)\"", hint: "it takes \"count\" and \"item\": \(example)")
            return
        }
        guard let count = specMembers.last(where: { $0.key == "count" })?.value, let item = specMembers.last(where: { $0.key == "item" })?.value else {
            add(.error, at: spec.position, "$repeat needs \"count\" and \"item\"", hint: "write it as \(example)")
            return
        }
        switch count.value {
        case .number:
            _ = compileInteger(count, key: "$repeat count", range: 0...ResponseTemplate.maximumRepeatCount,
                               hint: "use a whole number from 0 to \(ResponseTemplate.maximumRepeatCount), or one placeholder such as \"{{query.limit}}\"")
        case .string(let text):
            let errorsBefore = errorCount
            collectTemplates(in: count, names: names, into: &templates, insideRepeat: insideRepeat)
            if templates[text]?.solePlaceholder == nil, errorCount == errorsBefore {
                add(.error, at: count.position, "$repeat count \(JSONValue.excerpt(count.value)) is neither a number nor one placeholder",
                    hint: "write a whole number, or one placeholder such as \"{{query.limit | number}}\"; a value that is not a number makes no items")
            }
        default:
            add(.error, at: count.position, "$repeat count must be a number or a placeholder, found \(describe(count.value))",
                hint: "write \"count\": 3 or \"count\": \"{{query.limit}}\"")
        }
        collectTemplates(in: item, names: names, into: &templates, insideRepeat: true)
    }

    /// The error for `{{index}}` where no `$repeat` gives it a value.
    mutating func refuseRepeatIndex(at position: JSONPosition?, where place: String = "outside a $repeat") {
        add(.error, at: position, "{{index}} stands \(place), where there is no item to count",
            hint: #"use it in a $repeat's item of a JSON answer: {"$repeat": {"count": 3, "item": {"id": "{{index}}"}}}"#)
    }

    /// `text` parsed; `{{index}}` is an error unless the caller checks it (a JSON string, which
    /// may stand in a `$repeat`).
    private mutating func parseTemplate(_ text: String, at position: JSONPosition?, names: [String], allowsRepeatIndex: Bool = false) -> TemplateText? {
        switch TemplateText.parse(text, pathParameterNames: names) {
        case .success(let parsed):
            if !allowsRepeatIndex, parsed.usesRepeatIndex {
                refuseRepeatIndex(at: position)
                return nil
            }
            return parsed
        case .failure(let error):
            add(.error, at: position, error.message, hint: error.hint)
            return nil
        }
    }

    /// Where the value of header `name` is written; for a header given as an array, the
    /// `occurrence`-th element holding `value`.
    private func headerValuePosition(_ name: String, value: String? = nil, occurrence: Int = 0, in answer: AnswerFields) -> JSONPosition? {
        guard let node = answer.headersNode?.value.objectMembers?.last(where: { $0.key == name })?.value else { return nil }
        if case .array(let elements) = node.value, let value {
            let matching = elements.filter { $0.value.stringValue.map { $0.trimmingSpaces() == value.trimmingSpaces() } ?? false }
            if !matching.isEmpty { return matching[min(occurrence, matching.count - 1)].position }
        }
        return node.position
    }

    /// Whether the answer holds a `{{` anywhere it could be templated: what `--template-all`
    /// templates, as if the entry said `"template": true` — so a placeholder it does not know
    /// (`{{paht.id}}`) is the same load error (audit R19), and an entry without any stays prebuilt.
    func holdsPlaceholderSuspects(_ answer: AnswerFields) -> Bool {
        if answer.headers.contains(where: { $0.value.contains("{{") }) { return true }
        switch answer.body?.source {
        case .text(let text, _): return text.contains("{{")
        case .json(let node): return Self.holdsOpeningBraces(node.value) || Self.holdsRepeat(node.value)
        case .fileChoice: return true
        case .file(_, let bytes): return String(validating: bytes, as: UTF8.self) != nil && bytes.firstRange(of: Self.openingBraces) != nil
        case .bytes, nil: return false
        }
    }

    private static func holdsOpeningBraces(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.contains("{{")
        case .array(let elements): elements.contains { holdsOpeningBraces($0.value) }
        case .object(let members): members.contains { holdsOpeningBraces($0.value.value) }
        default: false
        }
    }

    /// A warning for text that looks like our placeholders in an entry without `"template": true`.
    mutating func warnForgottenTemplate(_ answer: AnswerFields) {
        var suspects: [(text: String, position: JSONPosition?)] = []
        for header in answer.headers where TemplateText.looksTemplated(header.value) {
            suspects.append((header.value, headerValuePosition(header.name, value: header.value, in: answer)))
        }
        switch answer.body?.source {
        case .text(let text, let node) where TemplateText.looksTemplated(text):
            suspects.append((text, node.position))
        case .json(let node):
            Self.collectSuspects(in: node, into: &suspects)
        case .file(let path, let bytes):
            // Only a file that would render differently with "template": true: a valid placeholder
            // of ours, not any `{{` (a Handlebars page's `{{{body}}}`, `{{nowPlaying}}`), and only
            // text small enough to read at once (a 60 MB file is not scanned at every load).
            if bytes.count <= Self.forgottenTemplateScanLimit, bytes.firstRange(of: Self.openingBraces) != nil,
               let text = String(validating: bytes, as: UTF8.self),
               case .success(let parsed) = TemplateText.parse(text, pathParameterNames: pathParameterNames ?? [], quotingText: false), parsed.hasPlaceholders {
                add(.warning, at: answer.body?.keyPosition,
                    "responseFile \(JSONValue.excerpt(.string(path))) holds what looks like a {{placeholder}}, but the entry has no \"template\": true, so it is sent as written",
                    hint: "add \"template\": true to fill it in per request")
                return
            }
        default:
            break
        }
        guard let first = suspects.first else { return }
        add(.warning, at: first.position,
            "\(JSONValue.excerpt(.string(first.text))) looks like a {{placeholder}}, but the entry has no \"template\": true, so it is sent as written",
            hint: "add \"template\": true to fill it in per request")
    }

    /// The largest `responseFile` checked for a forgotten `"template": true`.
    static let forgottenTemplateScanLimit = 1 << 20
    static let openingBraces: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "{")]

    private static func collectSuspects(in node: JSONNode, into suspects: inout [(text: String, position: JSONPosition?)]) {
        switch node.value {
        case .string(let text) where TemplateText.looksTemplated(text):
            suspects.append((text, node.position))
        case .array(let elements):
            for element in elements { collectSuspects(in: element, into: &suspects) }
        case .object(let members):
            for member in members { collectSuspects(in: member.value, into: &suspects) }
        default:
            break
        }
    }
}
