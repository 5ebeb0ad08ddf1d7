import Foundation

/// A request as a handler sees it (``MockEngine/addHandler(path:priority:encoder:_:)``): what the
/// app sent, decoded.
///
/// ```swift
/// try transport.addHandler(path: "/api/people") { request in
///     let page = Int(request.query["page"]?.first ?? "1") ?? 1
///     return FixtureEntry(response: Page(number: page, people: people(on: page)))
/// }
/// ```
public struct MockRequest: Sendable, CustomStringConvertible {
    /// As sent (methods are case-sensitive).
    public let method: String
    /// Percent-decoded, without the query.
    public let path: String
    /// Each parameter's decoded values, in order.
    public let query: [String: [String]]
    /// Names lower-cased; a repeated header's values joined with ", " (`; ` for `Cookie`).
    public let headers: [String: String]
    public let body: Data
    /// The values of the handler path's `{name}` segments: `["id": "7"]` for `/api/people/{id}`.
    public let pathParameters: [String: String]

    public init(method: String, path: String, query: [String: [String]] = [:], headers: [String: String] = [:], body: Data = Data(),
                pathParameters: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
    }

    /// The body decoded as JSON.
    public func decodeBody<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body)
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// `GET /api/people?page=2`
    public var description: String {
        let queryText = query.isEmpty ? "" : "?" + query.keys.sorted().flatMap { name in query[name]!.map { "\(name)=\($0)" } }.joined(separator: "&")
        return "\(method) \(path)\(queryText)"
    }
}
