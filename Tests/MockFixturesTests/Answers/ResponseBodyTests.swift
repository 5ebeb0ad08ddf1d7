import Foundation
import TestSupport
import Testing
@testable import MockFixtures

@Suite("Bodies that are not JSON: responseText and responseFile")
struct ResponseBodyTests {
    /// `responseBase64`: bytes written in the entry (WireMock's `base64Body`), for a binary body a
    /// runtime fixture posted from a test cannot keep in a file under the root.
    @Test func responseBase64SendsTheBytes() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE]
        let encoded = Base64.encode(png)
        let gzip = Base64.encode([0x1F, 0x8B, 0x08, 0x00])
        let (store, tree) = try loadTree(["img.json": #"""
        [{"query": {"v": "1"}, "responseBase64": "\#(encoded)", "headers": {"Content-Type": "image/png"}},
         {"query": {"v": "2"}, "responseBase64": "\#(encoded.replacingOccurrences(of: "=", with: ""))"},
         {"query": {"v": "3"}, "responseBase64": "\#(gzip)", "headers": {"Content-Encoding": "gzip", "Content-Type": "application/json"}}]
        """#])
        _ = tree
        #expect(store.problems.isEmpty, "\(store.problems)")
        let first = store.get("/img?v=1")
        #expect(first.body == png)
        #expect(first.headerValue("Content-Type") == "image/png")
        #expect(first.preparedID != nil, "prebuilt like any fixed answer")
        let second = store.get("/img?v=2")
        #expect(second.body == png, "padding may be left out")
        #expect(second.headerValue("Content-Type") == "application/octet-stream")
        #expect(store.get("/img?v=3").body == [0x1F, 0x8B, 0x08, 0x00], "encoded bytes are bytes: Content-Encoding is allowed")
    }

    @Test func base64DecodesWhatItEncodesAndRefusesTheRest() {
        var generator = SystemRandomNumberGenerator()
        for count in 0..<40 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes, "\(count) bytes")
        }
        #expect(Base64.decode("+/+/") == Base64.decode("-_-_"), "URL-safe letters too")
        #expect(Base64.decode("aGVs\nbG8=") == Array("hello".utf8), "white space ignored")
        #expect(Base64.decode("aGVsbG8") == Array("hello".utf8), "padding optional")
        #expect(Base64.decode("aGVsbG8*") == nil)
        #expect(Base64.decode("aGVsb") == nil, "a length base64 cannot have")
        #expect(Base64.decode("aG=Vs") == nil, "padding only at the end")
    }

    @Test(arguments: [
        (#"[{"responseBase64": "not base64!"}]"#, 1, 21, #"responseBase64 "not base64!" is not base64"#, "base64 < file"),
        (#"[{"responseBase64": 5}]"#, 1, 21, "responseBase64 must be a string, found number 5", "iVBORw0KGgo="),
        (#"[{"response": {}, "responseBase64": "AA=="}]"#, 1, 19, #""responseBase64" and "response" (at 1:3) are both set"#, "responseBase64"),
    ])
    func malformedResponseBase64IsALoadError(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        try expectLoadError(contents, line: line, column: column, message: message, hint: hint)
    }

    @Test func responseTextIsSentAsIsWithTextPlainUnlessOverridden() throws {
        let (store, tree) = try loadTree(["feed.json": #"""
        [{"responseText": "<feed>\n  <entry/>\n</feed>", "headers": {"Content-Type": "application/atom+xml"}},
         {"method": "POST", "status": 202, "responseText": "queued"}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let feed = store.get("/feed")
        #expect(feed.text == "<feed>\n  <entry/>\n</feed>")
        #expect(feed.headers == [HTTPHeader(name: "Content-Type", value: "application/atom+xml")])
        #expect(feed.preparedID != nil, "fixed text answers are prebuilt like JSON ones")
        let queued = store.send("POST", "/feed", body: "")
        #expect(queued.text == "queued")
        #expect(queued.headerValue("Content-Type") == "text/plain; charset=utf-8")
    }

    /// `headers` takes an array for a header sent on several lines; not for one that holds one
    /// value, and never empty or with other than strings.
    @Test func headerArraysAreLinesAndTheirMistakesAreLoadErrors() throws {
        let (store, tree) = try loadTree([
            "ok.json": #"{"headers": {"Set-Cookie": ["a=1", "b=2"], "X-One": ["only"]}, "response": 1}"#,
            "single.json": #"{"headers": {"Content-Type": ["text/plain", "text/html"]}, "response": 1}"#,
            "empty.json": #"{"headers": {"Set-Cookie": []}, "response": 1}"#,
            "number.json": #"{"headers": {"Set-Cookie": ["a=1", 2]}, "response": 1}"#,
            "length.json": #"{"headers": {"Content-Length": ["1", "2"]}, "response": 1}"#,
            "nocontent.json": #"{"status": 204, "headers": {"Content-Language": ["en", "de"]}}"#,
            "spaces.json": #"{"headers": {"Set-Cookie": ["a=1", " b=2"]}, "response": 1}"#,
            "placeholder.json": #"{"template": true, "headers": {"Set-Cookie": ["a=1", "b={{paht.x}}"]}, "response": 1}"#,
            "twice.json": "{\"template\": true, \"headers\": {\"X-A\": [\n\"{{paht}}\",\n\"{{paht}}\"]}, \"response\": 1}",
        ])
        _ = tree
        let answer = store.get("/ok")
        #expect(answer.headers.filter { $0.name == "Set-Cookie" }.map(\.value) == ["a=1", "b=2"])
        #expect(answer.headerValue("X-One") == "only")
        let report = store.problemReport
        #expect(report.contains(#"single.json:1:30: error: header "Content-Type" in headers holds one value, found an array"#), "\(report)")
        #expect(report.contains(#"empty.json:1:28: error: header "Set-Cookie" in headers is an empty array"#), "\(report)")
        #expect(report.contains(#"number.json:1:36: error: header "Set-Cookie" in headers must be a string or an array of strings, found number 2"#), "\(report)")
        // Said once, as for one string, at the element it is about.
        let problems = store.problems.map { "\($0.file): \($0.message)" }
        #expect(problems.filter { $0.hasPrefix("length.json") } == ["length.json: headers must not set Content-Length: the server computes it from the body"])
        #expect(problems.filter { $0.hasPrefix("nocontent.json") } == [#"nocontent.json: status 204 answers have no body, so header "Content-Language" is not sent"#])
        #expect(report.contains(#"spaces.json:1:36: warning: header "Set-Cookie" in headers starts or ends with spaces"#), "\(report)")
        #expect(report.contains(#"placeholder.json:1:54: error: unknown placeholder {{paht.x}}"#), "at the element: \(report)")
        #expect(report.contains("twice.json:2:1: error: unknown placeholder {{paht}}") && report.contains("twice.json:3:1: error: unknown placeholder {{paht}}"),
                "each at its own element: \(report)")
    }

    /// A templated responseFile: JSON files like `response` (a whole-string placeholder keeps its
    /// type), other text like `responseText`; problems name the file; binary files are sent as
    /// they are, with a warning. It used to be sent untemplated, with a warning.
    @Test func aTemplatedResponseFileIsFilledInPerRequest() throws {
        let tree = try TemporaryFolder()
        try tree.write("__files/order.json", #"{"id": "{{path.id}}", "count": "{{query.n}}", "note": "for {{method}}"}"#)
        try tree.write("__files/order.xml", "<order id=\"{{path.id}}\"/>")
        try tree.write("__files/broken.json", #"{"id": "{{paht.id}}"}"#)
        try tree.write("__files/logo.png", bytes: [0x89, 0x50, 0xFF, 0x00])
        try tree.write("orders/{id}.json", #"[{"query": {"xml": "1"}, "template": true, "responseFile": "__files/order.xml"}, {"template": true, "responseFile": "__files/order.json"}]"#)
        try tree.write("bad/{id}.json", #"{"template": true, "responseFile": "__files/broken.json"}"#)
        try tree.write("logo/{id}.json", #"{"template": true, "responseFile": "__files/logo.png"}"#)
        let store = try tree.load()
        let json = store.get("/orders/7?n=3")
        #expect(json.text == #"{"id":"7","count":"3","note":"for GET"}"#, "a query value stays text, as in response")
        #expect(json.headerValue("Content-Type") == "application/json")
        let xml = store.get("/orders/8?xml=1")
        #expect(xml.text == #"<order id="8"/>"#)
        #expect(xml.headerValue("Content-Type") == "application/xml")
        let report = store.problemReport
        #expect(report.contains(#"bad/{id}.json:1:20: error: in responseFile "__files/broken.json" at 1:8: unknown placeholder"#), "\(report)")
        #expect(store.get("/bad/1").status == 500)
        #expect(report.contains(#"logo/{id}.json:1:20: warning: template does not apply to responseFile "__files/logo.png", which is not UTF-8 text"#), "\(report)")
        #expect(store.get("/logo/1").body == [0x89, 0x50, 0xFF, 0x00])
    }

    /// A templated responseFile's problems carry the line and column in that file (text files
    /// too), its JSON gets the checks `response` gets, and the `+json` types are JSON.
    @Test func aTemplatedResponseFileIsCheckedLikeTheKeysItStandsFor() throws {
        let tree = try TemporaryFolder()
        try tree.write("__files/bad.json", "{\n  \"id\": \"{{path.id}}\",\n}x")
        try tree.write("__files/dup.json", #"{"a": "{{method}}", "a": 2}"#)
        try tree.write("__files/unknown.txt", "line one\nid {{paht.id}}\n")
        try tree.write("__files/open.txt", "a\nb {{method\n")
        try tree.write("__files/app.webmanifest", #"{"name": "{{query.name}}"}"#)
        try tree.write("__files/plain.txt", "hello {{method}}")
        try tree.write("__files/layout.html", "<main>{{{body}}}</main><p>{{nowPlaying}}</p>")
        try tree.write("__files/bom.txt", "\u{FEFF}ab {{paht}}")
        try tree.write("__files/cr.txt", "a\rb {{paht}}")
        try tree.write("a.json", #"{"template": true, "responseFile": "__files/bad.json"}"#)
        try tree.write("b.json", #"{"template": true, "responseFile": "__files/dup.json"}"#)
        try tree.write("c.json", #"{"template": true, "responseFile": "__files/unknown.txt"}"#)
        try tree.write("d.json", #"{"template": true, "responseFile": "__files/open.txt"}"#)
        try tree.write("e.json", #"{"template": true, "responseFile": "__files/app.webmanifest"}"#)
        try tree.write("f.json", #"{"responseFile": "__files/plain.txt"}"#)
        try tree.write("g.json", #"{"template": true, "headers": {"Content-Encoding": "gzip"}, "responseFile": "__files/plain.txt"}"#)
        try tree.write("h.json", #"{"responseFile": "__files/layout.html"}"#)
        try tree.write("i.json", #"{"template": true, "responseFile": "__files/bom.txt"}"#)
        try tree.write("j.json", #"{"template": true, "responseFile": "__files/cr.txt"}"#)
        let store = try tree.load()
        let report = store.problemReport
        for expected in [
            #"a.json:1:20: error: responseFile "__files/bad.json" is not valid JSON at 3:2: unexpected 'x' after the end of the JSON value"#,
            #"b.json:1:20: warning: in responseFile "__files/dup.json" at 1:21: duplicate key "a" (first at 1:2); the last value wins"#,
            #"c.json:1:20: error: in responseFile "__files/unknown.txt" at 2:4: unknown placeholder {{paht.id}}"#,
            #"d.json:1:20: error: in responseFile "__files/open.txt" at 2:3: "{{" is never closed by "}}". Close it, or write \{{ for a literal "{{""#,
            #"f.json:1:2: warning: responseFile "__files/plain.txt" holds what looks like a {{placeholder}}, but the entry has no "template": true"#,
            #"g.json:1:32: error: header "Content-Encoding: gzip" says the body is encoded, but "responseFile" is sent as rendered from its template"#,
            #"i.json:1:20: error: in responseFile "__files/bom.txt" at 1:4: unknown placeholder {{paht}}"#,
            #"j.json:1:20: error: in responseFile "__files/cr.txt" at 2:3: unknown placeholder {{paht}}"#,
        ] {
            #expect(report.contains(expected), "\(expected)\n\(report)")
        }
        #expect(!report.contains("h.json"), "a Handlebars page's {{{body}}} and {{nowPlaying}} are not ours: no warning")
        let manifest = store.get(#"/e?name=a%22b"#)
        #expect(manifest.text == #"{"name":"a\"b"}"#, "a +json file is JSON: the quote is escaped")
        #expect(manifest.headerValue("Content-Type") == "application/manifest+json")
    }

    @Test func responseFileSendsTheFilesBytesWithATypeFromItsExtension() throws {
        let tree = try TemporaryFolder()
        let pdf: [UInt8] = Array("%PDF-1.4\n".utf8) + [0, 0xFF, 0x80, 0x0A]
        try tree.write("files/report.pdf", bytes: pdf)
        try tree.write("payloads/big-list.json", #"{"count": 2, "results": [1, 2]}"#)
        try tree.write("reports.json", #"""
        [{"responseFile": "files/report.pdf"},
         {"method": "POST", "responseFile": "files/report.pdf", "headers": {"Content-Type": "application/octet-stream"}},
         {"method": "PUT", "responseFile": "payloads/big-list.json"}]
        """#)
        let store = try tree.load()
        #expect(store.problems.isEmpty, "\(store.problems)")
        let report = store.get("/reports")
        #expect(report.body == pdf)
        #expect(report.headerValue("Content-Type") == "application/pdf")
        #expect(store.send("POST", "/reports", body: "").headerValue("Content-Type") == "application/octet-stream")
        let list = store.send("PUT", "/reports", body: "")
        #expect(list.text == #"{"count": 2, "results": [1, 2]}"#, "sent byte for byte, not re-serialized")
        #expect(list.headerValue("Content-Type") == "application/json")
        #expect(store.get("/files/report.pdf").status == 404, "a response body is not also served at its own path")
        #expect(store.get("/payloads/big-list").status == 404, "nor read as fixture entries")
        #expect(store.counts.staticFiles == 0)
        #expect(store.counts.fixtureFiles == 1)
    }

    @Test func onlyFilesNamedByServedFixturesStopBeingRoutes() throws {
        let (store, tree) = try loadTree([
            "a.json": #"[{"responseFile": "b.json"}]"#,
            "b.json": #"[{"responseFile": "a.json"}]"#,
            "self.json": #"[{"responseFile": "self.json"}]"#,
            "main.json": #"[{"responseFile": "body.json"}]"#,
            "body.json": #"{"not": "entries"}"#,
        ])
        _ = tree
        #expect(store.get("/a").text == #"[{"responseFile": "a.json"}]"#, "a cycle hides neither file")
        #expect(store.get("/b").text == #"[{"responseFile": "b.json"}]"#)
        #expect(store.get("/self").text == #"[{"responseFile": "self.json"}]"#, "naming itself does not hide a file")
        #expect(store.get("/main").text == #"{"not": "entries"}"#)
        #expect(store.get("/body").status == 404)
        #expect(store.problems.isEmpty, "a body is not checked as entries: \(store.problems)")
    }

    @Test func responseFileMustBeARegularFileInsideTheRoot() throws {
        let outside = try TemporaryFolder()
        try outside.write("secret.txt", "secret")
        let tree = try TemporaryFolder()
        try tree.write("big.bin", bytes: [UInt8](repeating: 7, count: 2_000))
        try tree.symlink("escape.txt", to: outside.path("secret.txt"))
        try tree.makeDirectory("folder")
        try tree.write(".hidden/x.txt", "x")
        try tree.write("r.json", #"""
        [{"responseFile": "/etc/passwd"},
         {"responseFile": "../secret.txt"},
         {"responseFile": "escape.txt"},
         {"responseFile": "missing.txt"},
         {"responseFile": "folder"},
         {"responseFile": ".hidden/x.txt"},
         {"responseFile": "big.bin"},
         {"responseFile": 5}]
        """#)
        var options = FixtureLoadOptions()
        options.maxStaticFileBytes = 1_000
        let store = try tree.load(options: options)
        let errors = store.problems.filter { $0.severity == .error }
        #expect(errors.map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8], "\(errors)")
        #expect(errors.allSatisfy { $0.column == 19 }, "positions point at the value: \(errors)")
        let messages = errors.map(\.message)
        #expect(messages[0] == #"responseFile "/etc/passwd" is absolute; it must be relative to the fixture root"#)
        #expect(messages[1].contains("has an empty, '.' or '..' segment"))
        #expect(messages[2].contains("outside the fixture root"))
        #expect(messages[3] == #"responseFile "missing.txt" does not exist (or a symlink on the way dangles)"#)
        #expect(messages[4] == #"responseFile "folder" is a folder, not a regular file"#)
        #expect(messages[5].contains("is hidden"))
        #expect(messages[6] == #"responseFile "big.bin" is 2000 bytes, over the limit of 1000"#)
        #expect(messages[7] == "responseFile must be a string, found number 5")
        #expect(store.get("/r").status == 500)
        #expect(store.get("/escape.txt").status == 404, "the symlink out of the root is not served either")
    }

    @Test func responseFileNamedPipesAreRefusedWithoutBlocking() throws {
        let tree = try TemporaryFolder()
        #expect(mkfifo(tree.path("pipe.bin"), 0o600) == 0)
        try tree.write("p.json", #"[{"responseFile": "pipe.bin"}]"#)
        let store = try tree.load()
        #expect(store.problems.contains { $0.severity == .error && $0.message == #"responseFile "pipe.bin" is a named pipe (FIFO), not a regular file"# },
                "\(store.problems)")
    }

    @Test func oneBodyPerEntry() throws {
        let (store, tree) = try loadTree(["x.json": #"[{"response": {"a": 1}, "responseText": "a", "responseFile": "x.json"}]"#])
        _ = tree
        let errors = store.problems.filter { $0.severity == .error }
        #expect(errors.map(\.message) == [
            #""responseText" and "response" (at 1:3) are both set, but an entry sends one body"#,
            #""responseFile" and "response" (at 1:3) are both set, but an entry sends one body"#,
        ])
        #expect(errors.map(\.column) == [25, 46])
        #expect(errors.first?.hint == "keep one of response, responseText, responseFile and responseBase64")
    }

    @Test func bodylessStatusesDropTextAndFilesToo() throws {
        let (store, tree) = try loadTree(["d.json": #"[{"method": "DELETE", "status": 204, "responseText": "gone"}]"#])
        _ = tree
        #expect(store.problems.map(\.message) == [#"status 204 answers never carry a body, so "responseText" is not sent"#])
        let answer = store.send("DELETE", "/d", body: "")
        #expect(answer.body.isEmpty)
        #expect(answer.headers.isEmpty)
    }

    @Test func runtimeFixturesReadFilesFromTheRoot() throws {
        let fixture = try EngineFixture(["files/a.csv": "a,b\n1,2\n"])
        let created = fixture.postJSON("/__admin/fixtures", #"{"path": "/export", "entries": [{"responseFile": "files/a.csv"}]}"#)
        #expect(created.status == 201, "\(created.text)")
        let answer = fixture.get("/export")
        #expect(answer.text == "a,b\n1,2\n")
        #expect(answer.headerValue("Content-Type") == "text/csv; charset=utf-8")
        let missing = fixture.postJSON("/__admin/fixtures", #"{"path": "/export", "entries": [{"responseFile": "files/b.csv"}]}"#)
        #expect(missing.status == 400)
        #expect(try missing.jsonObject()["problems"] as? [String] == [#"1:50: error: responseFile "files/b.csv" does not exist (or a symlink on the way dangles). Create it under the fixture root \#(fixture.tree.path), or fix the path"#])
    }
}
