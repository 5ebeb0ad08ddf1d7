@testable import MockFixtures

extension FixtureStore {
    func get(_ target: String, headers: [String: String] = [:]) -> MockResponse {
        respond(method: "GET", target: target, headers: headers, body: [])
    }

    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String) -> MockResponse {
        respond(method: method, target: target, headers: headers, body: Array(body.utf8))
    }
}
