import MockFixtures

/// A stub's webhooks (`serveEventListeners`, `postServeActions`) as an entry's `"webhooks"`.
extension WireMockResponse {
    /// `serveEventListeners` and `postServeActions` named `webhook`, as `"webhooks"`.
    static func convertedWebhooks(_ mapping: JSONValue, template: WireMockTemplate) throws(StubRefusal) -> [JSONValue] {
        var listeners: [(key: String, parameters: JSONValue)] = []
        for field in ["serveEventListeners", "postServeActions"] {
            guard let value = mapping[field] else { continue }
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    let key = "\(field)[\(index)]"
                    guard element.value["name"]?.stringValue == "webhook", let parameters = element.value["parameters"] else {
                        throw StubRefusal(key, "\(JSONValue.excerpt(element.value["name"] ?? .null)) is no webhook; other listeners have no equivalent here")
                    }
                    listeners.append((key, parameters))
                }
            case .object(let members):
                for member in members {
                    guard member.key == "webhook" else { throw StubRefusal("\(field).\(member.key)", "has no equivalent here (only webhook)") }
                    listeners.append(("\(field).webhook", member.value.value))
                }
            default:
                throw StubRefusal(field, "must be an array of listeners")
            }
        }
        var webhooks: [JSONValue] = []
        for listener in listeners {
            webhooks.append(try webhook(listener.parameters, at: "\(listener.key).parameters", template: template))
        }
        return webhooks
    }

    private static func webhook(_ parameters: JSONValue, at key: String, template: WireMockTemplate) throws(StubRefusal) -> JSONValue {
        guard let members = parameters.objectMembers else { throw StubRefusal(key, "must be an object") }
        if let unknown = members.first(where: { !["method", "url", "headers", "body", "delay"].contains($0.key) }) {
            throw StubRefusal("\(key).\(unknown.key)", "has no equivalent here (ours: method, url, headers, body, delay)")
        }
        // WireMock's default (`WebhookDefinition`).
        let method = parameters["method"]?.stringValue ?? "GET"
        guard let url = parameters["url"]?.stringValue else { throw StubRefusal("\(key).url", "is missing or not a string") }
        var pairs: [(String, JSONValue)] = [("url", .string(try template.converted(url, at: "\(key).url"))), ("method", .string(method.uppercased()))]
        if let headers = parameters["headers"] {
            guard let named = headers.objectMembers else { throw StubRefusal("\(key).headers", "must be an object of strings") }
            var converted: [(String, JSONValue)] = []
            for header in named {
                var values: [String] = []
                if case .array(let elements) = header.value.value {
                    values = elements.compactMap(\.value.importedText)
                    guard values.count == elements.count, !values.isEmpty else {
                        throw StubRefusal("\(key).headers.\(header.key)", "must be a string or an array of strings")
                    }
                } else if let text = header.value.value.importedText {
                    values = [text]
                } else {
                    throw StubRefusal("\(key).headers.\(header.key)", "must be a string")
                }
                // A webhook header is one line here; several values go on it as a list.
                converted.append((header.key, .string(try template.converted(values.joined(separator: ", "), at: "\(key).headers.\(header.key)"))))
            }
            pairs.append(("headers", .makeObject(converted)))
        }
        if let body = parameters["body"] {
            guard let text = body.stringValue else { throw StubRefusal("\(key).body", "must be a string") }
            pairs.append(("bodyText", .string(try template.converted(text, at: "\(key).body"))))
        }
        if let delay = parameters["delay"] {
            if delay["type"]?.stringValue == "fixed" {
                guard let milliseconds = delay["milliseconds"]?.integer else {
                    throw StubRefusal("\(key).delay", "needs whole-number \"milliseconds\"")
                }
                pairs.append(("delay", .number(JSONNumber(milliseconds))))
            } else {
                pairs.append(("delay", try Self.delayDistribution(delay, at: "\(key).delay")))
            }
        }
        return .makeObject(pairs)
    }
}
