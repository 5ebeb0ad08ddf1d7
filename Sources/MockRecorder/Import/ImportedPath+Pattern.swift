import MockFixtures

extension ImportedPath {
    /// `request.urlPathPattern` (the path, whole) or `request.urlPattern` (path and query,
    /// whole), as a file path: a literal segment stays a name, a segment with regex syntax
    /// becomes `{p2}` (named after WireMock's segment index, so `{{request.path.[2]}}` is
    /// `{{path.p2}}`) constrained to match it whole, and a last segment that can span segments
    /// (`.*`, `.+\.pdf`) a catch-all `{p2...}`. Alternatives or groups spanning segments, and a
    /// pattern matching the query, refuse the stub. `tool` names whose pattern it is in notes
    /// (Hoverfly's globs and regular expressions are read here too); `segmentPattern` makes a
    /// segment's whole-value regex (MockServer's also takes the segment's text as written).
    static func pattern(_ written: String, key: String, includesQuery: Bool, tool: String = "WireMock",
                        segmentPattern: (Substring) throws(StubRefusal) -> String = { "^(?:" + $0 + ")$" }) throws(StubRefusal) -> ImportedPath {
        var text = Substring(written)
        if text.hasPrefix("^") { text = text.dropFirst() }
        if text.hasSuffix("$"), !text.hasSuffix("\\$") { text = text.dropLast() }
        // An optional trailing slash (`/api/users/?`): one file serves the path with and without it.
        if text.hasSuffix("/?"), text.count > 2 { text = text.dropLast(2) }
        var path = ImportedPath()
        path.shown = written
        // `.*` or `.+` alone: every path.
        if text == ".*" || text == ".+" || text == "/.*" || text == "/.+" {
            path.segments = [.catchAll("p0")]
            // Matching "/" too: `.*`, `/.*`, and a bare `.+` ("/" is one character); not `/.+`.
            if text != "/.+" {
                path.answersRoot = true
                path.notes.append(ConvertedStub.rootNote)
            }
            return path
        }
        if text.hasPrefix("(?i)") {
            throw StubRefusal(key, "\"\(written)\" ignores case in the path, which file names here cannot: paths are case-sensitive; write one stub per spelling")
        }
        guard text.hasPrefix("/") else {
            throw StubRefusal(key, "\"\(written)\" does not start with '/' (or '^/'); write the path it matches" + (tool == "WireMock" ? " as urlPath or urlPathPattern" : ", starting with '/'"))
        }
        let pieces = try splitSegments(text.dropFirst(), key: key, written: written, includesQuery: includesQuery)
        var regexes: [(index: Int, pattern: Substring, spans: Bool)] = []
        for (index, piece) in pieces.enumerated() {
            if piece.isEmpty {
                if index == pieces.count - 1 { break }
                throw StubRefusal(key, "\"\(written)\" has an empty segment ('//')")
            }
            if let literal = literalText(piece) {
                var decoded = try literalPath("/" + literal, key: key, atStart: path.segments.isEmpty).segments
                guard decoded.count == 1 else { throw StubRefusal(key, "\"\(written)\": the segment \"\(piece)\" is not one path segment") }
                path.segments.append(decoded.removeFirst())
            } else {
                let spans = canSpanSegments(piece)
                regexes.append((index, piece, spans))
                let name = "p\(index)"
                let isLast = index == pieces.count - 1 || (index == pieces.count - 2 && pieces.last?.isEmpty == true)
                if isLast && spans {
                    path.segments.append(.catchAll(name))
                    if piece == ".*" {
                        let parent = "/" + path.segments.dropLast().map(\.fileName).joined(separator: "/")
                        path.notes.append("\(tool)'s pattern also matches \(parent)/ (an empty rest), which the catch-all {\(name)...} does not; "
                            + "an entry in \(parent.dropFirst()).json would answer it, and \(parent) too")
                    }
                } else {
                    path.segments.append(.parameter(name))
                    if spans {
                        path.notes.append("the segment pattern \"\(piece)\" matches one path segment here; \(tool)'s could span several")
                    }
                }
                if !isAnything(piece) {
                    path.pathParameters.append((name, WireMockMatcher.regex(try segmentPattern(piece))))
                }
            }
        }
        if includesQuery {
            // A pattern whose end can run past the path also takes any query; one that cannot
            // matches only URLs without one.
            let lastPiece = pieces.lastIndex { !$0.isEmpty } ?? 0
            let lastSpans = regexes.last.map { $0.spans && $0.index == lastPiece } ?? false
            path.exactQuery = !lastSpans
        }
        return path
    }

