import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What every front end (``JSONRequest``, ``Endpoint``, ``HTTPRequest``) hands to the one
/// request builder: nothing here is encoded or validated yet.
struct RequestDescription: Sendable {
    var method: HTTPMethod
    var path: String
    /// Name–value pairs in the order they are sent; a `nil` value sends the bare name.
    var query: [(name: String, value: String?)] = []
    var headers: [String: String] = [:]
    var body: RequestBody?
    /// The default `Accept` header; a header set on the request, session or environment wins.
    var accepts: AcceptedMediaTypes?
    /// Whether a successful response's `Content-Type` is checked against the final `Accept`.
    var validatesContentType = true
    var timeout: TimeInterval?
    var cachePolicy: URLRequest.CachePolicy?
    /// Overrides the session's redirect policy.
    var redirectPolicy: RedirectPolicy?
    /// The path with placeholders (`api/people/{id}`), for span names; `nil` uses `path`.
    var pathTemplate: String?
    /// Whether a body is refused for GET and HEAD with a hint pointing at `hint`.
    var bodyHint: String = "send parameters in the query instead"
}

extension RequestDescription {
    /// The description of a request declared with `URLQueryItem`s (``Endpoint`` and ``HTTPRequest``):
    /// the content type is checked exactly when the request says what it accepts.
    init(
        method: HTTPMethod,
        path: String,
        queryItems: [URLQueryItem],
        headers: [String: String],
        body: RequestBody?,
        accepts: AcceptedMediaTypes?,
        timeout: TimeInterval?,
        cachePolicy: URLRequest.CachePolicy?,
        redirectPolicy: RedirectPolicy?,
        pathTemplate: String?
    ) {
        self.init(
            method: method,
            path: path,
            query: queryItems.map { (name: $0.name, value: $0.value) },
            headers: headers,
            body: body,
            accepts: accepts,
            validatesContentType: accepts != nil,
            timeout: timeout,
            cachePolicy: cachePolicy,
            redirectPolicy: redirectPolicy,
            pathTemplate: pathTemplate,
            bodyHint: "send what it carries in queryItems"
        )
    }
}
