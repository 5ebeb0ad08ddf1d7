/// A service declared once: the session it is reached through (environment, headers,
/// strategies, interceptors) and its endpoints, usually nested as value types.
///
/// Switch the whole service between environments by assigning `session.environment`.
///
/// ```swift
/// struct StarWarsAPI: APIService {
///     var session: JSONSession
///
///     struct Account: Endpoint {
///         typealias Response = AccountModel
///         var path: String { "api/1.0/account/" }
///     }
/// }
/// var api = StarWarsAPI(session: JSONSession(environment: .mock))
/// let account = try await api.send(StarWarsAPI.Account())
/// api.session.environment = .production
/// ```
public protocol APIService: Sendable {
    /// The session every endpoint of this service is sent through.
    var session: JSONSession { get }
}

extension APIService {
    /// Sends `endpoint` through ``session`` and decodes its response.
    ///
    /// - Throws: ``RequestError`` typed with the endpoint's `ErrorResponse`.
    public func send<E: Endpoint>(_ endpoint: E) async throws(RequestError<E.ErrorResponse>) -> E.Response {
        try await session.send(endpoint)
    }

    /// Sends `endpoint` and returns the decoded value with the response and its metrics.
    public func sendWithResponse<E: Endpoint>(_ endpoint: E) async throws(RequestError<E.ErrorResponse>) -> (value: E.Response, response: HTTPResponse) {
        try await session.sendWithResponse(endpoint)
    }
}
