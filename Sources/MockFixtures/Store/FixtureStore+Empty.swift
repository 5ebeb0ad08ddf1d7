extension FixtureStore {
    /// A store that serves no fixture (the admin API still answers), for a front that forwards
    /// every request — `mockserver record`, which writes into `rootPath` rather than serving it.
    ///
    /// ```swift
    /// let engine = MockEngine(store: .empty(rootPath: "/abs/Recorded"))
    /// engine.respond(method: "GET", target: "/api/people", headers: NoHeaders(), body: []).outcome   // .noMatch(…)
    /// ```
    package static func empty(rootPath: String) -> FixtureStore {
        var builder = FixtureStoreBuilder(rootPath: rootPath, options: FixtureLoadOptions(), problems: [])
        return builder.build()
    }
}
