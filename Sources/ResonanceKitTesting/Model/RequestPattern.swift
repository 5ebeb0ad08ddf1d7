import Foundation
import ResonanceKit

/// Describes requests the app should have sent, for ``MockControlling/verify(_:count:)`` and
/// friends. Every part is optional; the parts mean exactly what they mean in a fixture entry
/// (JSON body equality, query/form/multipart rules, header names ignoring case), because the
/// same matcher checks them.
///
/// ```swift
/// try await mock.verify(.post("/api/1.0/people/", body: NewPerson(name: "Rey")))
/// try await mock.verify(.get("/api/1.0/people/", query: ["page": "2"]), count: 1)
/// try await mock.verify(.post("/api/1.0/login/", fields: ["username": "luke"]))          // a form body
/// try await mock.verify(RequestPattern(method: .delete, path: "/api/1.0/people/1/"), count: 0)
/// ```
public struct RequestPattern: Sendable, CustomStringConvertible {
    /// `nil` matches any method.
    public var method: HTTPMethod?
    /// The decoded path; a trailing slash is ignored as for fixture files. `nil` matches any path.
    public var path: String?
    /// Query parameters that must be present (others may be too).
    public var query: [String: PatternValue]
    /// Headers that must be present with these values; names ignore case.
    public var headers: [String: String]
    /// What the body must be.
    public var body: Body?

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

    public init(method: HTTPMethod? = nil, path: String? = nil, query: [String: PatternValue] = [:],
                headers: [String: String] = [:], body: Body? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    public static func get(_ path: String, query: [String: PatternValue] = [:], headers: [String: String] = [:]) -> RequestPattern {
        RequestPattern(method: .get, path: path, query: query, headers: headers)
    }

    public static func delete(_ path: String, query: [String: PatternValue] = [:], headers: [String: String] = [:]) -> RequestPattern {
        RequestPattern(method: .delete, path: path, query: query, headers: headers)
    }

    public static func post(_ path: String, query: [String: PatternValue] = [:], headers: [String: String] = [:],
                            body: (any Encodable & Sendable)? = nil) -> RequestPattern {
        RequestPattern(method: .post, path: path, query: query, headers: headers, body: body.map { .json($0) })
    }

    public static func post(_ path: String, query: [String: PatternValue] = [:], headers: [String: String] = [:],
                            fields: [String: PatternValue]) -> RequestPattern {
        RequestPattern(method: .post, path: path, query: query, headers: headers, body: .fields(fields))
    }

    public static func put(_ path: String, query: [String: PatternValue] = [:], headers: [String: String] = [:],
                           body: (any Encodable & Sendable)? = nil) -> RequestPattern {
        RequestPattern(method: .put, path: path, query: query, headers: headers, body: body.map { .json($0) })
    }

    public static func patch(_ path: String, query: [String: PatternValue] = [:], headers: [String: String] = [:],
                             body: (any Encodable & Sendable)? = nil) -> RequestPattern {
        RequestPattern(method: .patch, path: path, query: query, headers: headers, body: body.map { .json($0) })
    }

    /// The pattern as the admin API takes it (`{"method", "path", "query", "requestHeaders", "request"}`).
    func jsonObject(encoder: JSONEncoder) throws -> [String: Any] {
        var object: [String: Any] = [:]
        if let method { object["method"] = method.rawValue }
        if let path { object["path"] = path }
        if !query.isEmpty { object["query"] = query.mapValues(\.jsonObject) }
        if !headers.isEmpty { object["requestHeaders"] = headers }
        if let body { object["request"] = try FixtureEntry.json(body, encoder: encoder) }
        return object
    }

    /// `POST /api/1.0/people/ body {"name":"Rey"}`, for failure messages.
    public var description: String {
        var parts = [method?.rawValue ?? "any method", path ?? "any path"]
        if !query.isEmpty {
            parts.append("query " + query.keys.sorted().map { "\($0)=\(Self.describe(query[$0]!))" }.joined(separator: "&"))
        }
        if !headers.isEmpty {
            parts.append("headers " + headers.keys.sorted().map { "\($0): \(headers[$0]!)" }.joined(separator: ", "))
        }
        switch body {
        case nil: break
        case .json(let value): parts.append("body \(Self.compactJSON(value) ?? String(describing: value))")
        case .rawJSON(let text): parts.append("body \(text)")
        case .fields(let fields): parts.append("fields " + fields.keys.sorted().map { "\($0)=\(Self.describe(fields[$0]!))" }.joined(separator: "&"))
        }
        return parts.joined(separator: " ")
    }

    private static func describe(_ value: PatternValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number.rounded() == number ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        case .any: "(any)"
        case .array(let elements): "[" + elements.map(describe).joined(separator: ", ") + "]"
        }
    }

    private static func compactJSON(_ value: any Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
