import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import Testing

/// Both fronts state the same `Content-Length`: for HEAD the size of GET's body, for a static
/// file's `304` the size of the `200` (RFC 9110 §8.6, §9.3.2), none for a `204`.
@Suite("Content-Length, over sockets and in-process")
struct ContentLengthTests {
    static let files = [
        "api/items.json": #"[{"response": {"items": [1, 2, 3]}}, {"method": "DELETE", "status": 204}]"#,
        "api/echo.json": #"[{"template": true, "response": {"method": "{{method}}"}}]"#,
        "api/files/hello.txt": "hello, world\n",
    ]

    @Test(arguments: ControlFront.allCases)
    func eachAnswerStatesTheLengthOfTheBodyItStandsFor(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let get = try await harness.session.send(HTTPRequest(path: "items"))
            #expect(get.headers["Content-Length"] == String(get.body.count))
            let head = try await harness.session.send(HTTPRequest(method: .head, path: "items"))
            #expect(head.body.isEmpty)
            #expect(head.headers["Content-Length"] == String(get.body.count), "HEAD states GET's length")

            let echoed = try await harness.session.send(HTTPRequest(path: "echo"))
            let echoedHead = try await harness.session.send(HTTPRequest(method: .head, path: "echo"))
            #expect(echoedHead.headers["Content-Length"] == String(echoed.body.count), "a template naming the method: still GET's length")

            let missing = try await harness.session.send(HTTPRequest(method: .head, path: "nothing"))
            #expect(missing.statusCode == 404)
            #expect(Int(missing.headers["Content-Length"] ?? "") ?? 0 > 0, "the explanation GET would get has a length")

            let file = try await harness.session.send(HTTPRequest(path: "files/hello.txt"))
            let notModified = try await harness.session.send(HTTPRequest(path: "files/hello.txt", headers: ["If-None-Match": "*"]))
            #expect(notModified.statusCode == 304)
            #expect(notModified.body.isEmpty)
            #expect(notModified.headers["Content-Length"] == String(file.body.count), "a 304 states the 200's length")

            let deleted = try await harness.session.send(HTTPRequest(method: .delete, path: "items"))
            #expect(deleted.statusCode == 204)
            #expect(deleted.headers["Content-Length"] == nil, "a 204 states none")
        }
    }
}
