import Foundation

extension JSONRequest {
    /// A single-line `curl` command that sends exactly what ``perform(parameters:)`` would:
    /// method, every header (including `Authorization`, unmasked), body and URL.
    /// Interceptors run per attempt, so what they add (such as a refreshed token) is not in it.
    ///
    /// ```swift
    /// print(try request.curlCommand(parameters: ["search": "luke"]))
    /// // curl -X GET -H 'Accept: application/json' 'http://127.0.0.1:8080/api/1.0/people/?search=luke'
    /// ```
    public func curlCommand(parameters: [String: String] = [:]) throws(RequestError<ErrorResponse>) -> String {
        CurlCommand.make(for: try session.build(describe(parameters: parameters), errorType: ErrorResponse.self), masksCredentials: false)
    }

    /// A single-line `curl` command that sends exactly what ``perform(body:parameters:)`` would.
    ///
    /// ```swift
    /// print(try createPerson.curlCommand(body: NewPerson(name: "Rey")))
    /// ```
    public func curlCommand(body: some Encodable, parameters: [String: String] = [:]) throws(RequestError<ErrorResponse>) -> String {
        CurlCommand.make(for: try session.build(try describe(body: body, parameters: parameters), errorType: ErrorResponse.self), masksCredentials: false)
    }
}
