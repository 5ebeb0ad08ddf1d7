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
    /// One per entry, in load order, for `POST /__admin/reset` and the unused-entries report.
    var usages: [EntryUsage] = []
    var countedEntryCount = 0
    /// Every entry that takes part in a scenario, with its file, for the scenario checks.
    var scenarioEntries: [(file: String, entry: FixtureFileCompiler.CompiledEntry)] = []

    init(rootPath: String, options: FixtureLoadOptions, problems: [FixtureProblem]) {
        self.rootPath = rootPath
        self.options = options
        self.problems = problems
    }

    mutating func add(_ files: [FixtureTreeWalker.FoundFile]) {
        var candidates: [String: [Candidate]] = [:]
        for file in files {
            let path = file.relativePath
            if path == "__admin" || path.hasPrefix("__admin/") {
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
            let data: [UInt8]
            switch RegularFileReader.read(file.readPath, limit: options.maxStaticFileBytes) {
            case .success(let bytes):
                data = bytes
            case .failure(let failure):
                problems.append(FixtureProblem(.warning, file.relativePath, at: nil, "static file \(Self.describe(failure)); it is not served",
                                               hint: Self.hint(for: failure, limitName: "maxStaticFileBytes")))
                return nil
            }
            let id = appendPrepared(status: 200, headers: Self.staticFileHeaders(file, body: data), body: data)
            staticFileCount += 1
            return .staticFile(file: file.relativePath, preparedID: id)
        }
        let data: [UInt8]
        switch RegularFileReader.read(file.readPath, limit: options.maxFixtureFileBytes) {
        case .success(let bytes):
            data = bytes
        case .failure(let failure):
            let problem = FixtureProblem(.error, file.relativePath, at: nil, "fixture file \(Self.describe(failure))",
                                         hint: Self.hint(for: failure, limitName: "maxFixtureFileBytes"))
            problems.append(problem)
            return brokenRoute(file.relativePath, [problem])
        }
        let output = FixtureFileCompiler.compile(data, relativePath: file.relativePath)
        problems.append(contentsOf: output.problems)
        if output.hasErrors {
            return brokenRoute(file.relativePath, output.problems.filter { $0.severity == .error })
        }
        let entries = output.entries.map { compiled in
            let usage = EntryUsage(limit: compiled.times)
            usages.append(usage)
            if compiled.times != nil { countedEntryCount += 1 }
            if compiled.scenario != nil { scenarioEntries.append((file.relativePath, compiled)) }
            let id = appendPrepared(status: compiled.status, headers: compiled.headers, body: compiled.body)
            return FixtureEntry(compiled, response: prepared[id], isPrepared: true, usage: usage)
        }
        fixtureFileCount += 1
        entryCount += entries.count
        return .fixture(FixtureFile(relativePath: file.relativePath, entries: entries))
    }

    static func describe(_ failure: RegularFileReader.Failure) -> String {
        switch failure {
        case .cannotOpen(let reason): "cannot be opened (\(reason))"
        case .notRegular(let kind): "is \(kind.description), not a regular file"
        case .tooLarge(let size, let limit): "is \(size) bytes, over the limit of \(limit)"
        case .readFailed(let reason): "cannot be read (\(reason))"
        }
    }

    static func hint(for failure: RegularFileReader.Failure, limitName: String) -> String {
        switch failure {
        case .cannotOpen, .readFailed: "check its permissions"
        case .notRegular: "remove it from the fixture root"
        case .tooLarge: "make it smaller, or raise FixtureLoadOptions.\(limitName)"
        }
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
        let steps = scenarioEntries.compactMap(\.entry.scenario)
        problems.append(contentsOf: ScenarioCheck.unreachableStates(in: scenarioEntries, reachable: ScenarioCheck.reachableStates(steps)))
        let healthBody = JSONValue.makeObject([("status", .string("ok")), ("fixtures", .number(JSONNumber(fixtureFileCount)))])
        let healthID = appendPrepared(status: 200, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)], body: healthBody.serializedBytes())
        return FixtureStore(
            rootPath: rootPath, loadOptions: options,
            problems: problems.sorted(by: FixtureProblem.isOrderedBefore),
            fixtureFileCount: fixtureFileCount, entryCount: entryCount, staticFileCount: staticFileCount,
            preparedResponses: prepared, routes: routes, healthPreparedID: healthID,
            usages: usages, countedEntryCount: countedEntryCount,
            scenarioSteps: steps,
            pathIndex: ServedPathIndex(keys: Array(routes.keys).map(String.init)))
    }
}
