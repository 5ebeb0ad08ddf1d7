#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Collects routes, prepared responses and problems while a tree is loaded.
struct FixtureStoreBuilder {
    enum Kind: Int, Comparable {
        case directFixture, indexFixture, staticFile
        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct Candidate {
        let kind: Kind
        let file: FixtureTreeWalker.FoundFile
    }

    let rootPath: String
    let options: FixtureLoadOptions
    var problems: [FixtureProblem]
    var prepared: [PreparedResponse] = []
    var routes: [Substring: FixtureRoute] = [:]
    var fixtureFileCount = 0
    var entryCount = 0
    var staticFileCount = 0
    /// One per entry with `times`, in load order, for `POST /__admin/reset`.
    var usageCounters: [UsageCounter] = []

    init(rootPath: String, options: FixtureLoadOptions, problems: [FixtureProblem]) {
        self.rootPath = rootPath
        self.options = options
        self.problems = problems
    }

    mutating func add(_ files: [FixtureTreeWalker.FoundFile]) {
        var candidates: [String: [Candidate]] = [:]
        for file in files {
            let path = file.relativePath
            if file.isReserved {
                problems.append(FixtureProblem(.warning, path, at: nil, "files under __admin/ are reserved for the server's own endpoints and are not served",
                                               hint: "move it to another folder"))
                continue
            }
            let (key, kind) = Self.routeKey(for: path)
            candidates[key, default: []].append(Candidate(kind: kind, file: file))
        }
        for key in candidates.keys.sorted() {
            let sorted = candidates[key]!.sorted { ($0.kind, $0.file.relativePath) < ($1.kind, $1.file.relativePath) }
            let winner = sorted[0]
            for loser in sorted.dropFirst() {
                problems.append(FixtureProblem(
                    .warning, loser.file.relativePath, at: nil,
                    "\(loser.file.relativePath) and \(winner.file.relativePath) both serve /\(key); \(winner.file.relativePath) wins",
                    hint: "remove or rename one of them"))
            }
            if let route = makeRoute(for: winner) {
                routes[Substring(key)] = route
            }
        }
    }

    /// `a/b.json` → `a/b`; `a/b/index.json` → `a/b`; `index.json` → ``; `a/logo.png` → `a/logo.png`.
    static func routeKey(for relativePath: String) -> (String, Kind) {
        guard relativePath.hasSuffix(".json") else { return (relativePath, .staticFile) }
        let withoutExtension = String(relativePath.dropLast(".json".count))
        if withoutExtension == "index" { return ("", .indexFixture) }
        if withoutExtension.hasSuffix("/index") { return (String(withoutExtension.dropLast("/index".count)), .indexFixture) }
        return (withoutExtension, .directFixture)
    }

    private mutating func makeRoute(for candidate: Candidate) -> FixtureRoute? {
        let file = candidate.file
        if candidate.kind == .staticFile {
            guard file.isWithinSizeLimit(options: options) else {
                problems.append(FixtureProblem(.warning, file.relativePath, at: nil,
                                               "static file is \(file.size) bytes, over the limit of \(options.maxStaticFileBytes); it is not served",
                                               hint: "make it smaller or raise maxStaticFileBytes"))
                return nil
            }
            guard let data = FileManager.default.contents(atPath: file.readPath) else {
                problems.append(FixtureProblem(.warning, file.relativePath, at: nil, "static file cannot be read; it is not served",
                                               hint: "check its permissions"))
                return nil
            }
            let id = appendPrepared(status: 200, headers: [HTTPHeader(name: "Content-Type", value: MediaType.forFileName(file.relativePath))], body: [UInt8](data))
            staticFileCount += 1
            return .staticFile(file: file.relativePath, preparedID: id)
        }
        guard let data = FileManager.default.contents(atPath: file.readPath) else {
            let problem = FixtureProblem(.error, file.relativePath, at: nil, "fixture file cannot be read", hint: "check its permissions")
            problems.append(problem)
            return brokenRoute(file.relativePath, [problem])
        }
        let output = FixtureFileCompiler.compile([UInt8](data), relativePath: file.relativePath)
        problems.append(contentsOf: output.problems)
        if output.hasErrors {
            return brokenRoute(file.relativePath, output.problems.filter { $0.severity == .error })
        }
        let entries = output.entries.map { compiled in
            let usage = compiled.times.map(UsageCounter.init(limit:))
            if let usage { usageCounters.append(usage) }
            return FixtureEntry(
                index: compiled.index, position: compiled.position, method: compiled.method, request: compiled.request,
                requiredHeaders: compiled.requiredHeaders, delayMilliseconds: compiled.delayMilliseconds,
                preparedID: appendPrepared(status: compiled.status, headers: compiled.headers, body: compiled.body),
                usage: usage)
        }
        fixtureFileCount += 1
        entryCount += entries.count
        return .fixture(FixtureFile(relativePath: file.relativePath, entries: entries))
    }

    private mutating func brokenRoute(_ relativePath: String, _ errors: [FixtureProblem]) -> FixtureRoute {
        let body = JSONValue.makeObject([
            ("error", .string("fixture file \(relativePath) is broken; fix the problems below, then reload the fixtures (mockserver: POST /__admin/reload, SIGHUP or --watch; in-process: load the store again)")),
            ("fixtureFile", .string(relativePath)),
            ("problems", .makeArray(errors.sorted(by: FixtureProblem.isOrderedBefore).map { .string($0.locatedMessage) })),
        ])
        let id = appendPrepared(status: 500, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)], body: body.prettyPrintedBytes())
        return .broken(file: relativePath, preparedID: id)
    }

    private mutating func appendPrepared(status: Int, headers: [HTTPHeader], body: [UInt8]) -> Int {
        let id = prepared.count
        prepared.append(PreparedResponse(id: id, status: status, headers: headers, body: body))
        return id
    }

    mutating func build() -> FixtureStore {
        let healthBody = JSONValue.makeObject([("status", .string("ok")), ("fixtures", .number(JSONNumber(fixtureFileCount)))])
        let healthID = appendPrepared(status: 200, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)], body: healthBody.serializedBytes())
        return FixtureStore(
            rootPath: rootPath,
            problems: problems.sorted(by: FixtureProblem.isOrderedBefore),
            fixtureFileCount: fixtureFileCount, entryCount: entryCount, staticFileCount: staticFileCount,
            preparedResponses: prepared, routes: routes, healthPreparedID: healthID, usageCounters: usageCounters,
            pathIndex: ServedPathIndex(keys: Array(routes.keys).map(String.init)))
    }
}
