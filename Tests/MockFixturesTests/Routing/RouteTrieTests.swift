import Testing
@testable import MockFixtures

@Suite("The route trie")
struct RouteTrieTests {
    private func trie(_ keys: [String]) -> RouteTrie<String> {
        var trie = RouteTrie<String>()
        for key in keys { trie.insert(PathTemplate(key: key), key) }
        return trie
    }

    @Test func firstMatchPrefersLiteralsFromTheLeftAndBindsParameters() throws {
        let routes = trie(["people/{id}", "people/me", "{a}/{b}", "people/{id}/orders/{orderId}"])
        let me = try #require(routes.firstMatch("people/me"))
        #expect(me.value == "people/me")
        #expect(me.parameters.isEmpty)
        let seven = try #require(routes.firstMatch("people/7"))
        #expect(seven.value == "people/{id}")
        #expect(seven.parameters == ["7"])
        #expect(routes.firstMatch("planets/9")?.value == "{a}/{b}")
        #expect(routes.firstMatch("people/7/orders/9")?.parameters == ["7", "9"])
        #expect(routes.firstMatch("people") == nil)
        #expect(routes.firstMatch("") == nil)
    }

    @Test func allMatchesComeMostSpecificFirst() {
        let routes = trie(["{a}/{b}", "people/{id}", "people/me", "{a}/me"])
        #expect(routes.allMatches("people/me").map(\.value) == ["people/me", "people/{id}", "{a}/me", "{a}/{b}"])
    }

    @Test func aCatchAllComesAfterLiteralsAndParametersAndTakesTheRest() throws {
        let routes = trie(["files/{path...}", "files/{id}", "files/{id}/meta", "files/readme", "{all...}"])
        #expect(routes.firstMatch("files/readme")?.value == "files/readme")
        #expect(routes.firstMatch("files/7")?.value == "files/{id}")
        #expect(routes.firstMatch("files/7/meta")?.value == "files/{id}/meta")
        let deep = try #require(routes.firstMatch("files/7/meta/x"))
        #expect(deep.value == "files/{path...}")
        #expect(deep.parameters == ["7/meta/x"], "the parameter bound on the dead branch is dropped")
        #expect(routes.firstMatch("files")?.value == "{all...}")
        #expect(routes.firstMatch("")?.value == nil)
        #expect(routes.allMatches("files/7").map(\.value) == ["files/{id}", "files/{path...}", "{all...}"])
        #expect(routes.allMatches("files/7").map(\.parameters) == [["7"], ["7"], ["files/7"]])
        #expect(routes.routesConsidered(for: "files", limit: 10).contains("files/{path...}"))
    }

    @Test func sameShapeReplacesAndCountsOnce() {
        var routes = trie(["people/{id}"])
        routes.insert(PathTemplate(key: "people/{personId}"), "second")
        #expect(routes.count == 1)
        #expect(routes.firstMatch("people/1")?.value == "second")
    }

    @Test func lookupWithManyTemplatesVisitsOnlyTheRequestsBranch() {
        // 500 templated folders and one request: the walk enters the nodes of its own path only,
        // so a miss lists nothing from the other 499 branches.
        var routes = RouteTrie<String>()
        for index in 0..<500 {
            routes.insert(PathTemplate(key: "tenant\(index)/{id}/orders"), "t\(index)")
        }
        #expect(routes.firstMatch("tenant250/x/orders")?.value == "t250")
        #expect(routes.routesConsidered(for: "tenant250/x/order", limit: 10) == ["t250"])
        #expect(routes.routesConsidered(for: "nowhere/x", limit: 10).isEmpty)
    }

    @Test func templateParsing() {
        let template = PathTemplate(key: "users/{userId}/orders/{order_id-2}")
        #expect(template.segments == [.literal("users"), .parameter("userId"), .literal("orders"), .parameter("order_id-2")])
        #expect(template.parameterNames == ["userId", "order_id-2"])
        #expect(template.issues.isEmpty)
        #expect(PathTemplate(key: "").segments.isEmpty)
        #expect(PathTemplate(key: "a/{}").issues == [.invalidName(segment: "{}")])
        #expect(PathTemplate(key: "a/{b}c").issues == [.braces(segment: "{b}c")])
        #expect(PathTemplate(key: "{a}/{a}").issues == [.duplicateName("a")])
        #expect(PathTemplate(key: "files/{path...}").segments == [.literal("files"), .catchAll("path")])
        #expect(PathTemplate(key: "files/{path...}").match("files/a/b") == ["a/b"])
        #expect(PathTemplate(key: "files/{path...}").match("files") == nil)
        #expect(PathTemplate(key: "{a...}/b").issues == [.catchAllNotLast(segment: "{a...}")])
        #expect(PathTemplate(key: "{a...}/b").segments == [.literal("{a...}"), .literal("b")])
        #expect(PathTemplate(key: "x/{p...}").shape != PathTemplate(key: "x/{p}").shape)
        #expect(PathTemplate(key: "people/{id}").shape == PathTemplate(key: "people/{personId}").shape)
        #expect(PathTemplate(key: "people/{id}").match("people/7") == ["7"])
        #expect(PathTemplate(key: "people/{id}").match("people") == nil)
    }
}
