import Foundation
@testable import MockFixtures
import TestSupport

/// An engine over a temporary fixture tree, with helpers for the admin API.
final class EngineFixture {
    let tree: TemporaryFolder
    let engine: MockEngine

    init(_ files: [String: String], options: MockEngineOptions = .init()) throws {
        tree = try TemporaryFolder(files)
        engine = MockEngine(store: try tree.load(), options: options)
    }

    func get(_ target: String, headers: [String: String] = [:]) -> MockResponse {
        engine.get(target, headers: headers)
    }

    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") -> MockResponse {
        engine.send(method, target, headers: headers, body: body)
    }

    func postJSON(_ target: String, _ json: String) -> MockResponse {
        engine.send("POST", target, headers: ["Content-Type": "application/json"], body: json)
    }

    /// `GET /__admin/requests`' `requests`.
    func journal(unmatched: Bool = false) throws -> [[String: Any]] {
        let response = get(unmatched ? "/__admin/requests?unmatched=true" : "/__admin/requests")
        guard response.status == 200 else { throw DecodingFailure(body: response.text) }
        return try response.jsonObject()["requests"] as? [[String: Any]] ?? []
    }

    func count(_ pattern: String) throws -> [String: Any] {
        try postJSON("/__admin/requests/count", pattern).jsonObject()
    }
}
