import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request for the untyped path, ``JSONSession/send(_:)-(HTTPRequest)``, which returns the
/// ``HTTPResponse`` as it came: for text, images, or statuses you want to inspect yourself.
///
/// By default any status is returned without throwing (set ``validatesStatus`` to throw
/// ``RequestError/Kind/httpStatus(_:)`` for non-2xx) and any content type is accepted
/// (set ``accepts`` to send `Accept` and check `Content-Type`).
///
/// ```swift
/// let motd = try await session.send(HTTPRequest(path: "api/1.0/motd.txt")).text()
/// let png = try await session.send(HTTPRequest(path: "images/luke.png", accepts: ["image/*"])).data
/// ```
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// Appended to the environment's base URL, with the same rules as ``JSONRequest/path``.
    public var path: String
    /// The query, in this order; a `nil` value sends the bare name.
    public var queryItems: [URLQueryItem]
    /// Headers for this request; they override the environment's and the session's.
    public var headers: [String: String]
    public var body: RequestBody?
    /// When set: sent as `Accept`, and a 2xx response of another `Content-Type` throws.
    public var accepts: AcceptedMediaTypes?
    /// Overrides the environment's and the session's timeout.
    public var timeout: TimeInterval?
    /// Overrides the environment's cache policy.
    public var cachePolicy: URLRequest.CachePolicy?
    /// Whether a status outside 200–299 throws instead of being returned.
    public var validatesStatus: Bool

    public init(
        method: HTTPMethod = .get,
        path: String,
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody? = nil,
        accepts: AcceptedMediaTypes? = nil,
        timeout: TimeInterval? = nil,
        cachePolicy: URLRequest.CachePolicy? = nil,
        validatesStatus: Bool = false
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.accepts = accepts
        self.timeout = timeout
        self.cachePolicy = cachePolicy
        self.validatesStatus = validatesStatus
    }

    var requestDescription: RequestDescription {
        RequestDescription(
            method: method, path: path, queryItems: queryItems, headers: headers, body: body,
            accepts: accepts, timeout: timeout, cachePolicy: cachePolicy
        )
    }
}