    /// Splits at each `/` outside a class; a `/` inside a group or a top-level `|` refuses.
    private static func splitSegments(_ text: Substring, key: String, written: String, includesQuery: Bool) throws(StubRefusal) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var depth = 0
        var inClass = false
        while index < text.endIndex {
            let character = text[index]
            if character == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex else { break }
                if text[next] == "?", includesQuery {
                    throw StubRefusal(key, "\"\(written)\" matches the query ('\\?'); write the path as urlPathPattern and the query as queryParameters")
                }
                if text[next] == "/", !inClass, depth == 0 {
                    pieces.append(text[start..<index])
                    start = text.index(after: next)
                }
                index = text.index(after: next)
                continue
            }
            if inClass {
                if character == "]" { inClass = false }
            } else {
                switch character {
                case "[": inClass = true
                case "(": depth += 1
                case ")": depth -= 1
                case "|" where depth == 0:
                    throw StubRefusal(key, "\"\(written)\" has alternatives across segments ('|' outside a group); write one stub per alternative")
                case "/":
                    if depth > 0 {
                        throw StubRefusal(key, "\"\(written)\" has a group spanning segments; write one stub per path shape")
                    }
                    pieces.append(text[start..<index])
                    start = text.index(after: index)
                default:
                    break
                }
            }
            index = text.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }

    /// The segment as plain text when it holds no regular-expression syntax (escaped
    /// punctuation such as `\.` or `\-` counts as text), else nil.
    private static func literalText(_ piece: Substring) -> String? {
        var literal = ""
        var index = piece.startIndex
        while index < piece.endIndex {
            let character = piece[index]
            if character == "\\" {
                let next = piece.index(after: index)
                guard next < piece.endIndex else { return nil }
                let escaped = piece[next]
                guard escaped.isPunctuation || escaped.isSymbol else { return nil }
                literal.append(escaped)
                index = piece.index(after: next)
                continue
            }
            if ".[](){}*+?|^$".contains(character) { return nil }
            literal.append(character)
            index = piece.index(after: index)
        }
        return literal
    }

    /// Whether the segment's pattern can match a `/`: a `.` outside a class, a class that
    /// admits `/` (`[^a]`, `[/]`), or `\D`, `\W`, `\S`.
    static func canSpanSegments(_ piece: Substring) -> Bool {
        var index = piece.startIndex
        var classStart: Substring.Index?
        while index < piece.endIndex {
            let character = piece[index]
            if character == "\\" {
                let next = piece.index(after: index)
                guard next < piece.endIndex else { return false }
                if classStart == nil, "DWS".contains(piece[next]) { return true }
                index = piece.index(after: next)
                continue
            }
            if let start = classStart {
                if character == "]", index > piece.index(after: start) {
                    let body = piece[piece.index(after: start)..<index]
                    if body.hasPrefix("^") ? !body.contains("/") : body.contains("/") { return true }
                    classStart = nil
                }
            } else if character == "[" {
                classStart = index
            } else if character == "." {
                return true
            }
            index = piece.index(after: index)
        }
        return false
    }

    /// Patterns that any one segment (or rest) matches, which need no constraint.
    private static func isAnything(_ piece: Substring) -> Bool {
        [".*", ".+", "[^/]+", "[^/]*", "[^/]+?"].contains(piece)
    }
}

extension ImportedPath {
    /// Whether some path matches both segment lists: two stubs one request could reach both
    /// of, whose order then decides which answers.
    static func mayOverlap(_ a: ArraySlice<Segment>, _ b: ArraySlice<Segment>) -> Bool {
        switch (a.first, b.first) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (.catchAll?, _), (_, .catchAll?): return true
        case (.literal(let x)?, .literal(let y)?): return x == y && mayOverlap(a.dropFirst(), b.dropFirst())
        default: return mayOverlap(a.dropFirst(), b.dropFirst())
        }
    }
}

extension ImportedPath {
    /// A regular expression with each escaped slash `\/` (JavaScript's habit, a plain `/` in
    /// RE2 and Java) written `/`; an escaped backslash before a slash (`\\/`) stays as it is.
    static func unescapingSlashes(_ pattern: String) -> String {
        var result = ""
        var escaped = false
        for character in pattern {
            if escaped {
                if character != "/" { result.append("\\") }
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}

