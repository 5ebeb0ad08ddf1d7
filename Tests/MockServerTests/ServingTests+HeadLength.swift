import Foundation
import TestSupport
import Testing

/// A HEAD answer carries the header fields the GET answer would (RFC 9110 §9.3.2), including a
/// `Content-Length` equal to the size of GET's body, also when that body names the method.
extension ServingTests {
    static let headFiles = [
        "api/people.json": people,
        "api/only-post.json": #"[{"method": "POST", "response": {"created": true}}]"#,
        "api/echo.json": #"[{"template": true, "headers": {"X-Method": "{{method}}"}, "response": {"summary": "{{method}} at {{path.id}}"}}]"#,
        "api/items/{id}.json": #"[{"template": true, "headers": {"X-Method": "{{method}}"}, "response": {"summary": "{{method}} item {{path.id}}"}}]"#,
    ]

    @Test(arguments: [
        ("/api/nothing", 404),                 // no fixture file
        ("/api/only-post", 404),               // a file, no entry for GET (the reasons name the method)
        ("/api/items/7", 200),                 // a template naming the method
        ("/__admin/reload", 405),              // an admin endpoint that takes POST only
        ("/__admin/nothing", 404),             // no admin endpoint
        ("/api/%2e%2e/x", 404),                // a rejected target
    ])
    func headStatesTheLengthOfGETsBody(target: String, status: Int) throws {
        let running = try RunningServer(Self.headFiles)
        let client = try running.rawClient()
        let get = try client.request("GET", target)
        let head = try client.request("HEAD", target)
        // Reusing the connection proves no body followed the HEAD answer.
        let after = try client.request("GET", target)
        #expect(get.status == status, "GET \(target): \(get.text)")
        #expect(head.status == status)
        #expect(after.status == status)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(get.body.count), "HEAD \(target) states \(head.header("Content-Length") ?? "nothing"), GET's body has \(get.body.count) bytes")
    }

    /// Methods are case-sensitive (RFC 9110 §9.1), and libmicrohttpd sends a body to anything but
    /// exactly `HEAD`: `head` is an unknown method whose answer has the body its length states.
    @Test func aLowercaseHeadIsNotHEAD() throws {
        let running = try RunningServer(Self.headFiles)
        let client = try running.rawClient()
        let head = try client.request("head", "/api/people")
        #expect(head.status == 404, "\(head.text)")
        #expect(head.header("Content-Length") == String(head.body.count))
        #expect(head.text.contains("methods are case-sensitive: send HEAD, not head"), "\(head.text)")
        // The connection is still in step: the body went with the answer.
        let get = try client.request("GET", "/api/people")
        #expect(get.status == 200)
    }

    @Test func aTemplatedHeaderStillNamesHEAD() throws {
        let running = try RunningServer(Self.headFiles)
        let client = try running.rawClient()
        let head = try client.request("HEAD", "/api/items/7")
        #expect(head.header("X-Method") == "HEAD")
    }

    @Test func theJournalStillRecordsAndExplainsTheHEADRequest() async throws {
        let running = try RunningServer(Self.headFiles)
        let client = try running.rawClient()
        #expect(try client.request("HEAD", "/api/only-post").status == 404)
        let journal = try await running.fetch("/__admin/requests")
        let entries = try #require(try jsonObject(journal.body)["requests"] as? [[String: Any]])
        let entry = try #require(entries.last)
        #expect(entry["method"] as? String == "HEAD")
        #expect((entry["explanation"] as? String)?.contains("HEAD /api/only-post") == true, "\(entry)")
    }
}
