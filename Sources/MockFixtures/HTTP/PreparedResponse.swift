/// A response fixed at load time (a fixture entry, a static file, the health answer, a broken
/// file's 500). Servers may cache whatever they derive from it under its `id`.
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// for prepared in store.preparedResponses { print(prepared.id, prepared.status, prepared.body.count) }
/// ```
public struct PreparedResponse: Sendable {
    /// Its index in ``FixtureStore/preparedResponses``.
    public let id: Int
    public let status: Int
    /// Content-Type included when there is a body; never Content-Length or Date.
    public let headers: [HTTPHeader]
    public let body: [UInt8]

    public init(id: Int, status: Int, headers: [HTTPHeader], body: [UInt8]) {
        self.id = id
        self.status = status
        self.headers = headers
        self.body = body
    }
}
