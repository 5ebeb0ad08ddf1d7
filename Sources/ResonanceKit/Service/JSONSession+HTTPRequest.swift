import Foundation

extension JSONSession {
    /// Sends an untyped request through the same pipeline (interceptors, retries, metrics,
    /// logging) and returns the response as it came.
    ///
    /// ```swift
    /// let response = try await session.send(HTTPRequest(path: "api/1.0/people/1"))
    /// if response.statusCode == 200 { print(try response.decode(Person.self).name) }
    /// ```
    ///
    /// - Throws: ``RequestError`` whose `errorResponse` is the raw body: for transport failures,
    ///   timeouts, cancellation, an invalid request; for a non-2xx status only with
    ///   ``HTTPRequest/validatesStatus``; for a `Content-Type` outside ``HTTPRequest/accepts``.
    public func send(_ request: HTTPRequest) async throws(RequestError<Data>) -> HTTPResponse {
        let outgoing = try build(request.requestDescription, errorType: Data.self)
        let execution = try await execute(outgoing, errorType: Data.self)
        let response = execution.response
        func failure(_ kind: RequestError<Data>.Kind) -> RequestError<Data> {
            let error = RequestError<Data>(
                kind,
                method: outgoing.method,
                url: outgoing.urlRequest.url,
                errorResponse: response.body,
                data: response.body,
                headers: response.headers,
                statusCode: response.statusCode,
                metrics: response.metrics,
                retryNote: execution.retryNote
            )
            logFailure(error.description, metrics: error.metrics)
            return error
        }
        if request.validatesStatus, !response.isSuccess {
            throw failure(.httpStatus(response.statusCode))
        }
        if response.isSuccess, let accepted = outgoing.acceptedMediaTypes {
            try validateContentType(response, accepted: accepted) { expected, received throws(RequestError<Data>) in
                throw failure(.unacceptableContentType(expected: expected, received: received))
            }
        }
        return response
    }

    /// A single-line `curl` command that sends what ``send(_:)-(HTTPRequest)`` would, before
    /// interceptors run.
    public func curlCommand(for request: HTTPRequest) throws(RequestError<Data>) -> String {
        CurlCommand.make(for: try build(request.requestDescription, errorType: Data.self), masksCredentials: false)
    }
}
