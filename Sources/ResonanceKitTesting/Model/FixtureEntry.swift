import Foundation
import ResonanceKit

/// One fixture entry written in Swift, for ``MockControlling/addFixture(path:entries:)``: the
/// same fields as in a fixture file, encoded to the file format.
///
/// ```swift
/// let id = try await mock.addFixture(path: "/api/orders", entries: [
///     FixtureEntry(method: .post, status: 500, response: ["error": "payment service down"]),
///     FixtureEntry(method: .get, response: Order(id: 7, state: "paid"), headers: ["X-Trace": "t1"], delayMilliseconds: 200),
/// ])
/// ```
public struct FixtureEntry: Sendable {
    public var method: HTTPMethod
    public var status: Int
    /// What the request must carry (`request` in the file format): a JSON body, or form fields,
    /// multipart parts or query parameters by name.
    public var request: RequestPattern.Body?
    /// Query parameters the request must carry, even when it has a body (`query`).
    public var query: [String: PatternValue]
    /// Headers the request must carry (`requestHeaders`).
    public var requestHeaders: [String: String]
    /// The answer's body (`response`), sent as JSON.
    public var response: RequestPattern.Body?
    /// Extra response headers (`headers`).
    public var headers: [String: String]
    /// Milliseconds to wait before answering (`delay`).
    public var delayMilliseconds: Int?
    /// Answers at most this many requests (`times`).
    public var times: Int?
    /// The scenario the entry belongs to, the state it needs and the state it leads to.
    public var scenario: String?
    public var state: String?
    public var newState: String?

    public init(method: HTTPMethod = .get, status: Int = 200, request: RequestPattern.Body? = nil,
                query: [String: PatternValue] = [:], requestHeaders: [String: String] = [:],
                response: (any Encodable & Sendable)? = nil, headers: [String: String] = [:],
                delayMilliseconds: Int? = nil, times: Int? = nil,
                scenario: String? = nil, state: String? = nil, newState: String? = nil) {
        self.method = method
        self.status = status
        self.request = request
        self.query = query
        self.requestHeaders = requestHeaders
        self.response = response.map { .json($0) }
        self.headers = headers
        self.delayMilliseconds = delayMilliseconds
        self.times = times
        self.scenario = scenario
        self.state = state
        self.newState = newState
    }

    /// The entry in the file format; user values are encoded with `encoder` (the session's).
    func jsonObject(encoder: JSONEncoder) throws -> [String: Any] {
        var object: [String: Any] = ["method": method.rawValue, "status": status]
        if let request { object["request"] = try Self.json(request, encoder: encoder) }
        if !query.isEmpty { object["query"] = query.mapValues(\.jsonObject) }
        if !requestHeaders.isEmpty { object["requestHeaders"] = requestHeaders }
        if let response { object["response"] = try Self.json(response, encoder: encoder) }
        if !headers.isEmpty { object["headers"] = headers }
        if let delayMilliseconds { object["delay"] = delayMilliseconds }
        if let times { object["times"] = times }
        if let scenario { object["scenario"] = scenario }
        if let state { object["state"] = state }
        if let newState { object["newState"] = newState }
        return object
    }

    static func json(_ body: RequestPattern.Body, encoder: JSONEncoder) throws -> Any {
        switch body {
        case .json(let value): try JSONSerialization.jsonObject(with: encoder.encode(value), options: .fragmentsAllowed)
        case .rawJSON(let text): try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        case .fields(let fields): fields.mapValues(\.jsonObject)
        }
    }
}
