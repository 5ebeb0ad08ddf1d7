import Foundation
import ResonanceKit

/// Describes requests the app should have sent, for ``MockControlling/verify(_:count:)`` and
/// friends. Every part is optional; the parts mean exactly what they mean in a fixture entry
/// (JSON body equality, query/form/multipart rules, header names ignoring case, matchers),
/// because the same matcher checks them.
///
/// ```swift
/// try await mock.verify(.post("/api/1.0/people/", body: NewPerson(name: "Rey")))
/// try await mock.verify(.get("/api/1.0/people/", query: ["page": "2"]), count: 1)
/// try await mock.verify(.get("/api/search", query: ["q": "luke"], queryMatch: .exact))     // and no other parameter
/// try await mock.verify(.post("/api/1.0/login/", fields: ["username": "luke"]))          // a form body
/// try await mock.verify(RequestPattern(method: .delete, path: "/api/1.0/people/1/"), count: 0)
/// try await mock.verify(.get("/api/people/{id}", pathParameters: ["id": .regex("^[0-9]+$")],
///                            headers: ["X-Request-Id": .any]))
/// try await mock.verify(.post("/api/orders", body: ["sku": "A1"] as [String: PatternValue], requestMatch: .partial))
/// var signedIn = RequestPattern.get("/api/me")
/// signedIn.cookies = ["session": "abc"]                                                    // the Cookie header's session=abc
/// try await mock.verify(signedIn)
/// ```
public struct RequestPattern: Sendable, CustomStringConvertible {
    /// `nil` matches any method.
    public var method: HTTPMethod?
    /// The decoded path; a trailing slash is ignored as for fixture files. `{name}` segments
    /// (`/api/people/{id}`) match any one segment. `nil` matches any path.
    public var path: String?
    /// Instead of ``path``: a matcher over the decoded path, `.regex("^/api/v2/")` for every
    /// request under a prefix, or `.contains(…)`.
    ///
    /// ```swift
    /// try await mock.verify(RequestPattern(pathMatching: .regex("^/api/v1/")), count: 0)   // nothing used the old API
    /// ```
    public var pathMatching: PatternValue?
    /// What the `{name}` segments of ``path`` must hold.
    public var pathParameters: [String: PatternValue]
    /// Query parameters that must be present (others may be too, unless ``queryMatch`` is
    /// ``QueryMatchMode/exact``).
    public var query: [String: PatternValue]
    /// With ``QueryMatchMode/exact``, a request with a query parameter ``query`` does not name
    /// does not fit.
    public var queryMatch: QueryMatchMode
    /// Headers that must be present with these values (or matchers); names ignore case.
    public var headers: [String: PatternValue]
    /// Cookies the `Cookie` header must carry, by name (case-sensitive): values or matchers.
    public var cookies: [String: PatternValue]
    /// JSONPath queries into the JSON body and what each must select (`requestJsonPath`).
    ///
    /// ```swift
    /// var bulk = RequestPattern.post("/api/orders")
    /// bulk.jsonPaths = ["$.items[?@.qty > 10]": .any, "$.customer.id": 7]
    /// try await mock.verify(bulk)
    /// ```
    public var jsonPaths: [String: PatternValue] = [:]
    /// What the body must be.
    public var body: Body?
    /// With ``RequestMatchMode/partial``, a JSON body may have keys the pattern does not name.
    public var requestMatch: RequestMatchMode

    /// The body part of a pattern.
    public enum Body: Sendable {
        /// A value encoded as JSON the way the control's session encodes request bodies.
        case json(any Encodable & Sendable)
        /// JSON text, compared as JSON (key order and number spelling do not matter).
        case rawJSON(String)
        /// Form fields or multipart parts by name (`["avatar": ["filename": "luke.png"]]` is not
        /// expressible here; use ``rawJSON(_:)`` with the fixture format for file parts).
        case fields([String: PatternValue])
    }

    public init(method: HTTPMethod? = nil, path: String? = nil, pathMatching: PatternValue? = nil, pathParameters: [String: PatternValue] = [:],
                query: [String: PatternValue] = [:], headers: [String: PatternValue] = [:], cookies: [String: PatternValue] = [:],
                body: Body? = nil, requestMatch: RequestMatchMode = .exact, queryMatch: QueryMatchMode = .partial) {
        self.method = method
        self.path = path
        self.pathMatching = pathMatching
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
        self.requestMatch = requestMatch
        self.queryMatch = queryMatch
    }

    public static func get(_ path: String, pathParameters: [String: PatternValue] = [:], query: [String: PatternValue] = [:],
                           headers: [String: PatternValue] = [:], queryMatch: QueryMatchMode = .partial) -> RequestPattern {
        RequestPattern(method: .get, path: path, pathParameters: pathParameters, query: query, headers: headers, queryMatch: queryMatch)
    }

    public static func delete(_ path: String, pathParameters: [String: PatternValue] = [:], query: [String: PatternValue] = [:],
                              headers: [String: PatternValue] = [:], body: (any Encodable & Sendable)? = nil,
                              requestMatch: RequestMatchMode = .exact) -> RequestPattern {
        sending(.delete, path, pathParameters, query, headers, body, requestMatch)
    }

