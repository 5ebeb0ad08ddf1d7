/// Why a request's head is refused: the status and the two sentences of its JSON answer.
struct HeadViolation: Sendable, Equatable {
    /// 400 (ambiguous framing, `Host`), 431 (too large) or 501 (a transfer coding the server
    /// does not implement).
    let status: Int
    /// What is wrong with the request.
    let error: String
    /// What the client should send instead.
    let hint: String
}
