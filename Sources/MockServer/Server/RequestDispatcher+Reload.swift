import Dispatch
import MockFixtures

extension RequestDispatcher {
    /// Loads the fixture root again and makes new requests answer from it; requests already
    /// running finish with the fixtures they started with. Runs on ``reloads``, one at a time.
    func performReload() -> Result<ReloadSummary, ReloadError> {
        dispatchPrecondition(condition: .onQueue(reloads))
        guard !generations.isClosed else { return .failure(.serverStopped) }
        let store: FixtureStore
        do {
            store = try FixtureStore.load(root: rootPath, options: loadOptions)
        } catch {
            logger.error("reload failed: \(ReloadError.rootUnusable(error))")
            return .failure(.rootUnusable(error))
        }
        guard let next = ServingGeneration(store: store, refused: Self.headerRefusalLogger(logger)) else {
            let failure = ReloadError.responsesUnavailable(count: store.preparedResponses.count)
            logger.error("reload failed: \(failure)")
            return .failure(failure)
        }
        // The replaced generation is dropped right here, on the reload queue: it is freed now
        // unless requests that started with it are still running.
        guard generations.replace(with: next) != nil else { return .failure(.serverStopped) }
        let summary = ReloadSummary(store)
        logger.notice("reloaded: \(summary)")
        for problem in summary.problems {
            logger.warning("\(problem)")
        }
        afterReload(summary)
        return .success(summary)
    }

    /// Whether `rawTarget` is `/__admin/reload`, which the server answers itself (the store does
    /// not know the server it runs in).
    static func isReloadTarget(_ rawTarget: String) -> Bool {
        // Runs for every request: compared over the raw bytes, which costs a few dozen
        // instructions instead of a thousand through String.UTF8View's generic algorithms.
        var target = rawTarget
        return target.withUTF8 { bytes in
            guard bytes.count >= 15, bytes[1] == UInt8(ascii: "_") else { return false }
            let path = bytes.prefix { $0 != UInt8(ascii: "?") }
            return path.elementsEqual("/__admin/reload".utf8) || path.elementsEqual("/__admin/reload/".utf8)
        }
    }

    /// `POST /__admin/reload`: parks the connection, reloads on ``reloads`` and answers when done,
    /// so the worker thread goes on serving meanwhile.
    func handleReloadRequest(_ request: RequestContext, on connection: MHDConnection) -> Bool {
        let method = request.method ?? "GET"
        guard method == "POST" else {
            let error = "/__admin/reload answers POST only, \(method) is not allowed; send POST /__admin/reload to load the fixtures again"
            return send(AdminAnswer(status: 404, logDescription: error, [
                ("error", .string(error)),
                ("method", .string(method)),
                ("path", .string("/__admin/reload")),
            ]), for: request, on: connection)
        }
        let deferred = DeferredAdminAnswer()
        request.deferredAnswer = deferred
        guard let id = suspensions.suspend(connection) else {
            request.deferredAnswer = nil
            return send(Self.stoppingAnswer, for: request, on: connection)
        }
        request.suspensionID = id
        reloads.async { [self] in
            deferred.fulfil(Self.answer(for: performReload()))
            suspensions.resume(id)
        }
        return true
    }

    static func answer(for result: Result<ReloadSummary, ReloadError>) -> AdminAnswer {
        switch result {
        case .success(let summary):
            return AdminAnswer(status: 200, logDescription: "reloaded: \(summary)", [
                ("status", .string("reloaded")),
                ("fixtures", .number(JSONNumber(summary.fixtureFileCount))),
                ("entries", .number(JSONNumber(summary.entryCount))),
                ("staticFiles", .number(JSONNumber(summary.staticFileCount))),
                ("problems", .makeArray(summary.problems.map { .string($0.description) })),
            ])
        case .failure(let error):
            return AdminAnswer(status: 500, logDescription: "reload failed: \(error)", [
                ("status", .string("failed")),
                ("error", .string(error.description)),
            ])
        }
    }

    /// For a reload request woken because the server is stopping.
    static var stoppingAnswer: AdminAnswer {
        AdminAnswer(status: 503, logDescription: "server stopping, no reload", [
            ("status", .string("failed")),
            ("error", .string("the server is stopping; the reload did not happen")),
        ])
    }
}
