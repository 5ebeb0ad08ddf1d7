import MockFixtures

extension MockHTTPServer {
    /// Loads the fixture folder again and answers every new request from it, without dropping a
    /// connection; what `POST /__admin/reload`, `mockserver --watch` and SIGHUP do.
    ///
    /// Requests already running finish with the fixtures they started with. `times` counters
    /// start from 0 again (they belong to the load). Broken fixture files do not fail the reload:
    /// they are listed in the summary's `problems` and answer 500. When the folder itself has
    /// become unusable (deleted, replaced by a file) nothing changes and ``ReloadError`` says why.
    /// Blocks the caller until the new fixtures serve; reloads run one at a time.
    ///
    /// ```swift
    /// let summary = try server.reload()
    /// print("reloaded: \(summary)")   // reloaded: 3 fixture files, 7 entries, 1 static file, 0 problems
    /// ```
    @discardableResult
    public func reload() throws(ReloadError) -> ReloadSummary {
        try dispatcher.reloads.sync { dispatcher.performReload() }.get()
    }

    /// The engine answering the requests: fixtures, journal, runtime fixtures, scenario states.
    public var engine: MockEngine {
        dispatcher.engine
    }

    /// The fixture folder the server loads from, as it was given (absolute): a symlink there is
    /// followed again at every reload, so switching it (`current -> releases/8`) takes effect.
    public var fixtureRootPath: String {
        dispatcher.rootPath
    }

    /// Connections parked right now: waiting for a fixture's delay or for a reload to finish.
    /// For tests that must know a request has reached the server before they act.
    package var suspendedConnectionCount: Int {
        dispatcher.suspensions.count
    }

    /// The libmicrohttpd version the process runs with, e.g. `0.9.75`: behaviour differs between
    /// releases where the library answers malformed requests itself (docs/ARCHITECTURE.md).
    package static var libraryVersion: String {
        MHDDaemon.libraryVersion
    }

    /// Sweeps of the request-head deadline watchdog so far (0 without a head timeout). For tests
    /// that must know a deadline was checked.
    package var headDeadlineSweeps: Int {
        watchdog?.sweeps ?? 0
    }
}
