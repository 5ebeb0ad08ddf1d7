import MockTLS

/// What went wrong below the HTTP semantics; ``UpstreamClient`` turns it into an ``UpstreamError``.
enum TransportFailure: Error {
    case hostNotFound(String)
    case refused(String)
    case connectFailed(String)
    /// The deadline passed; the text says during what.
    case timedOut(String)
    case cancelled
    case tls(TLSClientError)
    /// The peer closed or reset the connection; `receivedAnything` is false when not one byte
    /// of the answer had arrived (a stale kept-alive connection, worth one retry).
    case closed(String, receivedAnything: Bool)
    case badResponse(String)
    case tooLarge(String)
    case trustStore(String)
}
