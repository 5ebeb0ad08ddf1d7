import Foundation
import Testing
@testable import MockFixtures

@Suite("The Mocks/ example tree")
struct MocksTreeTests {
    let store: FixtureStore

    init() throws {
        store = try FixtureStore.load(root: mocksRoot)
    }

    @Test func loadsWithZeroProblems() {
        #expect(store.problems == [], "\(FixtureProblem.report(store.problems, root: store.rootPath))")
        #expect(store.fixtureFileCount == 22)
        #expect(store.staticFileCount == 3)
        #expect(FixtureProblem.report(store.problems, root: "Mocks") == "Mocks: no problems\n")
    }

    @Test func seedExampleServesAsIs() throws {
        for target in ["/api/1.0/people/", "/api/1.0/people", "http://localhost:8080/api/1.0/people/"] {
            let response = store.get(target)
            #expect(response.status == 200)
            #expect(response.outcome == .matched(file: "api/1.0/people.json", entry: 0))
            #expect(response.headerValue("content-type") == "application/json")
            let body = try response.jsonObject()
            #expect(body["count"] as? Int == 82)
            #expect(body["next"] as? String == "http://swapi.dev/api/people/?page=2")
            #expect(body["previous"] is NSNull)
            let results = try #require(body["results"] as? [[String: Any]])
            #expect(results.map { $0["name"] as? String } == ["Luke Skywalker", "C-3PO"])
            #expect(results[0]["created"] as? String == "2014-12-09T13:50:51.644000Z")
        }
    }

    @Test func paginationAndSearch() throws {
        let page2 = try store.get("/api/1.0/people/?page=2").jsonObject()
        #expect(page2["previous"] as? String == "http://swapi.dev/api/people/?page=1")
        #expect(page2["next"] as? String == "http://swapi.dev/api/people/?page=3")
        #expect((page2["results"] as? [[String: Any]])?.first?["name"] as? String == "R2-D2")
        let search = try store.get("/api/1.0/people/?search=luke&page=1").jsonObject()
        let names = (search["results"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Luke Skywalker"])
        #expect(store.get("/api/1.0/people/?page=3").outcome == .matched(file: "api/1.0/people.json", entry: 0))
    }

    @Test func creatingAPerson() throws {
        let created = store.send("POST", "/api/1.0/people/", headers: ["Content-Type": "application/json"], body: #"{ "name" : "Rey" }"#)
        #expect(created.status == 201)
        #expect(created.headerValue("Location") == "http://swapi.dev/api/people/83/")
        #expect(try created.jsonObject()["name"] as? String == "Rey")

        let invalid = store.send("POST", "/api/1.0/people/", body: #"{"name": "Kylo"}"#)
        #expect(invalid.status == 422)
        let error = try #require(try invalid.jsonObject()["error"] as? [String: Any])
        #expect(error["code"] as? String == "validation_failed")
        #expect((error["fields"] as? [String: Any])?["name"] is [String])
        #expect(store.respond(method: "POST", target: "/api/1.0/people/", headers: NoHeaders(), body: []).status == 422)
    }

    @Test func personDetailAndImages() throws {
        #expect(try store.get("/api/1.0/people/1/").jsonObject()["name"] as? String == "Luke Skywalker")
        for image in ["/images/luke.png", "/images/r2d2.png"] {
            let response = store.get(image)
            #expect(response.status == 200)
            #expect(response.headerValue("Content-Type") == "image/png")
            #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
    }

    @Test func accountNeedsTheBearerToken() throws {
        let authorized = store.get("/api/1.0/account", headers: ["authorization": "Bearer good-token"])
        #expect(authorized.status == 200)
        #expect(try authorized.jsonObject()["username"] as? String == "luke")
        let anonymous = store.get("/api/1.0/account")
        #expect(anonymous.status == 401)
        #expect(anonymous.headerValue("WWW-Authenticate") == #"Bearer realm="mock""#)
        #expect(store.get("/api/1.0/account", headers: ["Authorization": "Bearer bad"]).status == 401)
    }

    @Test func slowAndPing() throws {
        #expect(store.get("/api/1.0/slow").delayMilliseconds == 1500)
        let deleted = store.respond(method: "DELETE", target: "/api/1.0/ping", headers: NoHeaders(), body: [])
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)
        #expect(deleted.headerValue("Content-Type") == nil)
        #expect(store.send("PUT", "/api/1.0/ping", body: #"{"message":"hello"}"#).status == 200)
        #expect(store.send("PATCH", "/api/1.0/ping", body: "{}").status == 200)
        #expect(store.get("/").status == 200)
        #expect(try store.get("/__admin/health").jsonObject()["fixtures"] as? Int == 22)
    }
}
