import Testing
@testable import MockFixtures

@Suite("Path parameters: {name} segments in file and folder names")
struct PathParameterTests {
    @Test func templatedFilesAndFoldersServeAnyOneSegment() throws {
        let (store, tree) = try loadTree(answering([
            "people/{id}.json": "person",
            "users/{userId}/orders.json": "orders",
            "{tenant}/index.json": "tenant",
            "api/ping.json": "pong",
        ]))
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let answers: [(path: String, body: String?)] = [
            ("/people/7", #""person""#),
            ("/people/7/", #""person""#),
            ("/people/luke%20skywalker", #""person""#),
            ("/users/42/orders", #""orders""#),
            ("/acme", #""tenant""#),
            ("/api/ping", #""pong""#),           // literal paths are unaffected
            ("/people", #""tenant""#),           // people/{id} needs two segments; {tenant} takes the one
            ("/people/7/8", nil),                // a parameter matches exactly one segment
            ("/users/42", nil),
            ("/", nil),                          // {tenant} does not match the root
        ]
        for (path, body) in answers {
            let answer = store.get(path)
            #expect(answer.status == (body == nil ? 404 : 200), "\(path)")
            if let body { #expect(answer.text == body, "\(path)") }
        }
        #expect(store.get("/people/7").matchedFile == "people/{id}.json")
        #expect(store.servedPaths.contains("/people/{id}"))
        #expect(store.servedPaths.contains("/users/{userId}/orders"))
        #expect(store.counts.fixtureFiles == 4)
    }

    @Test func mostSpecificWinsSegmentBySegmentFromTheLeft() throws {
        let (store, tree) = try loadTree(answering([
            "people/me.json": "me", "people/{id}.json": "someone",
            "a/{x}/c.json": "a-param-c", "{y}/b/c.json": "param-b-c", "a/b/d.json": "a-b-d", "a/{x}/{z}.json": "a-param-param",
        ]))
        _ = tree
        #expect(store.get("/people/me").text == #""me""#)
        #expect(store.get("/people/you").text == #""someone""#)
        #expect(store.get("/a/b/c").text == #""a-param-c""#, "a literal first segment beats a parameter, even if a later one is literal")
        #expect(store.get("/z/b/c").text == #""param-b-c""#)
        #expect(store.get("/a/b/d").text == #""a-b-d""#)
        #expect(store.get("/a/q/c").text == #""a-param-c""#, "a literal third segment beats a parameter")
        #expect(store.get("/a/b/e").text == #""a-param-param""#, "the literal branch a/b dead-ends, so the walk backs up")
    }

    @Test func pathParametersConstrainEntriesLikeQueryParameters() throws {
        let (store, tree) = try loadTree(["people/{id}.json": """
        [
          {"pathParameters": {"id": 7}, "response": "seven"},
          {"pathParameters": {"id": {"$regex": "^[0-9]+$"}}, "response": "number"},
          {"pathParameters": {"id": {"$contains": "sky"}}, "response": "sky"},
          {"response": "other"}
        ]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.get("/people/7").text == #""seven""#)
        #expect(store.get("/people/7.0").text == #""seven""#, "numbers compare by value, as query parameters do")
        #expect(store.get("/people/12").text == #""number""#)
        #expect(store.get("/people/skywalker").text == #""sky""#)
        #expect(store.get("/people/leia").text == #""other""#)
    }

    @Test func nearMissesNameParameterMismatchesAndShowTheValues() throws {
        let (store, tree) = try loadTree(["users/{userId}/orders.json": """
        [
          {"pathParameters": {"userId": "42"}, "response": []},
          {"pathParameters": {"userId": {"$regex": "^A[0-9]+$"}}, "response": []}
        ]
        """])
        _ = tree
        let miss = store.get("/users/B7/orders")
        #expect(miss.status == 404)
        let body = try miss.jsonObject()
        #expect(body["fixtureFile"] as? String == "users/{userId}/orders.json")
        #expect(body["pathParameters"] as? [String: String] == ["userId": "B7"])
        let candidates = try #require(body["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["reasons"] as? [String] ?? [] } == [
            [#"path parameter 'userId' is "B7", expected "42""#],
            [#"path parameter 'userId' is "B7", expected to match ^A[0-9]+$"#],
        ])
    }

    @Test func aMissListsTheTemplatedFilesItConsidered() throws {
        let (store, tree) = try loadTree([
            "people/{id}.json": "{}",
            "people/{id}/orders.json": "{}",
            "users/{userId}/orders.json": "{}",
            "{tenant}/index.json": "{}",
            "planets/{planet}/moons.json": "{}",
        ])
        _ = tree
        let friends = try store.get("/people/7/friends").jsonObject()
        #expect(friends["lookedFor"] as? [String] == [
            "people/7/friends.json", "people/7/friends/index.json",
            "people/{id}.json", "people/{id}/orders.json", "{tenant}/index.json",
        ])
        let order = try store.get("/users/42/order").jsonObject()
        #expect(order["lookedFor"] as? [String] == [
            "users/42/order.json", "users/42/order/index.json",
            "users/{userId}/orders.json", "{tenant}/index.json",
        ])
        guard case .noMatch(let summary) = store.get("/users/42/order").outcome else { Issue.record("no miss"); return }
        #expect(summary.contains("users/{userId}/orders.json"), "\(summary)")
    }

    @Test func unknownParameterNamesAreLoadErrorsWithPositions() throws {
        let (store, tree) = try loadTree([
            "people/{id}.json": "[\n  {\"pathParameters\": {\"idd\": \"7\"}}]",
            "plain.json": #"[{"pathParameters": {"id": "7"}}]"#,
        ])
        _ = tree
        let wrong = try #require(store.problems.first { $0.file == "people/{id}.json" })
        #expect(wrong.severity == .error)
        #expect((wrong.line, wrong.column) == (2, 23))
        #expect(wrong.message == "pathParameters names 'idd', which is not a parameter of the path: the path's parameters are 'id'")
        #expect(wrong.hint == "did you mean 'id'?")
        let plain = try #require(store.problems.first { $0.file == "plain.json" })
        #expect(plain.message.contains("the path has no {name} segments"))
        #expect(store.get("/people/7").status == 500)
    }

    @Test(arguments: [
        (#"{"pathParameters": {"id": [1, 2]}}"#, "expects an array, but a path segment holds exactly one value"),
        (#"{"pathParameters": {"id": {"$absent": true}}}"#, "can never be absent"),
        (#"{"pathParameters": {"id": {"a": 1}}}"#, "expects an object, which a path segment cannot carry"),
        (#"{"pathParameters": ["id"]}"#, "pathParameters must be an object of parameter names to values"),
    ])
    func unusableParameterValuesAreErrors(entry: String, message: String) throws {
        let (store, tree) = try loadTree(["people/{id}.json": entry])
        _ = tree
        #expect(store.problems.contains { $0.severity == .error && $0.message.contains(message) }, "\(store.problems)")
    }

    @Test func oddBracesAreServedLiterallyWithAWarning() throws {
        let (store, tree) = try loadTree(answering([
            "report-{id}.json": "literal",
            "x/{1st}.json": "digit",
        ]))
        _ = tree
        #expect(store.get("/report-{id}").text == #""literal""#)
        #expect(store.get("/report-7").status == 404)
        #expect(store.get("/x/{1st}").text == #""digit""#)
        let braces = try #require(store.problems.first { $0.file == "report-{id}.json" })
        #expect(braces.severity == .warning)
        #expect(braces.message == #""report-{id}" has braces but is not a whole {name} segment, so it is matched literally"#)
        #expect(store.problems.contains { $0.file == "x/{1st}.json" && $0.message.contains("is not a valid parameter name") })
    }

    @Test func aNameUsedTwiceMakesTheFileBroken() throws {
        let (store, tree) = try loadTree(["users/{id}/friends/{id}.json": #"{"response": 1}"#])
        _ = tree
        let problem = try #require(store.problems.first)
        #expect(problem.severity == .error)
        #expect(problem.message == "the path names the parameter {id} more than once, so its value is ambiguous")
        let answer = store.get("/users/1/friends/2")
        #expect(answer.status == 500)
        #expect(answer.outcome == .brokenFixture(file: "users/{id}/friends/{id}.json"))
    }

    @Test func templatesOfTheSameShapeCompeteLikeDuplicateFiles() throws {
        let (store, tree) = try loadTree(answering([
            "people/{id}.json": "direct",
            "people/{personId}.json": "other name",
            "people/{x}/index.json": "index",
        ]))
        _ = tree
        #expect(store.get("/people/1").text == #""direct""#)
        let warnings = store.problems.filter { $0.message.contains("both serve") }
        #expect(warnings.map(\.file).sorted() == ["people/{personId}.json", "people/{x}/index.json"])
    }

    @Test func staticFilesUnderTemplatedFoldersAndUnusedEntries() throws {
        let (store, tree) = try loadTree([
            "users/{id}/avatar.png": "png",
            "users/{id}.json": #"[{"response": 1}, {"method": "DELETE", "status": 204}]"#,
        ])
        _ = tree
        let avatar = store.get("/users/9/avatar.png")
        #expect(avatar.status == 200)
        #expect(avatar.headerValue("Content-Type") == "image/png")
        #expect(avatar.outcome == .staticFile("users/{id}/avatar.png"))
        let engine = MockEngine(store: store)
        _ = engine.get("/users/9")
        #expect(engine.unusedEntries().map(\.description) == ["users/{id}.json entry 1 (line 1, DELETE)"])
    }
}
