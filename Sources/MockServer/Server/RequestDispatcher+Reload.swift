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
            let abandoned = reloadsAbandoned
            store = try FixtureStore.load(root: rootPath, options: engine.store.loadOptions, isCancelled: { abandoned.load(ordering: .relaxed) })
        } catch .cancelled {
            logger.notice("reload abandoned: the server is stopping")
            return .failure(.serverStopped)
        } catch {
            logger.error("reload failed: \(ReloadError.rootUnusable(error))")
            return .failure(.rootUnusable(error))
        }
        guard let next = ServingGeneration(store: store, answerHeaders: engine.preparedAnswerHeaders(of:in:), refused: Self.headerRefusalLogger(logger)) else {
            let failure = ReloadError.responsesUnavailable(count: store.preparedResponses.count)
            logger.error("reload failed: \(failure)")
            return .failure(failure)
        }
        // The replaced generation is dropped right here, on the reload queue: it is freed now
        // unless requests that started with it are still running.
        guard generations.replace(with: next) != nil else { return .failure(.serverStopped) }
        // Runtime fixtures, scenario states and the journal live in the engine and stay.
        engine.replaceStore(store)
        let summary = ReloadSummary(store, warnings: engine.declaredResourceWarnings)
        logger.notice("reloaded: \(summary)")
        for problem in summary.problems {
            logger.warning("\(problem)")
        }
        // Said by every reload (--watch, SIGHUP, the admin API), not only in the admin answer.
        for warning in summary.warnings {
            logger.warning("\(warning)")
        }
        afterReload(summary)
        return .success(summary)
    }

    /// `POST /__admin/reload`: parks the connection, reloads on ``reloads`` and answers when done,
    /// so the worker thread goes on serving meanwhile.
    /// The engine has routed the request (whatever its spelling) and checked its method.
    func handleReloadRequest(_ request: RequestContext, on connection: MHDConnection) -> Bool {
        if forwarding?.servesFixtures == false {
            let refusal = engine.reloadFailureAnswer(
                "mockserver record serves no fixtures, so there is nothing to reload", status: 409,
                hint: "stop it and serve what it recorded with mockserver --root \(rootPath)")
            return send(engine.allowingCrossOrigin(refusal, method: request.method ?? "POST", headers: ConnectionHeaders(connection: connection)),
                        for: request, on: connection)
        }
        let deferred = DeferredAdminAnswer()
        request.deferredAnswer = deferred
        guard let id = suspensions.suspend(connection) else {
            request.deferredAnswer = nil
            return send(stoppingAnswer, for: request, on: connection)
        }
        request.suspensionID = id
        reloads.async { [self] in
            deferred.fulfil(answer(for: performReload()))
            suspensions.resume(id)
        }
        return true
    }

    /// The same answer as every front gives (``MockEngine/reloadAnswer(_:)``).
    func answer(for result: Result<ReloadSummary, ReloadError>) -> MockResponse {
        switch result {
        case .success:
            return engine.reloadAnswer(.success(engine.store))
        case .failure(let error):
            return engine.reloadFailureAnswer(error.description)
        }
    }

    /// For a reload request woken because the server is stopping.
    var stoppingAnswer: MockResponse {
        engine.reloadFailureAnswer("the server is stopping; the reload did not happen", status: 503,
                                   hint: "start the server again; it loads the fixtures as they are then")
    }
}
