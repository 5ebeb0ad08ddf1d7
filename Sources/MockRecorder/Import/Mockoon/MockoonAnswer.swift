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
        var headers: [(String, String)] = environment.headers
        if case .array(let list)? = response["headers"] {
            for header in list.map(\.value) {
                guard let name = header["key"]?.stringValue, !name.isEmpty else { continue }
                let value = header["value"]?.importedText ?? ""
                headers.removeAll { $0.0.lowercased() == name.lowercased() }
                headers.append((name, value))
            }
        }
        var headerPairs: [(String, JSONValue)] = []
        for (name, value) in headers where !WireMockResponse.computedHeaders.contains(name.lowercased()) && !value.isEmpty {
            if name.lowercased() == "connection", value.lowercased() != "close" { continue }
            headerPairs.append((name, .string(templated ? try template.converted(value, at: "\(key).headers.\(name)") : value)))
        }
        if !headerPairs.isEmpty { keys.append(("headers", .makeObject(headerPairs))) }
        var holdsPlaceholders = headerPairs.contains { $0.1.stringValue?.contains("{{") ?? false }
        switch response["bodyType"]?.stringValue ?? "INLINE" {
        case "INLINE":
            let body = response["body"]?.stringValue ?? ""
            if templated, body.contains("{{") {
                keys.append(("responseText", .string(try template.converted(body, at: "\(key).body"))))
                holdsPlaceholders = true
            } else if !body.isEmpty {
                if let document = try? JSONParser.parse(Array(body.utf8)), !headers.contains(where: { $0.0.lowercased() == "content-type" && !MediaType.isJSON($0.1) }) {
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
            let name = ImportPaths.lastComponent(of: filePath)
            guard !name.hasPrefix("."), !name.isEmpty else {
                throw StubRefusal("\(key).filePath", "\"\(filePath)\" names no file a fixture folder serves (a hidden or empty name)")
            }
            if templated, let text = String(validating: data, as: UTF8.self), text.contains("{{") {
                keys.append(("responseText", .string(try template.converted(text, at: "\(key).filePath (\(filePath))"))))
                holdsPlaceholders = true
                if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                    notes.append("the templated file's text is sent inline, as text/plain unless the route sets a Content-Type")
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
