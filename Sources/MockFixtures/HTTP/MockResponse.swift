/// What the store answers for one request.
///
/// ```swift
/// let response = store.respond(method: "GET", target: "/api/1.0/people/", headers: NoHeaders(), body: [])
/// if let id = response.preparedID { /* reuse the cached response for store.preparedResponses[id] */ }
/// print(response.status, response.outcome.logDescription)
/// ```
public struct MockResponse: Sendable {
    public let status: Int
    public let headers: [HTTPHeader]
    /// For HEAD the GET body is returned; the sender omits it.
    public let body: [UInt8]
    /// Milliseconds the sender waits before answering; 0 answers at once.
    public let delayMilliseconds: Int
    /// Non-nil when this answer equals `preparedResponses[preparedID]`.
    public let preparedID: Int?
    public let outcome: MatchOutcome

    public init(status: Int, headers: [HTTPHeader], body: [UInt8], delayMilliseconds: Int = 0, preparedID: Int? = nil, outcome: MatchOutcome) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delayMilliseconds = delayMilliseconds
        self.preparedID = preparedID
        self.outcome = outcome
    }

    /// The value of the first header called `name` (case-insensitive).
    public func headerValue(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
