/// What libmicrohttpd's callbacks talk to. The C entry points in `MHDCallbacks.swift` only turn
/// pointers into Swift values and call these three methods, so this layer depends on no server
/// type; the server's `RequestDispatcher` implements it (as Hummingbird's server core takes a
/// responder).
///
/// Every call runs on the MHD worker thread that owns the connection; the calls for one request
/// never overlap.
protocol MHDResponder: AnyObject, Sendable {
    /// Per-request state, retained from ``beginRequest(rawTarget:)`` until ``finishRequest(_:termination:)``.
    associatedtype Request: AnyObject

    /// The request line has arrived; no header is parsed yet. `rawTarget` is still percent-encoded.
    func beginRequest(rawTarget: String) -> Request

    /// One access-handler call (see ``MHDAccessCall`` for when they happen). Returns false to
    /// make libmicrohttpd close the connection without an answer.
    func handle(_ request: Request, _ call: MHDAccessCall) -> Bool

    /// The request is over: answered, failed or abandoned. `request` carries the reference
    /// retained at ``beginRequest(rawTarget:)``, which the responder releases.
    func finishRequest(_ request: Unmanaged<Request>, termination: MHDTermination)
}
