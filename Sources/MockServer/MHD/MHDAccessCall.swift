/// One call of libmicrohttpd's access handler for a request: the first once every header has
/// arrived (no body read yet: the place to refuse bad framing), one per uploaded body chunk, and
/// one when the request is complete, repeated after each resume until a response is queued.
///
/// The pointers are valid for this call only.
struct MHDAccessCall {
    let connection: MHDConnection
    /// The request method as sent, e.g. `GET`.
    let method: UnsafePointer<CChar>?
    /// The request line's version, e.g. `HTTP/1.1`.
    let version: UnsafePointer<CChar>?
    /// The body bytes of this call; empty on the first and on the final calls.
    let uploadChunk: UnsafeRawBufferPointer
}
