import MockFixtures

/// A JSON answer the server writes itself, for the admin endpoints it handles before the store.
struct AdminAnswer: Sendable {
    let status: Int
    let body: [UInt8]
    /// What the request log says about it.
    let logDescription: String

    init(status: Int, logDescription: String, _ members: [(String, JSONValue)]) {
        self.status = status
        self.logDescription = logDescription
        body = JSONValue.makeObject(members).serializedBytes() + [UInt8(ascii: "\n")]
    }
}
