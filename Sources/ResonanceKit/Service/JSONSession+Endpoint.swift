extension JSONSession {
    /// Sends an ``Endpoint`` and decodes its response, with the same pipeline and errors as
    /// ``JSONRequest``: interceptors, retries, `Content-Type` validation, typed error bodies.
    ///
    /// ```swift
    /// let account = try await session.send(AccountEndpoint())
    /// ```
    public func send<E: Endpoint>(_ endpoint: E) async throws(RequestError<E.ErrorResponse>) -> E.Response {
        try await sendWithResponse(endpoint).value
    }

    /// Sends an ``Endpoint`` and returns the decoded value with the ``HTTPResponse``
    /// (headers, body, ``HTTPMetrics``).
    ///
    /// ```swift
    /// let (account, response) = try await session.sendWithResponse(AccountEndpoint())
    /// print(response.metrics)
    /// ```
    public func sendWithResponse<E: Endpoint>(_ endpoint: E) async throws(RequestError<E.ErrorResponse>) -> (value: E.Response, response: HTTPResponse) {
        try await perform(endpoint.requestDescription, as: E.Response.self, errorType: E.ErrorResponse.self)
    }

    /// A single-line `curl` command that sends what ``send(_:)-(Endpoint)`` would, before
    /// interceptors run. Binary bodies are piped in through `printf`.
    ///
    /// ```swift
    /// print(try session.curlCommand(for: Login(username: "luke", password: "skywalker")))
    /// ```
    public func curlCommand<E: Endpoint>(for endpoint: E) throws(RequestError<E.ErrorResponse>) -> String {
        CurlCommand.make(for: try build(endpoint.requestDescription, errorType: E.ErrorResponse.self), masksCredentials: false)
    }
}
