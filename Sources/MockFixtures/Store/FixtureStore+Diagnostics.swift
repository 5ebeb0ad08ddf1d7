/// The 404 answers that explain why nothing was served. They are built per request, only on
/// misses, and pretty-printed because people read them in a terminal.
extension FixtureStore {
    static let diagnosticHeaders = [HTTPHeader(name: "Content-Type", value: MediaType.json)]

    func diagnosticResponse(status: Int, outcome: MatchOutcome, _ fields: [(String, JSONValue)]) -> MockResponse {
        MockResponse(status: status, headers: Self.diagnosticHeaders, body: JSONValue.makeObject(fields).prettyPrintedBytes(),
                     delayMilliseconds: 0, preparedID: nil, outcome: outcome)
    }

    func rejectedPathResponse(method: String, target: String, rejection: PathRejection) -> MockResponse {
        let shownTarget = target.count > 200 ? String(target.prefix(200)) + "…" : target
        return diagnosticResponse(status: 404, outcome: .rejectedPath(reason: rejection.description), [
            ("error", .string("rejected request target: \(rejection.description)")),
            ("method", .string(method)),
            ("target", .string(shownTarget)),
        ])
    }

    func notFoundResponse(_ request: inout IncomingRequest) -> MockResponse {
        let key = request.target.lookupKey
        let lookedFor = Self.filesThatWouldServe(key)
        let similar = pathIndex.similarPaths(to: key)
        let path = String(request.target.path)
        var summary = "no fixture file serves \(request.method) \(path) (looked for \(lookedFor.joined(separator: ", ")))"
        if let closest = similar.first { summary += "; did you mean \(closest)?" }
        return diagnosticResponse(status: 404, outcome: .noMatch(summary: summary), [
            ("error", .string("no fixture file serves \(request.method) \(path)")),
            ("method", .string(request.method)),
            ("path", .string(path)),
            ("lookedFor", .makeArray(lookedFor.map { .string($0) })),
            ("similarPaths", .makeArray(similar.map { .string($0) })),
        ])
    }

    /// The files, relative to the root, that would serve `key`.
    static func filesThatWouldServe(_ key: Substring) -> [String] {
        if key.isEmpty { return ["index.json"] }
        var files = ["\(key).json", "\(key)/index.json"]
        if let lastSegment = key.split(separator: "/").last, lastSegment.contains(".") {
            files.insert(String(key), at: 0)
        }
        return files
    }

    func noMatchResponse(_ file: FixtureFile, _ request: inout IncomingRequest) -> MockResponse {
        let path = String(request.target.path)
        let error = "no entry in \(file.relativePath) matches \(request.method) \(path)"
        var candidates: [(entry: FixtureEntry, reasons: [String], methodMatches: Bool)] = []
        for entry in file.entries {
            candidates.append((entry, EntryMatcher.reasons(entry, &request), request.accepts(entryMethod: entry.method)))
        }
        var summary = error
        let closest = candidates.min { lhs, rhs in
            (lhs.methodMatches ? 0 : 1, lhs.reasons.count, lhs.entry.index) < (rhs.methodMatches ? 0 : 1, rhs.reasons.count, rhs.entry.index)
        }
        if let closest {
            summary += "; closest is entry \(closest.entry.index) (line \(closest.entry.position.line)): " + closest.reasons.joined(separator: "; ")
        } else {
            summary += "; the file has no entries"
        }
        return diagnosticResponse(status: 404, outcome: .noMatch(summary: summary), [
            ("error", .string(error)),
            ("method", .string(request.method)),
            ("path", .string(path)),
            ("fixtureFile", .string(file.relativePath)),
            ("candidates", .makeArray(candidates.map { candidate in
                .makeObject([
                    ("entry", .number(JSONNumber(candidate.entry.index))),
                    ("line", .number(JSONNumber(candidate.entry.position.line))),
                    ("method", .string(candidate.entry.method)),
                    ("reasons", .makeArray(candidate.reasons.map { .string($0) })),
                ])
            })),
        ])
    }

    func staticMethodResponse(_ file: String, _ request: inout IncomingRequest) -> MockResponse {
        let path = String(request.target.path)
        let error = "static files answer GET and HEAD only; \(request.method) \(path) is not served"
        return diagnosticResponse(status: 404, outcome: .noMatch(summary: error), [
            ("error", .string(error)),
            ("method", .string(request.method)),
            ("path", .string(path)),
            ("staticFile", .string(file)),
        ])
    }
}
