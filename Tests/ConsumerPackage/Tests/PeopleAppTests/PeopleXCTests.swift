import MockServerTesting
import PeopleApp
import XCTest

final class PeopleXCTests: XCTestCase {
    var server: MockHTTPServer!

    override func setUp() async throws {
        server = try MockHTTPServer(root: FixtureRoot.path("Mocks"))
    }

    override func tearDown() async throws {
        await server.shutdown()
    }

    func testAddingAPerson() async throws {
        let person = try await PeopleAPI(baseURL: server.url).add("Rey")
        XCTAssertEqual(person, Person(id: 2, name: "Rey"))
        try await server.control.verify(.post("/api/people", body: ["name": "Rey"]), count: 1)
    }
}
