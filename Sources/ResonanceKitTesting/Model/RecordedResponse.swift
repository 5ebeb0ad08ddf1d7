import Foundation

/// What the mock answered a ``RecordedRequest``: the headers and the body it sent, so a test can
/// see what the app actually got (a templated id, a runtime fixture's answer, a forwarded one).
///
/// ```swift
/// let created = try await mock.requests().last { $0.method == "POST" }
/// #expect(created?.response?.headers["location"] == "/api/people/83/")
/// let person = try created?.response?.decodeBody(Person.self)
/// ```
public struct RecordedResponse: Sendable, Equatable, Decodable {
    /// Names lower-cased; a repeated header's values joined with `", "` (`Set-Cookie`'s with a
    /// newline). The ones the HTTP layer adds itself (`Date`, `Content-Length`, `Connection`)
    /// are not listed.
    public let headers: [String: String]
    /// The body as sent, at most the journal's body limit: empty for a HEAD, a 204 or 304, and
    /// half of it for a `truncatedBody` fault.
    public let body: Data
    /// Whether the journal cut the body (see ``bodySize``).
    public let bodyTruncated: Bool
    /// How many body bytes were sent.
    public let bodySize: Int

    private enum CodingKeys: String, CodingKey {
        case headers
    }

    public init(from decoder: any Decoder) throws {
        headers = try decoder.container(keyedBy: CodingKeys.self).decode([String: String].self, forKey: .headers)
        let body = try JournalBody(from: decoder)
        self.body = body.data
        bodyTruncated = body.truncated
        bodySize = body.size
    }

    /// The body decoded as JSON.
    public func decodeBody<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body)
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
