@_exported import MockFixtures
@_exported import MockServer
@_exported import ResonanceKitTesting

extension MockHTTPServer {
    /// A ``MockServerControl`` for this server: its journal, verification, runtime fixtures,
    /// scenarios and reset.
    ///
    /// ```swift
    /// import MockServerTesting
    ///
    /// try await withMockServer(root: FixtureRoot.path("Mocks")) { server in
    ///     // … run the code under test against server.url …
    ///     try await server.control.verify(.get("/api/1.0/people/"), count: 1)
    /// }
    /// ```
    public var control: MockServerControl {
        MockServerControl(baseURL: url)
    }
}

