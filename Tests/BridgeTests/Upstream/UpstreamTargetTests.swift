import MockFixtures
import MockUpstream
import Testing

@Suite struct UpstreamTargetTests {
    @Test func joinsTheBasePathAndTheRequestTargetUnchanged() throws {
        let target = try UpstreamTarget(parsing: "HTTPS://API.example.com:8443/v1/")
        #expect(target.origin == "https://api.example.com:8443")
        #expect(target.basePath == "/v1")
        #expect(target.url(forRequestTarget: "/people/%C3%A9?page=2&q=a+b") == "https://api.example.com:8443/v1/people/%C3%A9?page=2&q=a+b")
        #expect(target.url(forRequestTarget: "http://mock.local/x?y") == "https://api.example.com:8443/v1/x?y")
        #expect(try UpstreamTarget(parsing: "http://[::1]:9000").url(forRequestTarget: "/") == "http://[::1]:9000/")
        #expect(try UpstreamTarget(parsing: "http://127.0.0.1").port == nil)
    }

    @Test func aLocationUnderTheBasePathLosesIt() throws {
        let target = try UpstreamTarget(parsing: "https://api.example.com/v1/")
        #expect(target.mockReference(forUpstreamReference: "/v1/people/7") == "/people/7")
        #expect(target.mockReference(forUpstreamReference: "/v1") == "/")
        #expect(target.mockReference(forUpstreamReference: "/v1?page=2") == "/?page=2")
        #expect(target.mockReference(forUpstreamReference: "/v10/people") == "/v10/people")
        #expect(target.mockReference(forUpstreamReference: "/v1//people/7") == "/v1//people/7", "never a reference to another host")
        #expect(target.mockReference(forUpstreamReference: #"/v1/\x"#) == #"/v1/\x"#)
        #expect(target.mockReference(forUpstreamReference: "/v1/\t/evil.example/x") == "/v1/\t/evil.example/x", "browsers drop the tab: //evil.example")
        #expect(target.mockReference(forUpstreamReference: "/login") == "/login")
        #expect(target.mockReference(forUpstreamReference: "https://api.example.com/v1/people") == "https://api.example.com/v1/people")
        #expect(try UpstreamTarget(parsing: "https://api.example.com").mockReference(forUpstreamReference: "/v1/x") == "/v1/x")
    }

    @Test(arguments: [
        ("api.example.com", "does not start with http:// or https://"),
        ("ftp://example.com", "scheme ftp is not supported"),
        ("https://example.com/v1?key=1", "query or fragment"),
        ("https://user:pw@example.com", "user name or password"),
        ("https://example.com:99999", "not a number from 1 to 65535"),
        ("https://", "no host"),
        ("https://exa mple.com", "white space"),
    ])
    func refusesUnusableTargets(text: String, reason: String) {
        #expect {
            _ = try UpstreamTarget(parsing: text)
        } throws: { error in
            "\(error)".contains(reason) && "\(error)".contains(text)
        }
    }
}
