@testable import MockFixtures

extension FixtureStore {
    /// Answers through a fresh engine without a journal: for tests about files and matching,
    /// which need no engine state beyond the store's own counters.
    func respond<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8]) -> MockResponse {
        MockEngine(store: self, options: MockEngineOptions(journalSize: 0)).respond(method: method, target: target, headers: headers, body: body)
    }

    func get(_ target: String, headers: [String: String] = [:]) -> MockResponse {
        respond(method: "GET", target: target, headers: headers, body: [])
    }

    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String) -> MockResponse {
        respond(method: method, target: target, headers: headers, body: Array(body.utf8))
    }
}

extension MockEngine {
    func get(_ target: String, headers: [String: String] = [:]) -> MockResponse {
        respond(method: "GET", target: target, headers: headers, body: [])
    }

    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") -> MockResponse {
        respond(method: method, target: target, headers: headers, body: Array(body.utf8))
    }
}
