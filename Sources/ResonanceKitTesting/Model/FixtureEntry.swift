import Foundation
import MockFixtures
import ResonanceKit

/// One fixture entry written in Swift, for ``MockControlling/addFixture(path:entries:)``: the
/// same fields as in a fixture file, encoded to the file format.
///
/// ```swift
/// let id = try await mock.addFixture(path: "/api/orders", entries: [
///     FixtureEntry(method: .post, status: 500, response: ["error": "payment service down"]),
///     FixtureEntry(method: .get, response: Order(id: 7, state: "paid"), headers: ["X-Trace": "t1"], delayMilliseconds: 200),
/// ])
/// try await mock.addFixture(path: "/api/people/{id}", entries: [
///     FixtureEntry(pathParameters: ["id": .regex("^[0-9]+$")], response: ["id": "{{path.id}}"], template: true),
///     FixtureEntry(responseText: "<error/>", headers: ["Content-Type": "application/xml"]),
///     FixtureEntry(method: .delete, fault: .connectionReset),
/// ])
/// try await mock.addFixture(path: "/avatars/7", entries: [
///     FixtureEntry(responseData: pngData, headers: ["Content-Type": "image/png"]),
/// ])
/// ```
public struct FixtureEntry: Sendable {
    public var method: HTTPMethod
    public var status: Int
    /// What the request must carry (`request` in the file format): a JSON body, or form fields,
    /// multipart parts or query parameters by name.
    public var request: RequestPattern.Body?
    /// With ``RequestMatchMode/partial``, a JSON body may have keys `request` does not name.
    public var requestMatch: RequestMatchMode
    /// Only requests that carry a body match, and ``request`` is compared with the body alone,
    /// never with a body-less request's query (`"requestBody": "required"`).
    public var requiresBody = false
    /// Query parameters the request must carry, even when it has a body (`query`).
    public var query: [String: PatternValue]
    /// With ``QueryMatchMode/exact``, a request with a query parameter ``query`` does not name
    /// is not answered by this entry (`"queryMatch": "exact"`).
    public var queryMatch: QueryMatchMode
    /// What the `{name}` segments of the fixture's path must hold (`pathParameters`).
    public var pathParameters: [String: PatternValue]
    /// Headers the request must carry (`requestHeaders`): values or matchers.
    public var requestHeaders: [String: PatternValue]
    /// Cookies the request's `Cookie` header must carry, by name (`requestCookies`).
    public var requestCookies: [String: PatternValue]
    /// JSONPath queries into the JSON body and what each must select (`requestJsonPath`): a query
    /// naming one value stands for it, one that can select several (`[*]`, `..`, a filter) for
    /// the array of them.
    ///
    /// ```swift
    /// FixtureEntry(method: .post, status: 202, requestJsonPath: ["$.items[?@.qty > 10]": .any, "$.items[*].sku": .includes(["GIFT"])])
    /// ```
    public var requestJsonPath: [String: PatternValue]
    /// The answer's body (`response`), sent as JSON.
    public var response: RequestPattern.Body?
    /// The answer's body as text (`responseText`), sent as `text/plain; charset=utf-8` unless
    /// `headers` says otherwise.
    public var responseText: String?
    /// A file under the mock's fixture root whose bytes are the body (`responseFile`).
    public var responseFile: String?
    /// Bytes sent as the body (`responseBase64`), as `application/octet-stream` unless `headers`
    /// says otherwise: an image or a PDF a test posts without a file under the mock's root.
    public var responseData: Data?
    /// Extra response headers (`headers`).
    public var headers: [String: String]
    /// Response headers sent on several lines (`headers` with an array): two cookies are
    /// `["Set-Cookie": ["session=abc; Path=/; HttpOnly", "csrf=xyz; Path=/"]]`, which one line
    /// joined by a comma cannot carry. A name given here and in ``headers`` takes these lines.
    public var headerLines: [String: [String]]
    /// Fill in `{{placeholders}}` per request (`template`).
    public var template: Bool
    /// Milliseconds to wait before answering (`delay`).
    public var delayMilliseconds: Int?
    /// A random delay per request, in milliseconds (`"delay": {"min": …, "max": …}`); wins over
    /// ``delayMilliseconds``.
    public var delayRange: ClosedRange<Int>?
    /// The delay as any distribution (`"delay"`), log-normal included; wins over
    /// ``delayMilliseconds`` and ``delayRange``.
    public var delayDistribution: DelayDistribution?
    /// A network failure instead of an answer (`fault`).
    public var fault: MockFault?
    /// Send the body at about this many bytes per second (`bytesPerSecond`).
    public var bytesPerSecond: Int?
    /// Answers at most this many requests (`times`).
    public var times: Int?
    /// The order entries are tried in (`priority`): lower first, across this fixture, the other
    /// runtime fixtures and the files serving the path; an entry without one ranks 5, as in
    /// WireMock. At the same priority runtime fixtures go before files, so `priority: 10` makes
    /// an entry a default behind the files' answers.
    public var priority: Int?
    /// The scenario the entry belongs to, the state it needs and the state it leads to.
    public var scenario: String?
    public var state: String?
    public var newState: String?
    /// `"forward"`: the requests the entry matches go to a real API, whose answer is sent back;
    /// the answer fields (`status`, `response`, `headers`, `delay`, …) are then not written.
    /// See ``forwarding(method:to:headers:query:requestHeaders:times:priority:)``.
    public var forward: Forward?
    /// `"webhooks"`: requests the entry sends after it answers (with `template` true, their URL,
    /// headers and body may hold placeholders filled in from the request).
    ///
    /// ```swift
    /// var entry = FixtureEntry(method: .post, status: 202, template: true)
    /// entry.webhooks = [.init(url: "{{body.callbackUrl}}", body: ["state": "paid"], delayMilliseconds: 200)]
    /// ```
    public var webhooks: [Webhook] = []

