import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import Testing

/// Methods are case-sensitive (RFC 9110 §9.1) on both fronts. Foundation upper-cases GET, HEAD,
/// POST, PUT, DELETE and CONNECT in `URLRequest.httpMethod` itself, but not `patch` or `options`:
/// an app that writes `"patch"` sends `patch`, which production servers refuse.
@Suite("Method names, over sockets and in-process")
struct MethodCaseTests {
    static let files = [
        "api/items.json": #"[{"method": "patch", "status": 204}, {"method": "POST", "status": 201}]"#,
    ]

    @Test(arguments: ControlFront.allCases)
    func aLowercasePatchIsNotPatchedAndTheAnswerSaysWhy(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            #expect(try await harness.session.status(.patch, "items") == 204, "a fixture may write its method in any case")
            #expect(try await harness.session.status(.custom("post"), "items") == 201, "Foundation sends post as POST")

            let lowercase = try await harness.session.send(HTTPRequest(method: .custom("patch"), path: "items"))
            #expect(lowercase.statusCode == 404)
            let body = try #require(try JSONSerialization.jsonObject(with: lowercase.body) as? [String: Any])
            #expect(body["error"] as? String == "no entry in api/items.json matches patch /api/items")
            let reasons = (body["candidates"] as? [[String: Any]])?.first?["reasons"] as? [String]
            #expect(reasons == ["method differs: entry expects PATCH, request is patch (methods are case-sensitive: send PATCH, not patch)"])

            let journal = try await harness.mock.requests()
            #expect(journal.map(\.method) == ["PATCH", "POST", "patch"])
            #expect(journal.map(\.outcome) == ["matched", "matched", "noMatch"])
        }
    }
}
