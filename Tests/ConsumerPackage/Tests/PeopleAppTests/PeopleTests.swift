import MockServerTesting
import PeopleApp
import Testing

/// One server for the whole suite, reset before each test.
@Suite(.serialized) struct PeopleTests {
    static let server = try! MockHTTPServer(root: FixtureRoot.path("Mocks"))

    init() async throws {
        try await Self.server.control.reset()
    }

    @Test func listsPeople() async throws {
        let api = PeopleAPI(baseURL: Self.server.url)
        #expect(try await api.people() == [Person(id: 1, name: "Luke")])
        try await Self.server.control.verify(.get("/api/people"), count: 1)
    }

    @Test func addsAPerson() async throws {
        let api = PeopleAPI(baseURL: Self.server.url)
        #expect(try await api.add("Rey") == Person(id: 2, name: "Rey"))
        try await Self.server.control.verify(.post("/api/people", body: ["name": "Rey"]), count: 1)
        try await Self.server.control.expectNoUnmatchedRequests()
    }
}

/// A server scoped to one test: stopped when the closure returns, throws or is cancelled.
@Test func aServerForOneTest() async throws {
    try await withMockServer(root: FixtureRoot.path("Mocks")) { server in
        let people = try await PeopleAPI(baseURL: server.url).people()
        #expect(people.count == 1)
    }
}