    public static func post(_ path: String, pathParameters: [String: PatternValue] = [:], query: [String: PatternValue] = [:],
                            headers: [String: PatternValue] = [:], body: (any Encodable & Sendable)? = nil,
                            requestMatch: RequestMatchMode = .exact) -> RequestPattern {
        sending(.post, path, pathParameters, query, headers, body, requestMatch)
    }

    public static func post(_ path: String, pathParameters: [String: PatternValue] = [:], query: [String: PatternValue] = [:],
                            headers: [String: PatternValue] = [:], fields: [String: PatternValue]) -> RequestPattern {
        RequestPattern(method: .post, path: path, pathParameters: pathParameters, query: query, headers: headers, body: .fields(fields))
    }

    public static func put(_ path: String, pathParameters: [String: PatternValue] = [:], query: [String: PatternValue] = [:],
                           headers: [String: PatternValue] = [:], body: (any Encodable & Sendable)? = nil,
                           requestMatch: RequestMatchMode = .exact) -> RequestPattern {
        sending(.put, path, pathParameters, query, headers, body, requestMatch)
    }

    public static func patch(_ path: String, pathParameters: [String: PatternValue] = [:], query: [String: PatternValue] = [:],
                             headers: [String: PatternValue] = [:], body: (any Encodable & Sendable)? = nil,
                             requestMatch: RequestMatchMode = .exact) -> RequestPattern {
        sending(.patch, path, pathParameters, query, headers, body, requestMatch)
    }

    /// A pattern for a method that may send a JSON body.
    private static func sending(_ method: HTTPMethod, _ path: String, _ pathParameters: [String: PatternValue], _ query: [String: PatternValue],
                                _ headers: [String: PatternValue], _ body: (any Encodable & Sendable)?, _ requestMatch: RequestMatchMode) -> RequestPattern {
        RequestPattern(method: method, path: path, pathParameters: pathParameters, query: query, headers: headers,
                       body: body.map { .json($0) }, requestMatch: requestMatch)
    }

    /// The pattern as the admin API takes it (`{"method", "path", "pathParameters", "query",
    /// "requestHeaders", "request", "requestMatch", "queryMatch"}`).
    func jsonObject(encoder: JSONEncoder) throws -> [String: Any] {
        var object: [String: Any] = [:]
        if let method { object["method"] = method.rawValue }
        if let path { object["path"] = path } else if let pathMatching { object["path"] = pathMatching.jsonObject }
        if !pathParameters.isEmpty { object["pathParameters"] = pathParameters.mapValues(\.jsonObject) }
        if !query.isEmpty { object["query"] = query.mapValues(\.jsonObject) }
        if !headers.isEmpty { object["requestHeaders"] = headers.mapValues(\.headerJSONObject) }
        if !cookies.isEmpty { object["requestCookies"] = cookies.mapValues(\.jsonObject) }
        if !jsonPaths.isEmpty { object["requestJsonPath"] = jsonPaths.mapValues(\.jsonObject) }
        if let body { object["request"] = try FixtureEntry.json(body, encoder: encoder) }
        if requestMatch != .exact { object["requestMatch"] = requestMatch.rawValue }
        if queryMatch != .partial { object["queryMatch"] = queryMatch.rawValue }
        return object
    }

    /// `POST /api/1.0/people/ body {"name":"Rey"}`, for failure messages.
    public var description: String {
        var parts = [method?.rawValue ?? "any method", path ?? pathMatching.map { "path \($0)" } ?? "any path"]
        if !pathParameters.isEmpty {
            parts.append("path parameters " + pathParameters.keys.sorted().map { "\($0)=\(pathParameters[$0]!)" }.joined(separator: "&"))
        }
        if !query.isEmpty {
            parts.append("query " + query.keys.sorted().map { "\($0)=\(query[$0]!)" }.joined(separator: "&"))
        }
        if !headers.isEmpty {
            parts.append("headers " + headers.keys.sorted().map { "\($0): \(headers[$0]!)" }.joined(separator: ", "))
        }
        if !cookies.isEmpty {
            parts.append("cookies " + cookies.keys.sorted().map { "\($0)=\(cookies[$0]!)" }.joined(separator: "; "))
        }
        if !jsonPaths.isEmpty {
            parts.append("body at " + jsonPaths.keys.sorted().map { "\($0) \(jsonPaths[$0]!)" }.joined(separator: ", "))
        }
        switch body {
        case nil: break
        case .json(let value): parts.append("body \(Self.compactJSON(value) ?? String(describing: value))")
        case .rawJSON(let text): parts.append("body \(text)")
        case .fields(let fields): parts.append("fields " + fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: "&"))
        }
        if requestMatch == .partial { parts.append("(partial)") }
        if queryMatch == .exact { parts.append(query.isEmpty ? "(no query)" : "(exact query)") }
        return parts.joined(separator: " ")
    }

    private static func compactJSON(_ value: any Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
