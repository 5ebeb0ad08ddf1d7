import Foundation
import TestSupport
import Testing

/// Request lines that are valid HTTP framing but not valid targets or methods: libmicrohttpd
/// hands them to the engine, which answers 400 (or 200 for `OPTIONS *`), and the connection
/// stays usable because the framing was sound.
extension ServingTests {
    @Test func invalidTargetsAndMethodsAre400OnAConnectionThatGoesOn() throws {
        let running = try RunningServer(["api/people.json": Self.people])
        let client = try running.rawClient()

        let options = try client.request("OPTIONS", "*")
        #expect(options.status == 200)
        #expect(options.header("Allow") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        #expect(options.header("Content-Length") == "0")

        for (method, target, says) in [
            ("G@T", "/api/people", "is not a valid method name"),
            ("GET", "*", "does not start with '/'"),
            ("GET", "/api/people#top", "'#' fragment"),
            ("GET", "ftp://example.com/api/people", "absolute http:// or https:// URL"),
            ("GET", "http://user@example.com/api/people", "user information"),
            ("GET", "/api/peo ple", "a space or a control character"),
        ] {
            let answer = try client.request(method, target)
            #expect(answer.status == 400, "\(method) \(target): \(answer.text)")
            #expect(answer.text.contains(says), "\(method) \(target): \(answer.text)")
            #expect(try jsonObject(Data(answer.body))["hint"] is String, "\(method) \(target): every refusal says what to send instead")
        }
        #expect(try client.request("GET", "http://example.com/api/people").status == 200, "absolute-form still works, on the same connection")
    }
}
