#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockFixtures

/// A Hoverfly pair's `response` as entry keys: `status`, `headers` (each a list of values),
/// the body (`body`: `response` when it is JSON, else `responseText`; `encodedBody`:
/// `responseBase64`; `bodyFile`: a `responseFile` copied under `__files/`, or inlined when
/// templated, as Hoverfly reads the file into the body), `template` with the placeholders
/// converted, and `fixedDelay` or `logNormalDelay` as `delay`.
struct HoverflyResponse {
    var keys: [(String, JSONValue)] = []
    var notes: [String] = []
    var bodyFiles: [BodyFile] = []

    static let responseKeys: Set<String> = [
        "status", "body", "encodedBody", "bodyFile", "headers", "templated", "transitionsState", "removesState",
        "fixedDelay", "logNormalDelay", "postServeAction",
    ]

    /// `filesFolder`: where a relative `bodyFile` is read (Hoverfly's `-response-body-files-path`).
    init(_ response: JSONValue, path: ImportedPath, literals: [String: JSONValue], filesFolder: String) throws(StubRefusal) {
        guard let members = response.objectMembers else { throw StubRefusal("response", "is missing or not an object") }
        for member in members where !Self.responseKeys.contains(member.key) {
            notes.append("response.\(member.key) is no response field Hoverfly reads, so it is left out")
        }
        guard let status = response["status"]?.integer, status != 0 else {
            throw StubRefusal("response.status", response["status"] == nil || response["status"] == .number(JSONNumber(0))
                ? "is missing; a pair needs the status it answers with"
                : "\(JSONValue.excerpt(response["status"]!)) is not a whole number (Hoverfly refuses the simulation)")
        }
        guard (200...599).contains(status) else {
            throw StubRefusal("response.status", "\(status) is not a final status (200-599)\(status < 200 && status >= 100 ? ": a 1xx answer cannot end an exchange" : "")")
        }
        keys.append(("status", .number(JSONNumber(status))))
        var templated = response["templated"] == .bool(true)
        if templated, ([response["body"]?.stringValue ?? ""] + Self.headerTexts(response["headers"])).contains(where: HandlebarsText.isUnclosed) {
            // Hoverfly sends a template it cannot parse as written.
            templated = false
            notes.append("response: a '{{' without its '}}' makes Hoverfly send the pair's text as written, so it is not templated here either")
        }
        var template = HoverflyTemplate(path: path, literals: literals)
        var dropped: [String] = []
        let headers = try Self.headers(response["headers"], templated: templated, template: &template, dropped: &dropped)
        if !dropped.isEmpty { notes.append(Self.droppedHeadersNote(dropped, at: "response.headers")) }
        if !headers.isEmpty { keys.append(("headers", .makeObject(headers))) }
        // Placeholders filled in (templated), or braces sent as written (`"template": false`,
        // for --template-all).
        var holdsBraces = headers.contains { WireMockResponse.holdsPlaceholder($0.1) }
        // Whether a placeholder is left to fill in per request (one the import wrote in is not).
        var fillsIn = templated && headers.contains { $0.1.containsString(where: Self.holdsUnescapedPlaceholder) }
        let contentType = headers.last { $0.0.lowercased() == "content-type" }?.1.stringValue
        var body = response["body"]?.stringValue ?? ""
        if response["encodedBody"] == .bool(true) {
            if Base64.decode(body) == nil {
                // Go's decoder (which Hoverfly's error is ignored after) keeps the whole groups of
                // four before the first bad character (audits R2, R3).
                let valid = body.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }
                let kept = String(valid.prefix(valid.count / 4 * 4))
                notes.append("response.body is not base64: Hoverfly sends what decodes before the first bad character (\(kept.isEmpty ? "nothing" : "\(Base64.decode(kept)?.count ?? 0) bytes")), and so does the entry")
                if !kept.isEmpty { keys.append(("responseBase64", .string(kept))) }
            } else if !body.isEmpty {
                if holdsBraces, templated { throw StubRefusal("response.headers", "are templated beside a base64 body, which a template here does not fill in; write the headers as sent") }
                keys.append(("responseBase64", .string(body)))
            }
        } else {
            if let file = response["bodyFile"]?.stringValue, !file.isEmpty {
                if !body.isEmpty {
                    notes.append("response.bodyFile \(JSONValue.excerpt(.string(file))) is left out: Hoverfly sends body when a pair has both")
                } else {
                    let (data, name) = try Self.bodyFile(file, filesFolder: filesFolder)
                    if templated, let text = String(validating: data, as: UTF8.self), text.contains("{{") {
                        body = text
                    } else {
                        if data.firstRange(of: Array("{{".utf8)) != nil {
                            if templated, holdsBraces {
                                throw StubRefusal("response.bodyFile", "holds '{{' in bytes that are not text, sent as written beside templated headers, which one entry cannot say here")
                            }
                            holdsBraces = true
                        }
                        bodyFiles = [BodyFile(path: name, bytes: data)]
                        keys.append(("responseFile", .string(WireMockStub.filesFolder + "/" + name)))
                    }
                }
            }
            if templated, body.contains("{{") {
                var text = try template.converted(body, at: "response.body")
                if Self.holdsUnescapedPlaceholder(text) {
                    fillsIn = true
                } else if !fillsIn {
                    // Nothing left to fill in (literals written in): the text as it is sent.
                    text = text.replacing("\\{{", with: "{{")
                }
                let converted = JSONValue.string(text)
                keys.append(("responseText", converted))
                holdsBraces = holdsBraces || text.contains("{{")
            } else if !body.isEmpty {
                if let document = try? JSONParser.parse(Array(body.utf8)), contentType.map(MediaType.isJSON) ?? true {
                    keys.append(("response", document.root.value))
                } else {
                    keys.append(("responseText", .string(body)))
                }
                if body.contains("{{") { holdsBraces = true }
            }
        }
        // Templated with placeholders left (those the import fills in, a literal or a path's
        // text, leave none: audit H1), or braces sent as written.
        if holdsBraces { keys.append(("template", .bool(fillsIn))) }
        if template.escapedRequestValues {
            notes.append("Hoverfly escapes a {{…}} request value for HTML (& < > \" ' as entities, as {{{…}}} does not); here it is sent as it is")
        }
        try addDelay(response)
        if let action = response["postServeAction"]?.stringValue, !action.isEmpty {
            notes.append("response.postServeAction \(JSONValue.excerpt(.string(action))) is not run here (a program Hoverfly runs after answering); a webhook (\"webhooks\") can send a request instead")
        }
    }

    /// `{"Name": ["value", …]}`, without the headers the server writes itself.
    /// A note naming the answer headers left out (but `Content-Length`, which every answer gets
    /// anew, and `Date`, which the importer notes once).
    static func droppedHeadersNote(_ names: [String], at key: String) -> String {
        "\(key) \(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") left out: the server writes its own connection and framing headers, and sends no header without a value"
    }

    private static func headers(_ value: JSONValue?, templated: Bool, template: inout HoverflyTemplate, dropped: inout [String]) throws(StubRefusal) -> [(String, JSONValue)] {
        guard let value, value != .null else { return [] }
        guard let members = value.objectMembers else { throw StubRefusal("response.headers", "must be an object of value lists by header name") }
        var headers: [(String, JSONValue)] = []
        for member in members {
            let key = "response.headers.\(member.key)"
            let lowercased = member.key.lowercased()
            // A recorded Date is the capture's; the server sends the current one (the importer says so once).
            guard lowercased != "date", lowercased != "content-length" else { continue }
            guard !WireMockResponse.computedHeaders.contains(lowercased) else {
                dropped.append(member.key)
                continue
            }
            var values: [String] = []
            switch member.value.value {
            case .string(let text): values = [text]
            case .array(let elements):
                for element in elements {
                    guard let text = element.value.stringValue else { throw StubRefusal(key, "must be a list of strings") }
                    values.append(text)
                }
            default: throw StubRefusal(key, "must be a list of strings")
            }
            if lowercased == "connection", values.last?.lowercased() != "close" {
                dropped.append(member.key)
                continue
            }
            var converted: [String] = []
            for text in values where !text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                converted.append(templated && text.contains("{{") ? try template.converted(text, at: key) : text)
            }
            guard !converted.isEmpty else {
                dropped.append(member.key)
                continue
            }
            guard !headers.contains(where: { $0.0.lowercased() == lowercased }) else {
                throw StubRefusal(key, "names a header named before (names are case-insensitive); give its values in one list")
            }
            headers.append((member.key, converted.count == 1 ? .string(converted[0]) : .makeArray(converted.map { .string($0) })))
        }
        return headers
    }

    /// Whether `text` holds a `{{` that is no escaped `\{{`: a placeholder to fill in.
    static func holdsUnescapedPlaceholder(_ text: String) -> Bool {
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            if open.lowerBound == rest.startIndex || rest[rest.index(before: open.lowerBound)] != "\\" { return true }
            rest = rest[open.upperBound...]
        }
        return false
    }

    /// The header values of `response.headers`, as written.
    private static func headerTexts(_ value: JSONValue?) -> [String] {
        (value?.objectMembers ?? []).flatMap { member in
            if case .array(let elements) = member.value.value { return elements.compactMap(\.value.stringValue) }
            return member.value.value.stringValue.map { [$0] } ?? []
        }
    }

    /// A `bodyFile`, relative to `filesFolder`, and the name it gets under `__files/`.
    private static func bodyFile(_ written: String, filesFolder: String) throws(StubRefusal) -> ([UInt8], String) {
        let key = "response.bodyFile"
        if written.hasPrefix("http://") || written.hasPrefix("https://") {
            throw StubRefusal(key, "\(JSONValue.excerpt(.string(written))) is a URL, which is not fetched here; save the file and name it")
        }
        guard !written.hasPrefix("/") else {
            throw StubRefusal(key, "\(JSONValue.excerpt(.string(written))) is an absolute path, which Hoverfly refuses; name it relative to --files (default: the simulation's folder)")
        }
        let absolute = filesFolder + "/" + written
        guard let name = ImportPaths.relative(absolute, to: filesFolder), !name.isEmpty,
              !name.split(separator: "/").contains(where: { HiddenName.isHidden(String($0)) }) else {
            throw StubRefusal(key, "\(JSONValue.excerpt(.string(written))) names no file inside \(filesFolder) that a fixture folder serves (outside it, or a hidden name)")
        }
        switch ImportPaths.regularFileBytes(absolute) {
        case .success(let data): return (data, name)
        case .failure(let refusal): throw StubRefusal(key, refusal.reason)
        }
    }

    private mutating func addDelay(_ response: JSONValue) throws(StubRefusal) {
        let fixed = response["fixedDelay"]?.integer ?? 0
        guard (0...600_000).contains(fixed) else {
            throw StubRefusal("response.fixedDelay", "\(fixed) is not a whole number of milliseconds from 0 to 600000")
        }
        guard let logNormal = try Self.logNormalDelay(response["logNormalDelay"], at: "response.logNormalDelay", notes: &notes) else {
            if fixed > 0 { keys.append(("delay", .number(JSONNumber(fixed)))) }
            return
        }
        guard fixed == 0 else {
            throw StubRefusal("response.logNormalDelay", "beside fixedDelay, which Hoverfly adds one after the other; a delay here is one or the other")
        }
        keys.append(("delay", logNormal))
    }

    /// `{"min", "max", "mean", "median"}` (milliseconds) as `{"median", "sigma", "max"}`; nil
    /// when it is absent or all zero.
    static func logNormalDelay(_ value: JSONValue?, at key: String, notes: inout [String]) throws(StubRefusal) -> JSONValue? {
        guard let value, value != .null, ["min", "max", "mean", "median"].contains(where: { (value[$0]?.integer ?? 0) != 0 }) else { return nil }
        guard let median = value["median"]?.integer, let mean = value["mean"]?.integer, median > 0, mean >= median else {
            throw StubRefusal(key, "needs a median above 0 and a mean no lower than it (a log-normal's mean is at least its median)")
        }
        let maximum = value["max"]?.integer ?? 0
        let minimum = value["min"]?.integer ?? 0
        guard (0...600_000).contains(maximum), (0...600_000).contains(median) else {
            throw StubRefusal(key, "has a median or max beyond the 600000 ms a delay may be")
        }
        // Hoverfly derives σ from the mean and the median: mean = median · e^(σ²/2).
        let sigma = (2 * log(Double(mean) / Double(median))).squareRoot()
        let scaled = Int((sigma * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        var pairs: [(String, JSONValue)] = [("median", .number(JSONNumber(median))),
                                            ("sigma", .number(JSONNumber(literal: "\(scaled / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)")))]
        if maximum > 0 { pairs.append(("max", .number(JSONNumber(maximum)))) }
        if minimum > 0 {
            notes.append("\(key).min \(minimum) ms is not kept: a log-normal delay here has no floor (Hoverfly raises shorter ones to it)")
        }
        return .makeObject(pairs)
    }
}