    /// One of ``webhooks``.
    public struct Webhook: Sendable {
        public var url: String
        public var method: HTTPMethod
        public var headers: [String: String]
        /// JSON, encoded with the session's encoder; or ``bodyText``.
        public var body: RequestPattern.Body?
        public var bodyText: String?
        public var delayMilliseconds: Int?

        public init(url: String, method: HTTPMethod = .post, headers: [String: String] = [:], body: (any Encodable & Sendable)? = nil,
                    bodyText: String? = nil, delayMilliseconds: Int? = nil) {
            self.url = url
            self.method = method
            self.headers = headers
            self.body = body.map { .json($0) }
            self.bodyText = bodyText
            self.delayMilliseconds = delayMilliseconds
        }

        func jsonObject(encoder: JSONEncoder) throws -> [String: Any] {
            var object: [String: Any] = ["url": url, "method": method.rawValue]
            if !headers.isEmpty { object["headers"] = headers }
            if let body { object["body"] = try FixtureEntry.json(body, encoder: encoder) }
            if let bodyText { object["bodyText"] = bodyText }
            if let delayMilliseconds { object["delay"] = delayMilliseconds }
            return object
        }
    }

    /// Where an entry forwards: the API's origin and optional base path, and headers set on the
    /// forwarded request (replacing the app's of the same names).
    public struct Forward: Sendable, Equatable {
        public var to: String
        public var headers: [String: String]

        public init(to: String, headers: [String: String] = [:]) {
            self.to = to
            self.headers = headers
        }
    }

    /// An entry that sends the requests it matches to a real API and answers with what it says,
    /// as a fixture file's `"forward"` does: a test passes one endpoint through to a staging API
    /// while the rest stay mocked.
    ///
    /// ```swift
    /// try await mock.addFixture(path: "/api/payments", entries: [
    ///     .forwarding(method: .post, to: "https://staging.example.com/v2", headers: ["Authorization": "Bearer \(token)"]),
    /// ])
    /// ```
    public static func forwarding(method: HTTPMethod = .get, to url: String, headers: [String: String] = [:], query: [String: PatternValue] = [:],
                                  requestHeaders: [String: PatternValue] = [:], times: Int? = nil, priority: Int? = nil) -> FixtureEntry {
        var entry = FixtureEntry(method: method, query: query, requestHeaders: requestHeaders, times: times, priority: priority)
        entry.forward = Forward(to: url, headers: headers)
        return entry
    }

