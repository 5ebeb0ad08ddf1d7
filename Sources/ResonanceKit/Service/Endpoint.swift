import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One endpoint of a service, declared once as a value type: method, path, query, headers,
/// body and the types of its success and error bodies. Send it with
/// ``JSONSession/send(_:)-(Endpoint)`` or through an ``APIService``.
///
/// Only `Response` and `path` are required; everything else has a default.
///
/// ```swift
/// struct Login: Endpoint {
///     typealias Response = Session
///     typealias ErrorResponse = APIError
///     let username: String, password: String
///     var method: HTTPMethod { .post }
///     var path: String { "api/1.0/login/" }
///     var body: RequestBody? { .form(["username": username, "password": password]) }
/// }
/// let signedIn = try await session.send(Login(username: "luke", password: "skywalker"))
/// ```
public protocol Endpoint: Sendable {
    /// What a 2xx body decodes to. `Data` for raw bytes; `EmptyResponse` or an `Optional`
    /// for endpoints that may answer with no body.
    associatedtype Response: Decodable & Sendable
    /// What an error body decodes to (``RequestError/errorResponse``); the raw bytes by default.
    associatedtype ErrorResponse: Decodable & Sendable = Data

    /// The method; `GET` by default.
    var method: HTTPMethod { get }
    /// Appended to the environment's base URL, with the same rules as ``JSONRequest/path``.
    var path: String { get }
    /// The query, in this order; a `nil` value sends the bare name. None by default.
    var queryItems: [URLQueryItem] { get }
    /// Headers for this endpoint; they override the environment's and the session's.
    var headers: [String: String] { get }
    /// The body, if any; it sets `Content-Type`.
    var body: RequestBody? { get }
    /// What a successful response may be: `application/json` by default (any type when
    /// `Response` is `Data`); `nil` sends no `Accept` and checks nothing.
    var accepts: AcceptedMediaTypes? { get }
    /// Overrides the environment's and the session's timeout for this endpoint.
    var timeout: TimeInterval? { get }
    /// Overrides the environment's cache policy for this endpoint.
    var cachePolicy: URLRequest.CachePolicy? { get }
    /// Overrides the session's ``JSONSession/redirectPolicy`` for this endpoint; `nil` by default.
    var redirectPolicy: RedirectPolicy? { get }
    /// The path with placeholders, such as `api/1.0/people/{id}`, naming the request's trace span
    /// (`GET api/1.0/people/{id}`) so span names stay few; `nil` (the default) uses ``path``.
    var pathTemplate: String? { get }
}

extension Endpoint {
    public var method: HTTPMethod { .get }
    public var queryItems: [URLQueryItem] { [] }
    public var headers: [String: String] { [:] }
    public var body: RequestBody? { nil }
    public var accepts: AcceptedMediaTypes? { Response.self == Data.self ? .any : .json }
    public var timeout: TimeInterval? { nil }
    public var cachePolicy: URLRequest.CachePolicy? { nil }
    public var redirectPolicy: RedirectPolicy? { nil }
    public var pathTemplate: String? { nil }

    var requestDescription: RequestDescription {
        RequestDescription(
            method: method, path: path, queryItems: queryItems, headers: headers, body: body,
            accepts: accepts, timeout: timeout, cachePolicy: cachePolicy,
            redirectPolicy: redirectPolicy, pathTemplate: pathTemplate
        )
    }
}
