import Foundation

extension JSONRequest {
    /// Sends the request and decodes the response.
    ///
    /// For GET, HEAD and DELETE, `parameters` become the query string, sorted by name.
    /// For other methods they are sent as a JSON object body (no body when empty).
    ///
    /// ```swift
    /// let page = try await request.perform(parameters: ["search": "luke", "page": "1"])
    /// ```
    ///
    /// - Throws: ``RequestError`` for a non-2xx status (with the decoded `ErrorResponse`),
    ///   an undecodable body, a `Content-Type` the request does not accept, a transport
    ///   failure, a timeout or cancellation.
    public func perform(parameters: [String: String] = [:]) async throws(RequestError<ErrorResponse>) -> Response {
        try await performWithResponse(parameters: parameters).value
    }

    /// Encodes `body` with the session's encoding strategies, sends it as the JSON body and
    /// decodes the response. `parameters`, if any, become the query string.
    ///
    /// ```swift
    /// let created = try await createPerson.perform(body: NewPerson(name: "Rey"))
    /// ```
    ///
    /// - Throws: ``RequestError``; GET and HEAD requests cannot carry a body
    ///   (``RequestError/Kind/invalidRequest(_:)``).
    public func perform(body: some Encodable, parameters: [String: String] = [:]) async throws(RequestError<ErrorResponse>) -> Response {
        try await performWithResponse(body: body, parameters: parameters).value
    }

    /// Like ``perform(parameters:)``, and also returns the response: status, headers, body
    /// and ``HTTPMetrics`` (duration, bytes, attempts).
    ///
    /// ```swift
    /// let (people, response) = try await request.performWithResponse()
    /// print(response.metrics.duration, response.metrics.attempts)
    /// ```
    public func performWithResponse(parameters: [String: String] = [:]) async throws(RequestError<ErrorResponse>) -> (value: Response, response: HTTPResponse) {
        try await session.perform(describe(parameters: parameters), as: Response.self, errorType: ErrorResponse.self)
    }

    /// Like ``perform(body:parameters:)``, and also returns the response with its metrics.
    ///
    /// ```swift
    /// let (created, response) = try await createPerson.performWithResponse(body: NewPerson(name: "Rey"))
    /// ```
    public func performWithResponse(body: some Encodable, parameters: [String: String] = [:]) async throws(RequestError<ErrorResponse>) -> (value: Response, response: HTTPResponse) {
        try await session.perform(try describe(body: body, parameters: parameters), as: Response.self, errorType: ErrorResponse.self)
    }

    func describe(parameters: [String: String]) -> RequestDescription {
        if method.sendsParametersInQuery || parameters.isEmpty {
            return describe(query: parameters, body: nil)
        }
        return describe(query: [:], body: .json(parameters))
    }

    /// Encoded here rather than as ``RequestBody/json(_:)``, which needs a `Sendable` value.
    func describe(body value: some Encodable, parameters: [String: String]) throws(RequestError<ErrorResponse>) -> RequestDescription {
        if method.forbidsBody {
            throw RequestError(
                .invalidRequest("\(method.rawValue) requests cannot carry a body; use perform(parameters:) to send a query string"),
                method: method,
                url: url(query: parameters)
            )
        }
        let body: Data
        do {
            body = try session.makeEncoder().encode(value)
        } catch {
            throw RequestError(.encoding("\(type(of: value)): \(error)"), method: method, url: url(query: parameters))
        }
        return describe(query: parameters, body: .data(body, contentType: "application/json"))
    }

    /// The URL the request would go to, for an error thrown before the request is built; `nil`
    /// when the URL itself cannot be built (that error then comes from building).
    private func url(query: [String: String]) -> URL? {
        let sortedQuery = query.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value as String?) }
        return try? session.makeURL(path: path, query: sortedQuery, method: method, errorType: ErrorResponse.self)
    }

    private func describe(query: [String: String], body: RequestBody?) -> RequestDescription {
        RequestDescription(
            method: method,
            path: path,
            query: query.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) },
            headers: headers,
            body: body,
            accepts: .json,
            // `Data` asks for the raw bytes, whatever they are (images, text).
            validatesContentType: Response.self != Data.self,
            redirectPolicy: redirectPolicy,
            pathTemplate: pathTemplate,
            bodyHint: "use perform(parameters:) to send a query string"
        )
    }
}
