import MockFixtures

/// Where a stub's URL lands: the fixture file's segments (literal names, `{name}` and a last
/// `{name...}`), what its parameters must hold, the query it requires, and what each of
/// WireMock's path segments (`{{request.path.[2]}}`) is here.
struct ImportedPath {
    /// The loader's own segments: a literal name, `{name}`, or a last `{name...}`.
    typealias Segment = PathTemplate.Segment

    var segments: [Segment] = []
    /// `pathParameters`, in path order.
    var pathParameters: [(String, JSONValue)] = []
    /// `query`, from `url`'s query and `queryParameters`.
    var query: [(String, JSONValue)] = []
    /// `"queryMatch": "exact"`: WireMock's `url` and a `urlPattern` that cannot reach the query.
    var exactQuery = false
    /// Conversions that are close but not the same, said in the report.
    var notes: [String] = []
    /// The root catch-all of a pattern that also matches `/` (`.*`), which `{p0...}.json` does not
    /// answer (it needs a segment).
    var answersRoot = false
    /// The URL as the stub wrote it, for the report.
    var shown = "/"

    var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .literal: nil
            case .parameter(let name), .catchAll(let name): name
            }
        }
    }

    /// The fixture file serving the path, relative to the root (before looking for an existing
    /// `…/index.json`): `/` is `index.json`, a last segment `index` is `…/index/index.json`.
    var relativeFile: String {
        guard let last = segments.last else { return "index.json" }
        let names = segments.map(\.fileName)
        if last == .literal("index") { return names.joined(separator: "/") + "/index.json" }
        return names.joined(separator: "/") + ".json"
    }

    /// What WireMock's path segment `index` (0 first) is here.
    func segment(at index: Int) -> Segment? {
        guard index >= 0 else { return nil }
        if index < segments.count { return segments[index] }
        return nil
    }
}

extension ImportedPath {
    /// `request.url`: the path and the whole query, exactly.
    static func exactURL(_ url: String, key: String) throws(StubRefusal) -> ImportedPath {
        let pathPart: Substring
        var queryPart: Substring?
        if let mark = url.firstIndex(of: "?") {
            pathPart = url[..<mark]
            queryPart = url[url.index(after: mark)...]
        } else {
            pathPart = url[...]
        }
        var path = try literalPath(String(pathPart), key: key)
        path.shown = url
        path.exactQuery = true
        if let queryPart {
            var order: [String] = []
            var values: [String: [String]] = [:]
            for parameter in QueryParameters(decoding: queryPart).parameters {
                if values[parameter.name] == nil { order.append(parameter.name) }
                values[parameter.name, default: []].append(parameter.value)
            }
            for name in order {
                let all = values[name]!
                path.query.append((name, all.count == 1 ? .string(all[0]) : .makeArray(all.map { .string($0) })))
                if all.count > 1 {
                    path.notes.append("query parameter '\(name)' is given \(all.count) times: its values match in any order here")
                }
            }
            path.notes.append("the url's query parameters match by their decoded values here, in any order, where WireMock compares the URL's text")
        }
        return path
    }

    /// `request.urlPath`: the path, any query.
    static func literalPath(_ text: String, key: String, atStart: Bool = true) throws(StubRefusal) -> ImportedPath {
        guard text.hasPrefix("/") else { throw StubRefusal(key, "\"\(text)\" does not start with '/'") }
        guard !text.contains("?") else {
            throw StubRefusal(key, "\"\(text)\" holds a '?', which a path never matches; write the query as query parameters")
        }
        let target: RequestTarget
        switch RequestTarget.parse(text) {
        case .success(let parsed): target = parsed
        case .failure(let rejection): throw StubRefusal(key, "\"\(text)\": \(rejection.description)")
        }
        var path = ImportedPath()
        path.shown = text
        if !target.lookupKey.isEmpty {
            for name in target.lookupKey.split(separator: "/", omittingEmptySubsequences: false) {
                path.segments.append(.literal(try fileSegment(String(name), key: key, isFirst: atStart && path.segments.isEmpty)))
            }
        }
        return path
    }

    /// `request.urlPathTemplate`: `/users/{id}`, whose `{id}` is a parameter here too.
    static func template(_ text: String, key: String) throws(StubRefusal) -> ImportedPath {
        guard text.hasPrefix("/"), !text.contains("?") else {
            throw StubRefusal(key, "\"\(text)\" must be a path starting with '/', without a query")
        }
        var path = ImportedPath()
        path.shown = text
        var pieces = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        for piece in pieces {
            if piece.hasPrefix("{"), piece.hasSuffix("}") {
                let name = String(piece.dropFirst().dropLast())
                guard PathTemplate.isValidName(name) else {
                    throw StubRefusal(key, "\"{\(name)}\" is no plain parameter name here (letters, digits, _ and -, starting with a letter or _)")
                }
                guard !path.parameterNames.contains(name) else { throw StubRefusal(key, "names the parameter '\(name)' twice") }
                path.segments.append(.parameter(name))
            } else if piece.contains("{") || piece.contains("}") {
                throw StubRefusal(key, "\"\(piece)\" mixes a parameter with text in one segment; a parameter is a whole segment here")
            } else {
                var literal = try literalPath("/" + piece, key: key, atStart: path.segments.isEmpty).segments
                guard literal.count == 1 else { throw StubRefusal(key, "\"\(text)\" has an empty segment ('//')") }
                path.segments.append(literal.removeFirst())
            }
        }
        return path
    }

    /// A decoded segment as a file or folder name the loader serves.
    static func fileSegment(_ name: String, key: String, isFirst: Bool = false) throws(StubRefusal) -> String {
        if isFirst, name == "__admin" {
            throw StubRefusal(key, "/__admin/ is mockserver's admin API, which no fixture can answer")
        }
        if name.hasPrefix("{") && name.hasSuffix("}") {
            throw StubRefusal(key, "the segment \"\(name)\" would read as a path parameter in a file name; mockserver cannot serve it literally")
        }
        if HiddenName.isHidden(name) {
            throw StubRefusal(key, "the segment \"\(name)\" starts with '.', a hidden name the loader skips")
        }
        if name.utf8.count + ".json".utf8.count > 255 {
            throw StubRefusal(key, "the segment \"\(name.prefix(40))…\" is longer than a file name may be (255 bytes)")
        }
        return name
    }

}

extension PathTemplate.Segment {
    /// As a fixture file or folder name: `people`, `{id}`, `{path...}`.
    var fileName: String {
        switch self {
        case .literal(let name): name
        case .parameter(let name): "{\(name)}"
        case .catchAll(let name): "{\(name)\(PathTemplate.catchAllSuffix)}"
        }
    }
}
