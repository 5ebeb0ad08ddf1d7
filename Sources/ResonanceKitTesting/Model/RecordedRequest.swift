import Foundation

/// One request the mock recorded in its journal (`GET /__admin/requests`).
///
/// ```swift
/// let sent = try await mock.requests(matching: .post("/api/1.0/people/"))
/// let person = try sent[0].decodeBody(NewPerson.self)
/// print(sent[0].headers["content-type"] ?? "", sent[0].status)
/// ```
public struct RecordedRequest: Sendable, Equatable, Decodable, CustomStringConvertible {
    /// Increasing from 1 since the mock started.
    public let id: Int
    public let time: Date
    public let method: String
    /// Percent-decoded, without the query.
    public let path: String
    /// Each parameter's decoded values, in order.
    public let query: [String: [String]]
    /// Names lower-cased; repeated headers joined with ", ".
    public let headers: [String: String]
    /// The body as recorded (at most the journal's body limit); empty when there was none.
    public let body: Data
    /// Whether the journal cut the body (see ``bodySize``).
    public let bodyTruncated: Bool
    /// The body's size as sent.
    public let bodySize: Int
    /// The status the mock answered with.
    public let status: Int
    /// The fixture entry that answered, if any.
    public let matched: MatchedEntry?
    /// `matched`, `noMatch`, `staticFile`, `brokenFixture`, `rejectedPath`, …
    public let outcome: String
    /// For a request nothing answered: why, as the server log says it (nearest entry and reasons).
    public let explanation: String?
    /// The headers and body the mock sent back; `nil` when a fault closed the connection before
    /// any (`connectionReset`, `emptyResponse`).
    public let response: RecordedResponse?

    /// The entry that answered a request.
    public struct MatchedEntry: Sendable, Equatable, Decodable {
        /// The fixture file, relative to the root (also for static files).
        public let file: String?
        /// The id of a fixture added at runtime.
        public let fixture: String?
        /// The entry's index in its file or runtime fixture.
        public let entry: Int?
        /// The id of the resource that answered (`POST /__admin/resources`).
        public let resource: String?

        public init(file: String?, fixture: String?, entry: Int?) {
            self.init(file: file, fixture: fixture, entry: entry, resource: nil)
        }

        public init(file: String?, fixture: String?, entry: Int?, resource: String?) {
            self.file = file
            self.fixture = fixture
            self.entry = entry
            self.resource = resource
        }
    }

    /// Whether nothing the test wrote answered it: the no-match 404 (`noMatch`), a refused
    /// request target such as `//api/people` (`rejectedPath`), a fixture file that failed to
    /// load (`brokenFixture`, a 500), or a failed forward (`proxyFailed`, a 502). These are the
    /// requests `requests(unmatchedOnly: true)` lists.
    public var isUnmatched: Bool {
        ["noMatch", "rejectedPath", "brokenFixture", "proxyFailed"].contains(outcome)
    }

    /// The body decoded as JSON.
    public func decodeBody<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body)
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// `#12 POST /api/1.0/people/ → 201`
    public var description: String {
        let queryText = query.isEmpty ? "" : "?" + query.keys.sorted().flatMap { name in query[name]!.map { "\(name)=\($0)" } }.joined(separator: "&")
        var text = "#\(id) \(method) \(path)\(queryText) → \(status)"
        if !body.isEmpty { text += " body \(bodyText.count > 200 ? String(bodyText.prefix(200)) + "…" : bodyText)" }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case id, time, method, path, query, headers, status, matched, outcome, explanation, response
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let timeText = try container.decode(String.self, forKey: .time)
        guard let parsed = Self.parseTime(timeText) else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: container, debugDescription: "not an RFC 3339 time: \(timeText)")
        }
        time = parsed
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        query = try container.decode([String: [String]].self, forKey: .query)
        headers = try container.decode([String: String].self, forKey: .headers)
        let body = try JournalBody(from: decoder)
        self.body = body.data
        bodyTruncated = body.truncated
        bodySize = body.size
        status = try container.decode(Int.self, forKey: .status)
        matched = try container.decodeIfPresent(MatchedEntry.self, forKey: .matched)
        outcome = try container.decode(String.self, forKey: .outcome)
        explanation = try container.decodeIfPresent(String.self, forKey: .explanation)
        response = try container.decodeIfPresent(RecordedResponse.self, forKey: .response)
    }

    /// `2026-11-23T13:37:28.123Z`.
    private static func parseTime(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
