import Testing
@testable import MockFixtures

@Suite("Request targets")
struct RequestTargetTests {
    private func parse(_ target: String) throws -> RequestTarget {
        try RequestTarget.parse(target).get()
    }

    private func rejection(_ target: String) -> PathRejection? {
        if case .failure(let rejection) = RequestTarget.parse(target) { return rejection }
        return nil
    }

    @Test func splitsPathKeyAndQuery() throws {
        let target = try parse("/api/1.0/people/?page=2&search=a")
        #expect(target.path == "/api/1.0/people/")
        #expect(target.lookupKey == "api/1.0/people")
        #expect(target.hasTrailingSlash)
        #expect(target.query == "page=2&search=a")

        let plain = try parse("/api/people")
        #expect(plain.lookupKey == "api/people")
        #expect(!plain.hasTrailingSlash)
        #expect(plain.query == nil)

        let root = try parse("/")
        #expect(root.lookupKey == "")
        #expect(root.path == "/")
        #expect(try parse("/?x=1").query == "x=1")
        #expect(try parse("/a?").query == "")
    }

    @Test func decodesPercentEscapesPerSegmentAndKeepsCase() throws {
        let target = try parse("/Caf%C3%A9/a%20b/%7Euser")
        #expect(target.path == "/Café/a b/~user")
        #expect(target.lookupKey == "Café/a b/~user")
        #expect(try parse("/API/People").lookupKey == "API/People")
        #expect(try parse("/a+b").lookupKey == "a+b")
        #expect(try parse("/...").lookupKey == "...")
        #expect(try parse("/.well-known/x").lookupKey == ".well-known/x")
    }

    @Test func acceptsAbsoluteForm() throws {
        #expect(try parse("http://example.com/api/people?x=1").lookupKey == "api/people")
        #expect(try parse("https://host:8080/a/b/").path == "/a/b/")
        #expect(try parse("HTTP://Host/a").lookupKey == "a", "the scheme in any case")
        #expect(try parse("http://host").lookupKey == "")
        #expect(try parse("http://host?q=1").query == "q=1")
    }

    @Test(arguments: [
        ("/..", PathRejection.dotSegment), ("/a/../b", .dotSegment), ("/a/./b", .dotSegment), ("/.", .dotSegment),
        ("/a/..", .dotSegment), ("/a/%2e%2e/b", .dotSegment), ("/%2E./x", .dotSegment), ("/.%2e", .dotSegment),
        ("/%2e", .dotSegment), ("/a/%2e%2E/", .dotSegment),
        ("/a%2fb", .encodedSeparator), ("/a%2F..%2Fb", .encodedSeparator), ("/a%5cb", .encodedSeparator), ("/%5C", .encodedSeparator),
        ("/a\\b", .backslash), ("/a%00b", .nulByte), ("/a\u{1}b", .unencodedSpaceOrControl),
        ("/a b", .unencodedSpaceOrControl), ("/a?x=1 2", .unencodedSpaceOrControl), ("/a\tb", .unencodedSpaceOrControl), ("/a\u{7F}", .unencodedSpaceOrControl),
        ("/a%zz", .invalidPercentEncoding), ("/a%2", .invalidPercentEncoding), ("/%", .invalidPercentEncoding),
        ("/a%C3", .invalidUTF8), ("/%FF", .invalidUTF8), ("/%C0%AF", .invalidUTF8),
        ("//etc/passwd", .emptySegment), ("/a//b", .emptySegment), ("/a///", .emptySegment),
        ("api/people", .notOriginForm), ("*", .notOriginForm), ("", .notOriginForm), ("http:/x", .notOriginForm),
        ("../x", .notOriginForm), ("http://", .notOriginForm),
        ("ftp://x/a", .notOriginForm), ("httpx://x/a", .notOriginForm), ("file:///etc/passwd", .notOriginForm),
        ("/a#frag", .fragment), ("/a?x=1#f", .fragment), ("http://x#f", .fragment),
        ("http://u@x/a", .userinfo), ("https://user:pw@host:8080/a/b/", .userinfo),
    ])
    func rejectsHostileOrMalformedTargets(target: String, expected: PathRejection) {
        #expect(rejection(target) == expected, "\(target)")
    }

    @Test func rejectionReasonsExplainThemselves() {
        #expect(PathRejection.dotSegment.description.contains("leave the fixture root"))
        #expect(PathRejection.notOriginForm.description.contains("does not start with '/'"))
    }

    /// Invalid request-target syntax is a bad request (RFC 9112 §3.2); a valid target the server
    /// refuses to map names nothing it serves.
    @Test func malformedTargetsAre400AndRefusedPaths404() {
        #expect([PathRejection.notOriginForm, .invalidPercentEncoding, .fragment, .userinfo, .unencodedSpaceOrControl].allSatisfy { $0.status == 400 })
        #expect([PathRejection.dotSegment, .emptySegment, .encodedSeparator, .backslash, .nulByte, .invalidUTF8].allSatisfy { $0.status == 404 })
    }
}

@Suite("Query decoding")
struct QueryParametersTests {
    @Test func decodesFormStyle() {
        let query = QueryParameters(decoding: "search=luke+sky%20walker&ids=1&ids=2&flag&empty=&&caf%C3%A9=%C3%A9&a%3Db=c%26d")
        #expect(query.values(for: "search") == ["luke sky walker"])
        #expect(query.values(for: "ids") == ["1", "2"])
        #expect(query.values(for: "flag") == [""])
        #expect(query.values(for: "empty") == [""])
        #expect(query.values(for: "café") == ["é"])
        #expect(query.values(for: "a=b") == ["c&d"])
        #expect(query.values(for: "missing") == [])
        #expect(query.parameters.count == 7)
    }

    @Test func keepsMalformedEscapesLiterally() {
        let query = QueryParameters(decoding: "a=100%&b=%zz&c=%C3")
        #expect(query.values(for: "a") == ["100%"])
        #expect(query.values(for: "b") == ["%zz"])
        #expect(query.values(for: "c") == ["\u{FFFD}"])
    }
}
