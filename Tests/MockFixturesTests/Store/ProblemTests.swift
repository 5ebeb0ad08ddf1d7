import TestSupport
import Testing
@testable import MockFixtures

@Suite("Problems found at load time")
struct ProblemTests {
    /// Loads one file `f.json` and returns its problems.
    private func problems(_ contents: String) throws -> (FixtureStore, [FixtureProblem]) {
        let tree = try TemporaryFolder()
        try tree.write("f.json", contents)
        let store = try tree.load()
        return (store, store.problems)
    }

    private func only(_ contents: String) throws -> FixtureProblem {
        let (_, problems) = try problems(contents)
        #expect(problems.count == 1, "\(problems)")
        return try #require(problems.first)
    }

    @Test(arguments: [
        ("[{\"status\": 700}]", 1, 13, "status 700 is out of range", "use an integer between 200 and 599"),
        ("[{\"status\": 99}]", 1, 13, "status 99 is out of range", "use an integer between 200 and 599"),
        ("[{\"status\": 200.5}]", 1, 13, "is not written as a plain whole number", "200 and 599"),
        ("[{\"status\": 2e2}]", 1, 13, "is not written as a plain whole number", "200 and 599"),
        ("[{\"status\": \"200\"}]", 1, 13, "status must be a number", "without quotes: 200"),
        ("[{\n  \"method\": 5}]", 2, 13, "method must be a non-empty string", "HTTP method"),
        ("[{\"method\": \"\"}]", 1, 13, "method must be a non-empty string", "HTTP method"),
        ("[{\"method\": \"GE T\"}]", 1, 13, "not a valid HTTP method", "letters"),
        ("[{\"delay\": -1}]", 1, 12, "delay -1 is out of range", "between 0 and 600000"),
        ("[{\"delay\": 600001}]", 1, 12, "out of range", "600000"),
        ("[{\"delay\": 1.5}]", 1, 12, "plain whole number", "milliseconds"),
        ("[{\"headers\": []}]", 1, 14, "headers must be an object", "X-Name"),
        ("[{\"headers\": {\"X-A\": 1}}]", 1, 22, "must be a string", "double quotes"),
        ("[{\"headers\": {\"Bad Name\": \"v\"}}]", 1, 15, "not a valid header name", "letters, digits"),
        ("[{\"headers\": {\"X-A\": \"a\\r\\nSet-Cookie: x\"}}]", 1, 22, "line break", "single line"),
        ("[{\"headers\": {\"Content-Length\": \"5\"}}]", 1, 15, "must not set Content-Length", "remove"),
        ("[{\"requestHeaders\": \"Authorization\"}]", 1, 21, "requestHeaders must be an object", "X-Name"),
        ("[{\"requestHeaders\": {\"Authorization\": true}}]", 1, 39, "must be a string", "double quotes"),
        ("[1]", 1, 2, "entry 0 is a number, expected an object", "each entry is an object"),
        ("\"hello\"", 1, 1, "holds a string, expected an array of entries", "wrap the response"),
        ("[{\"status\": 200}\n {\"status\": 201}]", 2, 2, "invalid JSON: expected ',' or ']' after array element", "fix the syntax"),
    ])
    func errorsNameFilePositionMessageAndHint(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        let (store, problems) = try problems(contents)
        let problem = try #require(problems.first { $0.severity == .error }, "\(problems)")
        #expect(problem.file == "f.json")
        #expect(problem.line == line, "\(problem)")
        #expect(problem.column == column, "\(problem)")
        #expect(problem.message.contains(message), "\(problem)")
        #expect(problem.hint.contains(hint), "\(problem)")
        #expect(store.fixtureFileCount == 0)
        #expect(store.get("/f").status == 500)
    }

    @Test func unknownKeysWarnWithSuggestion() throws {
        let problem = try only("[{\n    \"reponse\": {}}]")
        #expect(problem.severity == .warning)
        #expect((problem.line, problem.column) == (2, 5))
        #expect(problem.message == #"unknown key "reponse" is ignored"#)
        #expect(problem.hint == "did you mean `response`?")
        #expect(problem.description == #"f.json:2:5: warning: unknown key "reponse" is ignored. Did you mean `response`?"#)

        let far = try only(#"[{"colour": "red"}]"#)
        #expect(far.hint.hasPrefix("known keys are method, status"))
        #expect(try only(#"[{"Status": 200}]"#).hint == "did you mean `status`?")
    }

    @Test func warningsDoNotBreakTheFile() throws {
        let (store, problems) = try problems(#"[{"status": 201, "status": 202, "reponse": 1, "headers": {"Date": "x", "X-A": "1", "x-a": "2"}}]"#)
        #expect(problems.allSatisfy { $0.severity == .warning }, "\(problems)")
        #expect(problems.contains { $0.message.contains(#"duplicate key "status" (first at 1:3)"#) && $0.column == 18 })
        #expect(problems.contains { $0.message.contains("Date") })
        #expect(problems.contains { $0.message.contains(#"header "x-a""#) })
        #expect(store.fixtureFileCount == 1)
        let response = store.get("/f")
        #expect(response.status == 202)
        #expect(response.headers == [HTTPHeader(name: "x-a", value: "2")])
    }

    @Test func emptyFilesWarnAndAnswerNoMatch() throws {
        let (store, problems) = try problems("[]")
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("no entries") == true)
        #expect(store.fixtureFileCount == 1)
        #expect(store.get("/f").status == 404)
    }

    @Test func problemsAreSortedAndReported() throws {
        let tree = try TemporaryFolder()
        try tree.write("b.json", "[{\"status\": 1}, {\"x\": 1}]")
        try tree.write("a.json", "[{\"status\": 2,\n \"delay\": -3}]")
        let store = try tree.load()
        #expect(store.problems.map(\.file) == ["a.json", "a.json", "b.json", "b.json"])
        #expect(store.problems.map { $0.line ?? 0 } == [1, 2, 1, 1])
        let report = FixtureProblem.report(store.problems, root: "fixtures")
        #expect(report.hasPrefix("a.json:1:13: error: status 2 is out of range. Use an integer between 200 and 599\n"))
        #expect(report.hasSuffix("fixtures: 3 errors, 1 warning; 2 files will answer 500 until fixed\n"))
        #expect(store.hasErrors)
    }
}