    public init(method: HTTPMethod = .get, status: Int = 200, request: RequestPattern.Body? = nil,
                requestMatch: RequestMatchMode = .exact, query: [String: PatternValue] = [:], queryMatch: QueryMatchMode = .partial,
                pathParameters: [String: PatternValue] = [:], requestHeaders: [String: PatternValue] = [:],
                requestCookies: [String: PatternValue] = [:], requestJsonPath: [String: PatternValue] = [:],
                response: (any Encodable & Sendable)? = nil, responseText: String? = nil, responseFile: String? = nil,
                responseData: Data? = nil, headers: [String: String] = [:], headerLines: [String: [String]] = [:], template: Bool = false,
                delayMilliseconds: Int? = nil, delayRange: ClosedRange<Int>? = nil, delayDistribution: DelayDistribution? = nil,
                fault: MockFault? = nil, bytesPerSecond: Int? = nil, times: Int? = nil, priority: Int? = nil,
                scenario: String? = nil, state: String? = nil, newState: String? = nil) {
        self.method = method
        self.status = status
        self.request = request
        self.requestMatch = requestMatch
        self.query = query
        self.queryMatch = queryMatch
        self.pathParameters = pathParameters
        self.requestHeaders = requestHeaders
        self.requestCookies = requestCookies
        self.requestJsonPath = requestJsonPath
        self.response = response.map { .json($0) }
        self.responseText = responseText
        self.responseFile = responseFile
        self.responseData = responseData
        self.headers = headers
        self.headerLines = headerLines
        self.template = template
        self.delayMilliseconds = delayMilliseconds
        self.delayRange = delayRange
        self.delayDistribution = delayDistribution
        self.fault = fault
        self.bytesPerSecond = bytesPerSecond
        self.times = times
        self.priority = priority
        self.scenario = scenario
        self.state = state
        self.newState = newState
    }

    /// The entry in the file format; user values are encoded with `encoder` (the session's).
    func jsonObject(encoder: JSONEncoder) throws -> [String: Any] {
        var object: [String: Any] = ["method": method.rawValue]
        if let forward {
            // The API answers: no answer field is written (each would be a load error).
            object["forward"] = forward.headers.isEmpty ? forward.to as Any : ["to": forward.to, "headers": forward.headers] as [String: Any]
        } else {
            object["status"] = status
        }
        if let request { object["request"] = try Self.json(request, encoder: encoder) }
        if requestMatch != .exact { object["requestMatch"] = requestMatch.rawValue }
        if requiresBody { object["requestBody"] = "required" }
        if !query.isEmpty { object["query"] = query.mapValues(\.jsonObject) }
        if queryMatch != .partial { object["queryMatch"] = queryMatch.rawValue }
        if !pathParameters.isEmpty { object["pathParameters"] = pathParameters.mapValues(\.jsonObject) }
        if !requestHeaders.isEmpty { object["requestHeaders"] = requestHeaders.mapValues(\.headerJSONObject) }
        if !requestCookies.isEmpty { object["requestCookies"] = requestCookies.mapValues(\.jsonObject) }
        if !requestJsonPath.isEmpty { object["requestJsonPath"] = requestJsonPath.mapValues(\.jsonObject) }
        if let response { object["response"] = try Self.json(response, encoder: encoder) }
        if let responseText { object["responseText"] = responseText }
        if let responseFile { object["responseFile"] = responseFile }
        if let responseData { object["responseBase64"] = responseData.base64EncodedString() }
        if !headers.isEmpty || !headerLines.isEmpty {
            var fields: [String: Any] = headers.filter { name, _ in !headerLines.keys.contains { $0.lowercased() == name.lowercased() } }
            for (name, lines) in headerLines { fields[name] = lines }
            object["headers"] = fields
        }
        if template { object["template"] = true }
        if let delayDistribution {
            object["delay"] = delayDistribution.jsonObject
        } else if let delayRange {
            object["delay"] = ["min": delayRange.lowerBound, "max": delayRange.upperBound]
        } else if let delayMilliseconds {
            object["delay"] = delayMilliseconds
        }
        if let fault { object["fault"] = fault.rawValue }
        if let bytesPerSecond { object["bytesPerSecond"] = bytesPerSecond }
        if let times { object["times"] = times }
        if let priority { object["priority"] = priority }
        if let scenario { object["scenario"] = scenario }
        if let state { object["state"] = state }
        if let newState { object["newState"] = newState }
        if !webhooks.isEmpty { object["webhooks"] = try webhooks.map { try $0.jsonObject(encoder: encoder) } }
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
