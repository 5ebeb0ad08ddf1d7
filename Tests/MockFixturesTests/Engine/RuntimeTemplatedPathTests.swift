import Foundation
import Testing
@testable import MockFixtures

@Suite("Runtime fixtures with {name} segments")
struct RuntimeTemplatedPathTests {
    private func add(_ fixture: EngineFixture, _ path: String, _ entries: String) throws -> String {
        let response = fixture.postJSON("/__admin/fixtures", #"{"path": "\#(path)", "entries": \#(entries)}"#)
        #expect(response.status == 201, "\(response.text)")
        return try response.jsonObject()["id"] as? String ?? ""
    }

    @Test func mostSpecificPathFirstThenNewestThenTheFile() throws {
        let fixture = try EngineFixture(["people/{id}.json": #"[{"response": "file"}, {"method": "DELETE", "status": 204}]"#])
        _ = try add(fixture, "/people/{id}", #"[{"template": true, "response": "runtime {{path.id}}"}]"#)
        _ = try add(fixture, "/people/7", #"[{"response": "runtime seven"}]"#)
        _ = try add(fixture, "/people/{personId}", #"[{"pathParameters": {"personId": "9"}, "template": true, "response": "newest {{path.personId}}"}]"#)
        #expect(fixture.get("/people/7").text == #""runtime seven""#, "a literal path beats a templated one, whatever the order")
        #expect(fixture.get("/people/9").text == #""newest 9""#, "same shape: the newest first")
        #expect(fixture.get("/people/8").text == #""runtime 8""#, "the newest does not match 8, the older one does")
        #expect(fixture.send("DELETE", "/people/8").status == 204, "no runtime entry matches: the file answers")
        #expect(fixture.get("/people/8").outcome == .matchedRuntime(fixture: "fixture-1", entry: 0))
        let listed = try fixture.get("/__admin/fixtures").jsonObject()["fixtures"] as? [[String: Any]]
        #expect(listed?.map { $0["path"] as? String } == ["/people/{id}", "/people/7", "/people/{personId}"])
    }

    @Test func aMissListsRuntimeCandidatesWithTheirParameters() throws {
        let fixture = try EngineFixture([:])
        _ = try add(fixture, "/orders/{orderId}", #"[{"pathParameters": {"orderId": {"$regex": "^o-"}}}]"#)
        let miss = fixture.get("/orders/x1")
        #expect(miss.status == 404)
        let candidates = try #require(try miss.jsonObject()["candidates"] as? [[String: Any]])
        #expect(candidates.first?["pathParameters"] as? [String: String] == ["orderId": "x1"])
        #expect(candidates.first?["reasons"] as? [String] == [#"path parameter 'orderId' is "x1", expected to match ^o-"#])
    }

    @Test(arguments: [
        ("/people/{id}x", "with braces that are not a whole {name} segment"),
        ("/people/{}", "which is not a valid parameter name"),
        ("/a/{id}/b/{id}", "names the parameter {id} more than once"),
    ])
    func badSegmentsAreRefused(path: String, error: String) throws {
        let fixture = try EngineFixture([:])
        let response = fixture.postJSON("/__admin/fixtures", #"{"path": "\#(path)", "entries": [{}]}"#)
        #expect(response.status == 400)
        #expect((try response.jsonObject()["error"] as? String)?.contains(error) == true, "\(response.text)")
    }

    @Test func unknownParameterNamesInPostedEntriesAreProblems() throws {
        let fixture = try EngineFixture([:])
        let response = fixture.postJSON("/__admin/fixtures", #"{"path": "/orders/{orderId}", "entries": [{"pathParameters": {"id": "1"}}]}"#)
        #expect(response.status == 400)
        #expect(try response.jsonObject()["problems"] as? [String] == ["1:63: error: pathParameters names 'id', which is not a parameter of the path: the path's parameters are 'orderId'. Give \"path\" a {name} segment for it, such as \"/people/{id}\""])
    }
}
