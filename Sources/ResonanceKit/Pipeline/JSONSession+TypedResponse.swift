import Foundation

extension JSONSession {
    /// Builds, executes and decodes: the typed path shared by ``JSONRequest`` and ``Endpoint``.
    func perform<Response: Decodable & Sendable, ErrorResponse: Decodable & Sendable>(
        _ description: RequestDescription,
        as responseType: Response.Type,
        errorType: ErrorResponse.Type
    ) async throws(RequestError<ErrorResponse>) -> (value: Response, response: HTTPResponse) {
        let outgoing = try build(description, errorType: ErrorResponse.self)
        return try await perform(outgoing, as: Response.self, errorType: ErrorResponse.self)
    }

    func perform<Response: Decodable & Sendable, ErrorResponse: Decodable & Sendable>(
        _ outgoing: OutgoingRequest,
        as responseType: Response.Type,
        errorType: ErrorResponse.Type
    ) async throws(RequestError<ErrorResponse>) -> (value: Response, response: HTTPResponse) {
        let execution = try await execute(outgoing, errorType: ErrorResponse.self)
        do {
            let value = try decode(execution, outgoing: outgoing, as: Response.self, errorType: ErrorResponse.self)
            return (value, execution.response)
        } catch {
            logFailure(error.description, metrics: error.metrics)
            throw error
        }
    }

    /// Status, then content type, then body: the order in which a caller would ask.
    private func decode<Response: Decodable & Sendable, ErrorResponse: Decodable & Sendable>(
        _ execution: Execution,
        outgoing: OutgoingRequest,
        as responseType: Response.Type,
        errorType: ErrorResponse.Type
    ) throws(RequestError<ErrorResponse>) -> Response {
        let response = execution.response
        let url = outgoing.urlRequest.url
        func failure(_ kind: RequestError<ErrorResponse>.Kind, errorResponse: ErrorResponse? = nil) -> RequestError<ErrorResponse> {
            RequestError(
                kind,
                method: outgoing.method,
                url: url,
                errorResponse: errorResponse,
                data: response.body,
                headers: response.headers,
                statusCode: response.statusCode,
                metrics: response.metrics,
                retryNote: execution.retryNote
            )
        }
        guard response.isSuccess else {
            let errorResponse = try? ResponseBody.decode(ErrorResponse.self, from: response.body, using: makeDecoder())
            throw failure(.httpStatus(response.statusCode), errorResponse: errorResponse)
        }
        if let accepted = outgoing.acceptedMediaTypes {
            try validateContentType(response, accepted: accepted) { expected, received throws(RequestError<ErrorResponse>) in
                throw failure(.unacceptableContentType(expected: expected, received: received))
            }
        }
        do {
            return try ResponseBody.decode(Response.self, from: response.body, using: makeDecoder())
        } catch {
            let decodingFailure = DecodingFailure(
                typeName: String(describing: Response.self),
                error: error,
                statusCode: response.statusCode,
                body: response.body
            )
            throw failure(.decoding(decodingFailure))
        }
    }

    /// Empty bodies (204, HEAD) and responses without a `Content-Type` are not checked.
    func validateContentType<Failure: Error>(
        _ response: HTTPResponse,
        accepted: AcceptedMediaTypes,
        reject: (_ expected: [String], _ received: String) throws(Failure) -> Void
    ) throws(Failure) {
        guard !ResponseBody.isBlank(response.body), let contentType = response.headers["Content-Type"] else { return }
        if let unacceptable = accepted.firstUnacceptable(in: contentType) {
            try reject(accepted.mediaTypes, unacceptable)
        }
    }
}
