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
    /// Overrides the session's ``JSONSession/redirectPolicy``; `.doNotFollow` returns a 3xx as it came.
    public var redirectPolicy: RedirectPolicy?
    /// The path with placeholders (`api/1.0/people/{id}`) naming the trace span; `nil` uses ``path``.
    public var pathTemplate: String?

    /// A request; only `path` is required.
    ///
    /// ```swift
    /// let request = HTTPRequest(
    ///     method: .post,                               // default .get
    ///     path: "api/1.0/people/",                     // appended to the base URL
    ///     queryItems: [URLQueryItem(name: "dry_run", value: "1")],
    ///     headers: ["X-Request-ID": "42"],             // override session and environment headers
    ///     body: .json(NewPerson(name: "Rey")),         // or .form, .data, .multipart
    ///     accepts: ["application/json"],               // sent as Accept, checked against Content-Type
    ///     timeout: 5,                                  // beats the environment's and the session's
    ///     cachePolicy: .reloadIgnoringLocalCacheData,  // beats the environment's
    ///     validatesStatus: true,                       // throw for non-2xx instead of returning it
    ///     redirectPolicy: .doNotFollow,                // beats the session's
    ///     pathTemplate: "api/1.0/people/"              // the trace span's name
    /// )
    /// ```
    public init(
        method: HTTPMethod = .get,
        path: String,
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody? = nil,
        accepts: AcceptedMediaTypes? = nil,
        timeout: TimeInterval? = nil,
        cachePolicy: URLRequest.CachePolicy? = nil,
        validatesStatus: Bool = false,
        redirectPolicy: RedirectPolicy? = nil,
        pathTemplate: String? = nil
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
        self.redirectPolicy = redirectPolicy
        self.pathTemplate = pathTemplate
    }

    var requestDescription: RequestDescription {
        RequestDescription(
            method: method, path: path, queryItems: queryItems, headers: headers, body: body,
            accepts: accepts, timeout: timeout, cachePolicy: cachePolicy,
            redirectPolicy: redirectPolicy, pathTemplate: pathTemplate
        )
    }
}
