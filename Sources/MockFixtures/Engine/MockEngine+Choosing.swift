/// Which of everything serving a path answers a request: one `priority` orders the entries of
/// runtime fixtures and files alike (lowest first, as WireMock orders all its stubs), and among
/// equal priorities the order of ``AnswerSource``s decides.
extension MockEngine {
    /// What may answer a request to one path, in the order equal priorities try them: runtime
    /// fixtures (most specific path first, newest first), a resource, the most specific file,
    /// then the less specific files (`people/{id}.json`, then `{rest...}.json`).
    enum AnswerSource {
        case runtime(RuntimeFixtureMatch)
        /// A resource, a broken file and a static file answer as one entry of the default priority.
        case resource(Resource, itemID: Substring?)
        case file(FixtureFile, PathParameters, isFallback: Bool)
        case broken(file: String, preparedID: Int)
        /// It answers GET and HEAD without a trailing slash.
        case staticFile(file: String, preparedID: Int)

        var priorityLevels: [Int] {
            switch self {
            // A handler has no entries of its own: it answers at its priority.
            case .runtime(let match): match.fixture.handler != nil ? [match.fixture.uniformPriority] : match.fixture.priorityLevels
            case .file(let file, _, _): file.priorityLevels
            case .resource, .broken, .staticFile: [EntryPriority.defaultValue]
            }
        }
    }

    /// What answers.
    enum AnswerChoice {
        /// An entry that matches (`request.pathParameters` set for it), with what the journal says.
        case entry(FixtureEntry, MatchOutcome)
        case resource(Resource, itemID: Substring?)
        case broken(file: String, preparedID: Int)
        case staticFile(file: String, preparedID: Int)
        /// An answer made already: a handler's entry that could not be used.
        case answer(MockResponse)
        /// A handler would be asked, which only a request being answered does.
        case unknown
    }

    /// Everything serving `key`, and the most specific file route (for the 404's wording).
    func answerSources(forKey key: Substring, runtime: [RuntimeFixtureMatch], resource: (resource: Resource, itemID: Substring?)?,
                       primary: (route: FixtureRoute, parameters: PathParameters)?, store: FixtureStore) -> [AnswerSource] {
        var sources = runtime.map(AnswerSource.runtime)
        if let resource { sources.append(.resource(resource.resource, itemID: resource.itemID)) }
        guard let (route, parameters) = primary else { return sources }
        let primaryPath: String
        switch route {
        case .fixture(let file):
            sources.append(.file(file, parameters, isFallback: false))
            primaryPath = file.relativePath
        case .broken(let file, let preparedID):
            sources.append(.broken(file: file, preparedID: preparedID))
            primaryPath = file
        case .staticFile(let file, let preparedID):
            sources.append(.staticFile(file: file, preparedID: preparedID))
            primaryPath = file
        }
        for fallback in store.fallbackRoutes(forKey: key, after: primaryPath) {
            switch fallback.route {
            case .fixture(let file): sources.append(.file(file, fallback.parameters, isFallback: true))
            case .broken(let file, let preparedID): sources.append(.broken(file: file, preparedID: preparedID))
            // `users/{id}/avatar.png` answers `/users/7/avatar.png` when `users/7/avatar.png.json` does not.
            case .staticFile(let file, let preparedID): sources.append(.staticFile(file: file, preparedID: preparedID))
            }
        }
        return sources
    }

    /// The first source that answers, trying each priority (lowest first) across all sources, in
    /// source order; within one source and priority, constrained entries before wildcards, as
    /// ever. The entry chosen is claimed (its `times` counted, its scenario moved) when
    /// `counting`; without it nothing is used up.
    func choose(from sources: [AnswerSource], _ request: inout IncomingRequest, counting: Bool) -> AnswerChoice? {
        var levels = sources.flatMap(\.priorityLevels)
        if sources.count > 1 { levels = PriorityGroups.levels(levels) }
        for level in levels {
            for source in sources {
                switch source {
                case .runtime(let match) where match.fixture.handler != nil:
                    guard level == match.fixture.uniformPriority, let handler = match.fixture.handler else { continue }
                    // Swift code is asked only for a request being answered: the length a HEAD
                    // or 304 entry states is then unknown, not another source's (audit R17).
                    guard counting else { return .unknown }
                    request.pathParameters = match.parameters
                    switch handled(by: handler, fixture: match.fixture, &request) {
                    case .passed: continue
                    case .entry(let entry): return .entry(entry, .matchedRuntime(fixture: match.fixture.id, entry: 0))
                    case .failed(let refusal): return .answer(refusal)
                    }
                case .runtime(let match):
                    guard let entries = match.fixture.entries(atPriority: level) else { continue }
                    request.pathParameters = match.parameters
                    if let entry = EntryMatcher.select(from: entries, priorityGroups: nil, for: &request, scenarios: scenarios, counting: counting) {
                        return .entry(entry, .matchedRuntime(fixture: match.fixture.id, entry: entry.index))
                    }
                case .file(let file, let parameters, _):
                    guard let entries = file.entries(atPriority: level) else { continue }
                    request.pathParameters = parameters
                    if let entry = EntryMatcher.select(from: entries, priorityGroups: nil, for: &request, scenarios: scenarios, counting: counting) {
                        return .entry(entry, .matched(file: file.relativePath, entry: entry.index))
                    }
                case .resource(let resource, let itemID) where level == EntryPriority.defaultValue:
                    return .resource(resource, itemID: itemID)
                case .broken(let file, let preparedID) where level == EntryPriority.defaultValue:
                    return .broken(file: file, preparedID: preparedID)
                case .staticFile(let file, let preparedID)
                    where level == EntryPriority.defaultValue && request.isGetOrHead && !request.target.hasTrailingSlash:
                    return .staticFile(file: file, preparedID: preparedID)
                case .resource, .broken, .staticFile:
                    continue
                }
            }
        }
        return nil
    }
}
