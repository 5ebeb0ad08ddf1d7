import MockFixtures

/// A JSON answer the server writes itself rather than the fixtures: the admin endpoints it
/// handles before the store, and refusals of malformed requests.
struct AdminAnswer: Sendable {
    let status: Int
    let body: [UInt8]
    /// What the request log says about it.
    let logDescription: String
    /// Whether the connection is closed after the answer (`Connection: close`).
    let closesConnection: Bool

    init(status: Int, logDescription: String, closesConnection: Bool = false, _ members: [(String, JSONValue)]) {
        self.status = status
        self.logDescription = logDescription
        self.closesConnection = closesConnection
        body = JSONValue.makeObject(members).serializedBytes() + [UInt8(ascii: "\n")]
    }

    /// The 400 or 501 refusing a request whose framing is ambiguous or unsupported; the
    /// connection is closed, since the rest of its bytes cannot be trusted to start a request.
    init(refusing violation: HeadViolation) {
        self.init(status: violation.status, logDescription: "refused: \(violation.error)", closesConnection: true, [
            ("error", .string(violation.error)),
            ("hint", .string(violation.hint)),
        ])
    }

    /// The header lines sent with the body.
    var headers: [(name: String, value: String)] {
        closesConnection
            ? [(name: "Content-Type", value: "application/json"), (name: "Connection", value: "close")]
            : [(name: "Content-Type", value: "application/json")]
    }
}
