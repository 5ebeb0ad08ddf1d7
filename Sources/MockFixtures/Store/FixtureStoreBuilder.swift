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

    /// A winning file of one route key, read and compiled but not yet a route: files that
    /// entries name with `responseFile` are bodies, not routes, and that is only known once every
    /// fixture file is compiled.
    struct PendingRoute {
        let key: String
        let template: PathTemplate
        let candidate: Candidate
        /// For fixture files: the compiled entries, or the reason the file could not be read.
        let compiled: Result<FixtureFileCompiler.Output, UnreadableFile>?
    }

    /// A fixture file that could not be read, as its problem.
    struct UnreadableFile: Error {
        let problem: FixtureProblem
    }

    let rootPath: String
    let options: FixtureLoadOptions
    var problems: [FixtureProblem]
    var prepared: [PreparedResponse] = []
    var routes: [Substring: FixtureRoute] = [:]
    var templatedRoutes = RouteTrie<TemplatedRoute>()
    var fixtureFileCount = 0
    var entryCount = 0
    var staticFileCount = 0
    /// One per entry, in load order, for `POST /__admin/reset` and the unused-entries report.
    var usages: [EntryUsage] = []
    var countedEntryCount = 0
    /// Every entry that takes part in a scenario, with its file, for the scenario checks.
    var scenarioEntries: [(file: String, entry: FixtureFileCompiler.CompiledEntry)] = []
    /// Those of files with errors: they serve nothing, but `validate` prints every problem, so
    /// their states are checked (and lead where they say) all the same.
    var brokenFileScenarioEntries: [(file: String, entry: FixtureFileCompiler.CompiledEntry)] = []
    /// No templated file ranks an entry before the default priority: a static or broken file,
    /// which stand there, answers without the less specific files being looked for.
    var defaultOutranksFallbacks = true
    /// Resources declared by files holding `{"$resource": …}`, in file order.
    var declaredResources: [ResourceDeclaration] = []
    let responseFiles: ResponseFileLoader

    /// The root as given, symlinks kept (``FixtureStore/configuredRoot``); `nil`: `rootPath`.
    var configuredRoot: String?
    /// Asked before each fixture file is compiled: true abandons the build (``wasCancelled``).
    var isCancelled: () -> Bool = { false }
    /// Whether ``isCancelled`` stopped ``add(_:)`` before every file was compiled.
    private(set) var wasCancelled = false

    init(rootPath: String, options: FixtureLoadOptions, problems: [FixtureProblem]) {
        self.rootPath = rootPath
        self.options = options
        self.problems = problems
        responseFiles = ResponseFileLoader(rootPath: rootPath, limit: options.maxStaticFileBytes)
    }

    mutating func add(_ files: [FixtureTreeWalker.FoundFile]) {
        // What a templated responseFile may choose among: the files this load walked.
        responseFiles.knownFiles = files.map(\.relativePath)
        var candidates: [String: [Candidate]] = [:]
        var templates: [String: PathTemplate] = [:]
        var reserved: [FixtureTreeWalker.FoundFile] = []
        for file in files {
            let path = file.relativePath
            if file.isReserved {
                reserved.append(file)
                continue
            }
            let (key, kind) = Self.routeKey(for: path)
            let template = PathTemplate(key: key)
            // `people/{id}` and `people/{personId}` serve the same requests: they compete.
            candidates[template.shape, default: []].append(Candidate(kind: kind, file: file))
            templates[file.relativePath] = template
        }
        var pending: [PendingRoute] = []
        for shape in candidates.keys.sorted() {
            // Compiling is the costly part of a large tree: a stopping server need not wait for it.
            if isCancelled() {
                wasCancelled = true
                return
            }
            let sorted = candidates[shape]!.sorted { ($0.kind, $0.file.relativePath) < ($1.kind, $1.file.relativePath) }
            let winner = sorted[0]
            let key = Self.routeKey(for: winner.file.relativePath).0
            for loser in sorted.dropFirst() {
                problems.append(FixtureProblem(
                    .warning, loser.file.relativePath, at: nil,
                    "\(loser.file.relativePath) and \(winner.file.relativePath) both serve /\(key); \(winner.file.relativePath) wins",
                    hint: "remove or rename one of them"))
            }
            let template = templates[winner.file.relativePath]!
            pending.append(PendingRoute(key: key, template: template, candidate: winner,
                                        compiled: winner.kind == .staticFile ? nil : compile(winner.file, template: template)))
        }
        let bodies = responseBodies(among: pending)
        for file in reserved where !bodies.contains(file.identity) {
            problems.append(FixtureProblem(.warning, file.relativePath, at: nil, "files under __admin/ are reserved for the server's own endpoints and are not served",
                                           hint: "move it to another folder"))
        }
        let served = pending.filter { !bodies.contains($0.candidate.file.identity) }
        let floor = FallbackPriorityFloor(served.filter(\.template.isTemplated).map { route in
            (route.candidate.file.relativePath, Self.lowestPriority(of: route))
        })
        defaultOutranksFallbacks = floor.outranks(EntryPriority.defaultValue, in: "")
        for route in served {
            warnAboutSegments(route)
            guard let made = makeRoute(for: route, floor: floor) else { continue }
            if route.template.isTemplated {
                templatedRoutes.insert(route.template, TemplatedRoute(route: made, parameterNames: route.template.parameterNames,
                                                                      file: route.candidate.file.relativePath))
            } else {
                routes[Substring(route.key)] = made
            }
        }
    }

    /// The files that are response bodies rather than routes: those named by `responseFile` in a
    /// fixture file that is not itself named so (a payload's own `responseFile` keys, a file naming
    /// itself and cycles do not count, so no fixture file disappears by accident).
    private func responseBodies(among pending: [PendingRoute]) -> Set<FileStatus.Identity> {
        let identityOf = Dictionary(pending.map { ($0.candidate.file.relativePath, $0.candidate.file.identity) }, uniquingKeysWith: { first, _ in first })
        let named = Set(responseFiles.references.compactMap { reference in
            identityOf[reference.referrer].flatMap { $0 == reference.file ? nil : reference.file }
        })
        return Set(responseFiles.references.compactMap { reference in
            guard let referrer = identityOf[reference.referrer], referrer != reference.file, !named.contains(referrer) else { return nil }
            return reference.file
        })
    }

    /// `a/b.json` → `a/b`; `a/b/index.json` → `a/b`; `index.json` → ``; `a/logo.png` → `a/logo.png`.
    static func routeKey(for relativePath: String) -> (String, Kind) {
        guard relativePath.hasSuffix(".json") else { return (relativePath, .staticFile) }
        let withoutExtension = String(relativePath.dropLast(".json".count))
        if withoutExtension == "index" { return ("", .indexFixture) }
        if withoutExtension.hasSuffix("/index") { return (String(withoutExtension.dropLast("/index".count)), .indexFixture) }
        return (withoutExtension, .directFixture)
    }

    private mutating func compile(_ file: FixtureTreeWalker.FoundFile, template: PathTemplate) -> Result<FixtureFileCompiler.Output, UnreadableFile> {
        switch RegularFileReader.read(file.readPath, limit: options.maxFixtureFileBytes) {
        case .success(let bytes):
            return .success(FixtureFileCompiler.compile(bytes, relativePath: file.relativePath, pathParameterNames: template.parameterNames,
                                                        responseFiles: responseFiles, templateAll: options.templateAll))
        case .failure(let failure):
            return .failure(UnreadableFile(problem: FixtureProblem(.error, file.relativePath, at: nil, "fixture file \(Self.describe(failure))",
                                                                   hint: Self.hint(for: failure, limitName: "maxFixtureFileBytes"))))
        }
    }

    /// Braces in a file or folder name that do not make a parameter are served literally, with a
    /// warning; a name used twice in one path is an error.
    private mutating func warnAboutSegments(_ route: PendingRoute) {
        let file = route.candidate.file.relativePath
        for issue in route.template.issues {
            switch issue {
            case .braces(let segment):
                problems.append(FixtureProblem(.warning, file, at: nil,
                    "\(JSONValue.excerpt(.string(segment))) has braces but is not a whole {name} segment, so it is matched literally",
                    hint: "a parameter is a whole file or folder name in braces, such as people/{id}.json; rename it if that was meant"))
            case .invalidName(let segment):
                problems.append(FixtureProblem(.warning, file, at: nil,
                    "\(JSONValue.excerpt(.string(segment))) is not a valid parameter name, so it is matched literally",
                    hint: "start the name with a letter or '_' and use letters, digits, '_' and '-', such as {id}"))
            case .catchAllNotLast(let segment):
                problems.append(FixtureProblem(.warning, file, at: nil,
                    "\(JSONValue.excerpt(.string(segment))) is a catch-all but not the last segment, so it is matched literally",
                    hint: "a catch-all takes the rest of the path, so it is the file name, such as files/{path...}.json; nothing can be under it"))
            case .duplicateName:
                break
            }
        }
    }

    /// The lowest priority a route answers at: its entries' lowest; the default for a static or
    /// a broken file, which stand there.
    private static func lowestPriority(of route: PendingRoute) -> Int {
        guard case .success(let output)? = route.compiled, !output.hasErrors, output.resourceMembers == nil,
              !route.template.issues.contains(where: { if case .duplicateName = $0 { true } else { false } }) else {
            return EntryPriority.defaultValue
        }
        return output.entries.map(\.priority).min() ?? Int.max
    }

    private mutating func makeRoute(for pending: PendingRoute, floor: FallbackPriorityFloor) -> FixtureRoute? {
        let file = pending.candidate.file
        let duplicates = pending.template.issues.compactMap { issue -> String? in
            if case .duplicateName(let name) = issue { return name }
            return nil
        }
        if !duplicates.isEmpty {
            let problem = FixtureProblem(.error, file.relativePath, at: nil,
                                         "the path names the parameter \(duplicates.map { "{\($0)}" }.joined(separator: ", ")) more than once, so its value is ambiguous",
                                         hint: "give each {name} segment of the path its own name, such as users/{userId}/friends/{friendId}.json")
            problems.append(problem)
            return brokenRoute(file.relativePath, [problem])
        }
        guard let compiled = pending.compiled else { return makeStaticRoute(file) }
        let output: FixtureFileCompiler.Output
        switch compiled {
        case .success(let result):
            output = result
        case .failure(let unreadable):
            problems.append(unreadable.problem)
            return brokenRoute(file.relativePath, [unreadable.problem])
        }
        problems.append(contentsOf: output.problems)
        if output.hasErrors {
            brokenFileScenarioEntries += output.entries.filter { $0.scenario != nil }.map { (file.relativePath, $0) }
            return brokenRoute(file.relativePath, output.problems.filter { $0.severity == .error })
        }
        if let members = output.resourceMembers {
            return declareResource(members, pending)
        }
        if let limit = options.answerHeaderBytesLimit {
            for compiled in output.entries where compiled.isFixed {
                let bytes = HTTPHeader.lineBytes(compiled.headers)
                guard bytes > limit else { continue }
                problems.append(FixtureProblem(.warning, file.relativePath, at: compiled.position,
                    "entry \(compiled.index)'s headers are \(bytes) bytes of header lines, more than the server can send beside any request's head (\(limit) at most), so every request to it gets a 431",
                    hint: "shorten its headers: fewer or shorter Set-Cookie, Link or Content-Security-Policy lines"))
            }
        }
        let entries = output.entries.map { compiled in
            let usage = EntryUsage(limit: compiled.times)
            usages.append(usage)
            if compiled.times != nil { countedEntryCount += 1 }
            if compiled.scenario != nil { scenarioEntries.append((file.relativePath, compiled)) }
            guard compiled.isFixed else {
                let response = PreparedResponse(id: -1, status: compiled.status, headers: compiled.headers, body: compiled.body)
                return FixtureEntry(compiled, response: response, isPrepared: false, usage: usage)
            }
            let id = appendPrepared(status: compiled.status, headers: compiled.headers, body: compiled.body)
            return FixtureEntry(compiled, response: prepared[id], isPrepared: true, usage: usage)
        }
        fixtureFileCount += 1
        entryCount += entries.count
        let priorities = output.entries.map(\.priority)
        return .fixture(FixtureFile(relativePath: file.relativePath, entries: entries, priorities: priorities,
                                    outranksFallbacks: floor.outranks(priorities.max() ?? Int.min, in: file.relativePath)))
    }

    /// A file holding `{"$resource": …}`: a resource at the file's path, which the engine sets
    /// up (and sets up again on reset); no route of its own. A broken declaration answers 500.
    private mutating func declareResource(_ members: [JSONMember], _ pending: PendingRoute) -> FixtureRoute? {
        let file = pending.candidate.file.relativePath
        let refusal: (message: String, hint: String, position: JSONPosition?)?
        if pending.template.isTemplated {
            refusal = ("a resource's path is literal, and \(file) has {name} segments", "name the file for the collection, such as api/people.json; its items are the segment after it (/api/people/7)", nil)
        } else if pending.key.isEmpty {
            refusal = ("\(file) is the root, which holds no collection", "declare the resource in the collection's file, such as api/people.json", nil)
        } else if MockEngine.isAdminKey(Substring(pending.key)) {
            refusal = ("\(file) would declare a resource under /__admin, which is the server's own", "declare it for another path", nil)
        } else {
            switch ResourceDeclaration.compile(members, path: "/" + pending.key, key: pending.key, file: file, example: ResourceDeclaration.fileExample) {
            case .success(let declaration):
                declaredResources.append(declaration)
                return nil
            case .failure(let problem):
                refusal = (problem.message, problem.hint, problem.position)
            }
        }
        let problem = FixtureProblem(.error, file, at: refusal!.position, refusal!.message, hint: refusal!.hint)
        problems.append(problem)
        return brokenRoute(file, [problem])
    }

    private mutating func makeStaticRoute(_ file: FixtureTreeWalker.FoundFile) -> FixtureRoute? {
        let data: [UInt8]
        switch RegularFileReader.read(file.readPath, limit: options.maxStaticFileBytes) {
        case .success(let bytes):
            data = bytes
        case .failure(let failure):
            switch failure {
            case .cannotOpen, .readFailed:
                // There but unreadable (a file mounted with mode 600 into a container running as
                // another user): a 500 saying why, as for an unreadable fixture file, not a 404
                // suggesting another path.
                let problem = FixtureProblem(.error, file.relativePath, at: nil, "static file \(Self.describe(failure))",
                                             hint: Self.hint(for: failure, limitName: "maxStaticFileBytes"))
                problems.append(problem)
                return brokenRoute(file.relativePath, [problem], kind: "static file")
            case .notRegular, .tooLarge:
                problems.append(FixtureProblem(.warning, file.relativePath, at: nil, "static file \(Self.describe(failure)); it is not served",
                                               hint: Self.hint(for: failure, limitName: "maxStaticFileBytes")))
                return nil
            }
        }
        let id = appendPrepared(status: 200, headers: Self.staticFileHeaders(file, body: data), body: data)
        staticFileCount += 1
        return .staticFile(file: file.relativePath, preparedID: id)
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
        case .tooLarge: "make it smaller or split it (in-process, FixtureLoadOptions.\(limitName) raises the limit)"
        }
    }

    private mutating func brokenRoute(_ relativePath: String, _ errors: [FixtureProblem], kind: String = "fixture file") -> FixtureRoute {
        let body = JSONValue.makeObject([
            ("error", .string("\(kind) \(relativePath) is broken; fix the problems below, then reload the fixtures (mockserver: POST /__admin/reload, SIGHUP or --watch; in-process: load the store again)")),
            (kind == "static file" ? "staticFile" : "fixtureFile", .string(relativePath)),
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

    /// The keys of templated routes as written (`people/{id}`), for "did you mean".
    private var templatedKeys: [String] {
        templatedRoutes.allValues.map { Self.routeKey(for: $0.file).0 }
    }

    /// A fixture file serving an item of a declared resource (`api/people/{id}.json` beside
    /// `api/people.json` holding `{"$resource": …}`) is answered only where it ranks first: the
    /// resource stands at the default priority, before files of the same.
    private mutating func warnAboutFilesBelowDeclaredResources() {
        guard !declaredResources.isEmpty else { return }
        let served = routes.map { (key: String($0.key), route: $0.value) }
            + templatedRoutes.allValues.map { (key: Self.routeKey(for: $0.file).0, route: $0.route) }
        // A resource declared one folder below another answers one of its item paths, as a
        // posted one is said to (audit F3, R17 M5: declared ones were not).
        let declaredByKey = Dictionary(declaredResources.map { ($0.shape.key, $0) }, uniquingKeysWith: { first, _ in first })
        for declaration in declaredResources {
            guard let slash = declaration.shape.key.lastIndex(of: "/"),
                  let outer = declaredByKey[String(declaration.shape.key[..<slash])] else { continue }
            let item = String(declaration.shape.key[declaration.shape.key.index(after: slash)...])
            problems.append(FixtureProblem(.warning, declaration.origin, at: nil,
                "the resource this file declares answers /\(declaration.shape.key), so item \(JSONValue.excerpt(.string(item))) of the resource \(outer.origin) declares at /\(outer.shape.key) cannot be reached",
                hint: "move one of the two resources, or give the outer one's items other ids"))
        }
        for declaration in declaredResources {
            let prefix = declaration.shape.key + "/"
            for (key, route) in served where key.hasPrefix(prefix) && !key.dropFirst(prefix.count).contains("/") {
                switch route {
                case .staticFile(let file, _):
                    problems.append(FixtureProblem(.warning, file, at: nil,
                        "\(file) can never be served: the resource \(declaration.file ?? "") declares answers its path as an item",
                        hint: "move the file out of the resource's folder, or serve the collection from fixture files instead"))
                case .fixture(let file) where (file.priorityLevels.first ?? Int.max) >= EntryPriority.defaultValue:
                    problems.append(FixtureProblem(.warning, file.relativePath, at: nil,
                        "\(file.relativePath) serves items of the resource \(declaration.file ?? "") declares, which answers them first",
                        hint: "give its entries a \"priority\" below 5 to go before the resource (a one-off failure), or remove one of them"))
                case .fixture, .broken:
                    break
                }
            }
        }
    }

    /// One priority orders a path's files too: an entry of a literal file that a less specific
    /// file's wildcard of a lower number always answers first can never answer (audit R16: a
    /// file whose entries all rank 10, "defaults", lost every request to a `{rest...}.json`).
    private mutating func warnAboutEntriesOutrankedByLessSpecificFiles() {
        guard !templatedRoutes.isEmpty else { return }
        for (key, route) in routes {
            guard case .fixture(let file) = route else { continue }
            let fallbacks = templatedRoutes.allMatches(key).compactMap { match -> FixtureFile? in
                if case .fixture(let fallback) = match.value.route { return fallback }
                return nil
            }
            guard let lowestFallback = fallbacks.compactMap(\.priorityLevels.first).min() else { continue }
            for priority in file.priorityLevels where priority > lowestFallback {
                for entry in file.entries(atPriority: priority) ?? [] {
                    guard let (fallback, wildcard, rank) = Self.alwaysAnsweringWildcard(for: entry.method, before: priority, in: fallbacks) else { continue }
                    problems.append(FixtureProblem(.warning, file.relativePath, at: entry.position,
                        "entry \(entry.index) (priority \(priority)) can never answer: entry \(wildcard.index) of \(fallback.relativePath) (priority \(rank)) answers every \(entry.method == IncomingRequest.anyMethod ? "" : entry.method + " ")request to /\(key) first",
                        hint: "give entry \(entry.index) a \"priority\" of \(rank) or less, or constrain entry \(wildcard.index) of \(fallback.relativePath)"))
                }
            }
        }
    }

    /// A wildcard entry of one of `files` ranked before `priority` that answers every `method`
    /// request and never stops (no `times`, no scenario).
    private static func alwaysAnsweringWildcard(for method: String, before priority: Int, in files: [FixtureFile]) -> (FixtureFile, FixtureEntry, Int)? {
        for file in files {
            for rank in file.priorityLevels where rank < priority {
                let entries = file.entries(atPriority: rank) ?? []
                if let wildcard = entries.first(where: { $0.isWildcard && $0.usage.limit == nil && $0.scenario == nil && IncomingRequest.entryMethod($0.method, answers: method) }) {
                    return (file, wildcard, rank)
                }
            }
        }
        return nil
    }

    mutating func build() -> FixtureStore {
        warnAboutFilesBelowDeclaredResources()
        warnAboutEntriesOutrankedByLessSpecificFiles()
        let checked = scenarioEntries + brokenFileScenarioEntries
        problems.append(contentsOf: ScenarioCheck.unreachableStates(in: checked, reachable: ScenarioCheck.reachableStates(checked.compactMap(\.entry.scenario))))
        // The problem count, as the listening line and the reload answer give it: a CI wait
        // loop can tell a server that loaded with broken files from one that loaded cleanly.
        let healthBody = JSONValue.makeObject([("status", .string("ok")), ("fixtures", .number(JSONNumber(fixtureFileCount))),
                                               ("problems", .number(JSONNumber(problems.count)))])
        let healthID = appendPrepared(status: 200, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)], body: healthBody.serializedBytes())
        return FixtureStore(
            rootPath: rootPath, loadOptions: options,
            problems: problems.sorted(by: FixtureProblem.isOrderedBefore),
            fixtureFileCount: fixtureFileCount, entryCount: entryCount, staticFileCount: staticFileCount,
            preparedResponses: prepared, routes: routes, healthPreparedID: healthID,
            usages: usages, countedEntryCount: countedEntryCount,
            scenarioSteps: scenarioEntries.compactMap(\.entry.scenario), templatedRoutes: templatedRoutes,
            pathIndex: ServedPathIndex(keys: Array(routes.keys).map(String.init) + templatedKeys + declaredResources.map(\.shape.key)),
            declaredResources: declaredResources, defaultOutranksFallbacks: defaultOutranksFallbacks,
            configuredRoot: configuredRoot)
    }
}
