#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// A Mockoon response's answer as entry keys: `status`, `headers` (the environment's, then the
/// response's), `delay` (the environment's latency plus the response's), the body (`INLINE`:
/// `response` for JSON, `responseText` otherwise or when templated; `FILE`: a `responseFile`
/// copied under `__files/`, or inlined as `responseText` when templated, since Mockoon fills in
/// a file as text), `template`, and its callbacks as `webhooks`.
struct MockoonAnswer {
    var keys: [(String, JSONValue)] = []
    var notes: [String] = []
    var bodyFiles: [BodyFile] = []

    init(_ response: JSONValue, at key: String, path: ImportedPath, environment: MockoonEnvironment) throws(StubRefusal) {
        let template = MockoonTemplate(parameterNames: path.parameterNames)
        let templated = response["disableTemplating"] != .bool(true)
        if response["fallbackTo404"] == .bool(true) {
            throw StubRefusal("\(key).fallbackTo404", "has no equivalent here; leave the response out, and the 404 explains what did not match")
        }
        let status = response["statusCode"]?.integer ?? response["statusCode"]?.stringValue.flatMap { Int($0) } ?? 200
        guard (200...599).contains(status) else {
            throw StubRefusal("\(key).statusCode", "\(status) is not a final status (200-599)")
        }
        keys.append(("status", .number(JSONNumber(status))))
        let isFile = response["bodyType"]?.stringValue == "FILE"
        // Mockoon takes a file's type from its name when it knows one (audit M2: an unknown one
        // keeps the environment's).
        let fileHasType = isFile && MediaType.forFileName(response["filePath"]?.stringValue ?? "") != "application/octet-stream"
        var own: [(String, String)] = []
        if case .array(let list)? = response["headers"] {
            for header in list.map(\.value) {
                guard let name = header["key"]?.stringValue, !name.isEmpty else { continue }
                own.append((name, header["value"]?.importedText ?? ""))
            }
        }
        // The environment's, then the response's, which replace them — but `Set-Cookie`, whose
        // lines add up (audit M1), and a file's `Content-Type`, which Mockoon takes from the file
        // unless the response names one.
        var headers: [(String, [String])] = []
        let ownsContentType = own.contains { $0.0.lowercased() == "content-type" }
        for (name, value) in environment.headers + own {
            let lowercased = name.lowercased()
            if fileHasType, lowercased == "content-type", !ownsContentType { continue }
            if let index = headers.firstIndex(where: { $0.0.lowercased() == lowercased }) {
                if lowercased == "set-cookie" { headers[index].1.append(value) } else { headers[index].1 = [value] }
            } else {
                headers.append((name, [value]))
            }
        }
        if isFile, response["sendFileAsBody"] != .bool(true), !headers.contains(where: { $0.0.lowercased() == "content-disposition" }),
           let filePath = response["filePath"]?.stringValue {
            headers.append(("Content-Disposition", ["attachment; filename=\"\(ImportPaths.lastComponent(of: filePath))\""]))
        }
        var headerPairs: [(String, JSONValue)] = []
        for (name, values) in headers where !WireMockResponse.computedHeaders.contains(name.lowercased()) {
            if name.lowercased() == "connection", values.last?.lowercased() != "close" { continue }
            // Mockoon fills in headers whatever disableTemplating says (audit M1).
            var converted: [String] = []
            for value in values where !value.isEmpty { converted.append(try template.converted(value, at: "\(key).headers.\(name)")) }
            guard !converted.isEmpty else { continue }
            headerPairs.append((name, converted.count == 1 ? .string(converted[0]) : .makeArray(converted.map { .string($0) })))
        }
        if !headerPairs.isEmpty { keys.append(("headers", .makeObject(headerPairs))) }
        var holdsPlaceholders = headerPairs.contains { WireMockResponse.holdsPlaceholder($0.1) }
        switch response["bodyType"]?.stringValue ?? "INLINE" {
        case "INLINE":
            let body = response["body"]?.stringValue ?? ""
            if templated, body.contains("{{") {
                keys.append(("responseText", .string(try template.converted(body, at: "\(key).body"))))
                holdsPlaceholders = true
            } else if !body.isEmpty {
                if let document = try? JSONParser.parse(Array(body.utf8)), !headers.contains(where: { $0.0.lowercased() == "content-type" && !MediaType.isJSON($0.1.last ?? "") }) {
                    keys.append(("response", document.root.value))
                } else {
                    keys.append(("responseText", .string(body)))
                }
            }
        case "FILE":
            guard let filePath = response["filePath"]?.stringValue, !filePath.isEmpty, !filePath.contains("{{") else {
                throw StubRefusal("\(key).filePath", "names no file (a templated filePath has no equivalent here)")
            }
            let absolute = filePath.hasPrefix("/") ? filePath : environment.folder + "/" + filePath
            let data: [UInt8]
            switch ImportPaths.regularFileBytes(absolute) {
            case .success(let read): data = read
            case .failure(let refusal): throw StubRefusal("\(key).filePath", refusal.reason)
            }
            // Its place under the environment's folder (two routes' list.json in two folders are
            // two files: audit M1), or its name alone for a file from elsewhere.
            let relative = ImportPaths.relative(absolute, to: environment.folder)
            let inside = relative != nil
            let name = relative ?? ImportPaths.lastComponent(of: filePath)
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }), !name.isEmpty else {
                throw StubRefusal("\(key).filePath", "\"\(filePath)\" names no file a fixture folder serves (a hidden or empty name)")
            }
            if !inside {
                notes.append("the body file \(absolute) is outside the environment's folder; it is copied into the root as __files/\(name)")
            }
            if templated, let text = String(validating: data, as: UTF8.self), text.contains("{{") {
                keys.append(("responseText", .string(try template.converted(text, at: "\(key).filePath (\(filePath))"))))
                holdsPlaceholders = true
                if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                    // Inline, so the type the file's name gives is said here.
                    let type = MediaType.forFileName(filePath)
                    if case .object(var members)? = keys.first(where: { $0.0 == "headers" })?.1 {
                        members.append(JSONMember(key: "Content-Type", value: JSONNode(.string(type))))
                        keys.removeAll { $0.0 == "headers" }
                        keys.insert(("headers", .object(members)), at: 1)
                    } else {
                        keys.insert(("headers", .makeObject([("Content-Type", .string(type))])), at: 1)
                    }
                }
            } else {
                bodyFiles = [BodyFile(path: name, bytes: data)]
                keys.append(("responseFile", .string(WireMockStub.filesFolder + "/" + name)))
            }
        default:
            throw StubRefusal("\(key).bodyType", "\(JSONValue.excerpt(response["bodyType"] ?? .null)) has no equivalent here (a data bucket's data can be a resource: {\"$resource\": …})")
        }
        let webhooks = try Self.webhooks(response, at: key, environment: environment, template: template)
        let webhooksHoldPlaceholders = webhooks.contains { WireMockResponse.holdsPlaceholder($0) }
        if holdsPlaceholders || webhooksHoldPlaceholders {
            if !templated {
                // Headers (or callbacks) are filled in while the body is sent as written: its
                // braces are escaped (`\{{`), as an entry here is templated whole.
                if bodyFiles.contains(where: { $0.bytes.firstRange(of: Array("{{".utf8)) != nil }) {
                    throw StubRefusal("\(key).disableTemplating", "a file body holding {{ is sent as written while the headers are filled in, which one entry cannot say here")
                }
                keys = keys.map { key, value in
                    ["response", "responseText"].contains(key) ? (key, Self.escapingBraces(value)) : (key, value)
                }
            }
            keys.append(("template", .bool(true)))
        } else if keys.contains(where: { ["response", "responseText"].contains($0.0) && WireMockResponse.holdsPlaceholder($0.1) })
                    || bodyFiles.contains(where: { $0.bytes.firstRange(of: Array("{{".utf8)) != nil }) {
            keys.append(("template", .bool(false)))
        }
        let latency = environment.latency + (response["latency"]?.integer ?? 0)
        guard (0...600_000).contains(latency) else {
            throw StubRefusal("\(key).latency", "\(latency) ms (with the environment's) is beyond the 600000 ms a delay may be")
        }
        if latency > 0 { keys.append(("delay", .number(JSONNumber(latency)))) }
        if !webhooks.isEmpty { keys.append(("webhooks", .makeArray(webhooks))) }
    }

    /// Every string's `{{` written `\{{`, which a template sends as `{{`.
    private static func escapingBraces(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text.replacing("{{", with: "\\{{"))
        case .array(let elements): .makeArray(elements.map { escapingBraces($0.value) })
        case .object(let members): .makeObject(members.map { ($0.key, escapingBraces($0.value.value)) })
        default: value
        }
    }

    /// The response's `callbacks` (`[{"uuid": …, "latency": 500}]`, naming the environment's
    /// callbacks) as webhooks, sent after the answer plus their latency.
    private static func webhooks(_ response: JSONValue, at key: String, environment: MockoonEnvironment, template: MockoonTemplate) throws(StubRefusal) -> [JSONValue] {
        guard case .array(let links)? = response["callbacks"] else { return [] }
        var webhooks: [JSONValue] = []
        for (index, link) in links.map(\.value).enumerated() {
            let linkKey = "\(key).callbacks[\(index)]"
            guard let uuid = link["uuid"]?.stringValue, let callback = environment.callbacks[uuid] else {
                throw StubRefusal(linkKey, "names no callback of the environment")
            }
            guard let uri = callback["uri"]?.stringValue, !uri.isEmpty else { throw StubRefusal(linkKey, "its callback has no uri") }
            if let bodyType = callback["bodyType"]?.stringValue, bodyType != "INLINE" {
                throw StubRefusal(linkKey, "its callback's body is a \(bodyType), which has no equivalent here (write it inline)")
            }
            var pairs: [(String, JSONValue)] = [("url", .string(try template.converted(uri, at: "\(linkKey).uri"))),
                                                ("method", .string((callback["method"]?.stringValue ?? "post").uppercased()))]
            if case .array(let list)? = callback["headers"], !list.isEmpty {
                var headers: [(String, JSONValue)] = []
                for header in list.map(\.value) {
                    guard let name = header["key"]?.stringValue, !name.isEmpty else { continue }
                    headers.append((name, .string(try template.converted(header["value"]?.importedText ?? "", at: "\(linkKey).headers.\(name)"))))
                }
                pairs.append(("headers", .makeObject(headers)))
            }
            if let body = callback["body"]?.stringValue, !body.isEmpty {
                pairs.append(("bodyText", .string(try template.converted(body, at: "\(linkKey).body"))))
            }
            if let latency = link["latency"]?.integer, latency > 0 { pairs.append(("delay", .number(JSONNumber(latency)))) }
            webhooks.append(.makeObject(pairs))
        }
        return webhooks
    }
}
