import Foundation

/// One endpoint of a REST service: a method and a path on a ``JSONSession``, decoding
/// `Response` on success and `ErrorResponse` on failure.
///
/// A request is a value; keep it and perform it as often as you like, from any task.
///
/// ```swift
/// let request = JSONRequest<People, ErrorResponse>(method: .get, path: "api/1.0/people/", session: session)
/// let people = try await request.perform(parameters: ["search": "luke", "page": "1"])
///
/// let created = try await JSONRequest<Person, ErrorResponse>(method: .post, path: "api/1.0/people/", session: session)
///     .perform(body: NewPerson(name: "Rey"))
/// ```
///
/// `Response` may be `Data` for the raw body, an `Optional` or ``EmptyResponse`` for endpoints
/// that may answer with an empty body.
public struct JSONRequest<Response: Decodable & Sendable, ErrorResponse: Decodable & Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path appended to the session's base URL. A leading `/` does not discard the base
    /// URL's own path; a trailing `/` is kept. Characters outside a URL path are percent-encoded;
    /// an existing `%XX` escape is kept as it is.
    public var path: String
    /// The session providing base URL, strategies, headers, credentials and transport.
    public var session: JSONSession
    /// Headers for this request only; they override session headers of the same name
    /// (compared case-insensitively) and the `Authorization` from `authToken`.
    public var headers: [String: String]
    /// Overrides the session's ``JSONSession/redirectPolicy`` for this request; `nil` by default.
    ///
    /// ```swift
    /// var request = JSONRequest<Person, APIError>(method: .post, path: "people/", session: session)
    /// request.redirectPolicy = .doNotFollow      // a 307 now throws .httpStatus(307)
    /// ```
    public var redirectPolicy: RedirectPolicy?
    /// The path with placeholders (`api/1.0/people/{id}`) naming the trace span; `nil` uses ``path``.
    public var pathTemplate: String?

    /// Creates a request; nothing is sent until `perform`.
    public init(method: HTTPMethod, path: String, session: JSONSession, headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.session = session
        self.headers = headers
    }
}
