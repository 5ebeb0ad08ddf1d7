/// What another tool's template placeholder is here, for the hint of an unknown placeholder:
/// a body copied from WireMock, Mockoon or Hoverfly gets a pointer to our spelling, as their keys
/// do (``OtherToolKeys``).
enum OtherToolPlaceholders {
    /// A hint naming our placeholder for `text` (the inside of `{{…}}`, trimmed), or nil when it
    /// is no other tool's spelling we know.
    static func hint(for text: Substring, pathParameterNames: [String]) -> String? {
        // Handlebars' `{{{…}}}` (unescaped) reaches here with its extra braces.
        let words = text.drop { $0 == "{" }.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "}" })
        guard let first = words.first else { return nil }
        let pathExample = "{{path.\(pathParameterNames.first ?? "id")}}"
        let argument = words.dropFirst().first.map { String($0.filter { $0 != "'" && $0 != "\"" }) }
        // WireMock `request.…` and Hoverfly `Request.…`.
        let dotted = first.split(separator: ".", omittingEmptySubsequences: false)
        if dotted.count >= 2, dotted[0] == "request" || dotted[0] == "Request" {
            let part = dotted[1].lowercased()
            // The parameter or header name alone: `request.query.q.[0]` is the first `q`, which
            // `{{query.q}}` already is.
            // `request.headers.[X-Trace]` names it in brackets; `request.query.q.[0]` indexes.
            var name: String?
            if dotted.count > 2 {
                let written = dotted[2]
                if written.hasPrefix("["), written.hasSuffix("]") {
                    let inner = written.dropFirst().dropLast()
                    name = inner.isEmpty || inner.allSatisfy(\.isNumber) ? nil : String(inner)
                } else {
                    name = String(written)
                }
            }
            switch part {
            case "path", "pathsegments":
                return "a path segment is a {name} segment of the file's path, written \(pathExample)"
            case "query", "queryparam":
                return "write {{query.\(name ?? "NAME")}}"
            case "headers", "header":
                return "write {{header.\(name?.lowercased() ?? "NAME")}}"
            case "cookies", "cookie":
                return "write {{cookie.\(name ?? "NAME")}}"
            case "body":
                return "write {{body}} for the whole body, or {{body.a.b}} for a value in it"
            case "method":
                return "write {{method}}"
            default:
                return "another tool's request placeholder; ours are {{path.NAME}}, {{query.NAME}}, {{header.NAME}}, {{cookie.NAME}}, {{body.PATH}} and {{method}}"
            }
        }
        switch first {
        case "jsonPath":
            return "write {{body.a.b}} (or {{body.items[0].sku}}) for a value in the JSON body"
        case "randomValue", "randomString", "randomInteger", "faker":
            return "write {{random.alphanumeric(8)}}, {{random.int(1,100)}}, {{random.hex(16)}} or {{random.uuid}}"
        case "now" where words.count > 1:
            return "write {{now.format(yyyy-MM-dd)}}, and an offset as {{now+1d.format(yyyy-MM-dd)}}"
        case "urlParam":
            return "write {{path.\(argument ?? pathParameterNames.first ?? "id")}}, with {\(argument ?? "id")} in the file's path"
        case "queryParam":
            return "write {{query.\(argument ?? "NAME")}}"
        case "header":
            return "write {{header.\((argument ?? "NAME").lowercased())}}"
        case "cookie":
            return "write {{cookie.\(argument ?? "NAME")}}"
        case "body", "bodyRaw":
            return "write {{body}} for the whole body, or {{body.a.b}} for a value in it"
        case "method":
            return "write {{method}}"
        default:
            if first.hasPrefix("#") || first.hasPrefix("/") {
                return "there are no Handlebars blocks: a {\"$repeat\": {\"count\": …, \"item\": …}} object makes a list; conditions are separate entries with request constraints"
            }
            return nil
        }
    }
}
