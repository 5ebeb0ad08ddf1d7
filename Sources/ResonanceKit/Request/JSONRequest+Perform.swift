import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    ///   an undecodable body, a transport failure, a timeout or cancellation.
    public func perform(parameters: [String: String] = [:]) async throws(RequestError<ErrorResponse>) -> Response {
        let outgoing = try prepare(parameters: parameters)
        return try await send(outgoing)
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
        let outgoing = try prepare(body: body, parameters: parameters)
        return try await send(outgoing)
    }

    private func send(_ outgoing: OutgoingRequest) async throws(RequestError<ErrorResponse>) -> Response {
        let url = outgoing.urlRequest.url
        if Task.isCancelled {
            throw RequestError(.cancelled, method: method, url: url)
        }
        logRequest(outgoing)
        let transport = session.transport
        let urlRequest = outgoing.urlRequest
        let started = ContinuousClock.now
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await withDeadline(seconds: session.timeout) {
                try await transport.send(urlRequest)
            }
        } catch {
            let failure = classify(error, url: url)
            logFailure(failure, after: ContinuousClock.now - started)
            throw failure
        }
        let duration = ContinuousClock.now - started
        logResponse(response, data: data, for: outgoing, after: duration)
        do {
            return try decodeResponse(data: data, response: response, url: url)
        } catch {
            logFailure(error, after: duration)
            throw error
        }
    }

    private func classify(_ error: any Error, url: URL?) -> RequestError<ErrorResponse> {
        if error is DeadlineExceeded {
            return RequestError(.timeout(session.timeout), method: method, url: url)
        }
        if Task.isCancelled || error is CancellationError {
            return RequestError(.cancelled, method: method, url: url)
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return RequestError(.timeout(session.timeout), method: method, url: url)
            case .cancelled: return RequestError(.cancelled, method: method, url: url)
            default: break
            }
        }
        return RequestError(.transport(error), method: method, url: url)
    }

    private func decodeResponse(data: Data, response: HTTPURLResponse, url: URL?) throws(RequestError<ErrorResponse>) -> Response {
        let headers = response.headerDictionary
        let decoder = session.makeDecoder()
        guard (200..<300).contains(response.statusCode) else {
            let errorResponse = try? ResponseBody.decode(ErrorResponse.self, from: data, using: decoder)
            throw RequestError(
                .httpStatus(response.statusCode),
                method: method,
                url: url,
                errorResponse: errorResponse,
                data: data,
                headers: headers
            )
        }
        do {
            return try ResponseBody.decode(Response.self, from: data, using: decoder)
        } catch {
            let failure = DecodingFailure(
                typeName: String(describing: Response.self),
                error: error,
                statusCode: response.statusCode,
                body: data
            )
            throw RequestError(.decoding(failure), method: method, url: url, data: data, headers: headers)
        }
    }
}

extension HTTPURLResponse {
    /// The response headers as strings; Foundation types them `[AnyHashable: Any]`.
    var headerDictionary: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name] = value as? String ?? "\(value)"
        }
        return headers
    }
}
