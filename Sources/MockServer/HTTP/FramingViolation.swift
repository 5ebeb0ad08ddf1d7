/// Why a request's framing is refused: the status and the two sentences of its JSON answer.
struct FramingViolation: Sendable, Equatable {
    /// 400, or 501 for a transfer coding the server does not implement.
    let status: Int
    /// What is wrong with the request.
    let error: String
    /// What the client should send instead.
    let hint: String
}
