import Foundation
import MockFixtures
import MockRecorder
import MockUpstream
import Testing

/// What one recorded exchange becomes: file, keys, headers, and the same answer when replayed.
@Suite struct RecorderEntryTests {
    @Test func recordsAJSONAnswerToAQueryAndReplaysIt() throws {
        let harness = try RecordingHarness()
        let outcome = try harness.record("GET", "/api/people?page=2&tag=a&tag=b&q=luke+sky", headers: [
            "Content-Type": "application/json; charset=utf-8", "Date": "Mon, 23 Nov 2026 10:00:00 GMT", "Server": "nginx",
            "Set-Cookie": "session=1", "Content-Length": "60", "Connection": "keep-alive", "Transfer-Encoding": "chunked",
            "etag": "\"abc\"", "cache-control": "max-age=60", "x-request-id": "r-1", "Vary": "Accept-Encoding",
        ], json: #"{"count": 82, "next": 3.50, "results": [{"name": "Han"}]}"#)
        #expect(outcome.action == .added)
        #expect(outcome.file == "api/people.json" && outcome.entry == 0)
        #expect(outcome.description == "GET /api/people?page=2&tag=a&tag=b&q=luke+sky 200 → api/people.json entry 0 (added)")
        #expect(try harness.root.text("api/people.json") == """
            [
              {
                "method": "GET",
                "status": 200,
                "request": {
                  "page": "2",
                  "tag": [
                    "a",
                    "b"
                  ],
                  "q": "luke sky"
                },
                "headers": {
                  "Set-Cookie": "session=1",
                  "Cache-Control": "max-age=60",
                  "ETag": "\\"abc\\"",
                  "X-Request-Id": "r-1"
                },
                "response": {
                  "count": 82,
                  "next": 3.50,
                  "results": [
                    {
                      "name": "Han"
                    }
                  ]
                }
              }
            ]

            """)
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/people?tag=b&tag=a&q=luke%20sky&page=2"))
            #expect(answer.status == 200)
            #expect(sameJSON(answer.body, #"{"count": 82, "next": 3.5, "results": [{"name": "Han"}]}"#))
            #expect(answer.header("ETag") == "\"abc\"")
            #expect(answer.header("X-Request-Id") == "r-1")
            #expect(answer.header("Set-Cookie") == "session=1" && answer.header("Server") == nil)
            let other = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/people?page=3"))
            #expect(other.status == 404, "the recorded entry answers only its own query")
        }
    }

    @Test func aBodylessRequestWithoutQueryBecomesAWildcard() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/api/ping/", json: #"{"pong": true}"#)
        let entry = try #require(try harness.entries("api/ping.json").first)
        #expect(entry["request"] == nil)
        let status = try harness.replay { client, url in
            try client.forward(UpstreamRequest(method: "GET", url: url + "/api/ping?anything=1")).status
        }
        #expect(status == 200)
    }

    /// A body-less POST is told apart by its query in `request`, which entries read from the
    /// query; OData names (`$top`) load and replay, with and without a body (`query` is written
    /// as it is: wrapped in `$equals` it did not load).
    @Test func aBodylessPostAndODataQueriesReplay() throws {
        let harness = try RecordingHarness()
        try harness.record("POST", "/api/sessions/end?all=1", status: 204, body: [])
        try harness.record("POST", "/odata/people?$top=10", status: 204, body: [])
        try harness.record("POST", "/odata/orders?$top=5", requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"a": 1}"#,
                           status: 201, body: [])
        let entry = try #require(try harness.entries("api/sessions/end.json").first)
        #expect(entry["request"] == .makeObject([("all", .string("1"))]))
        #expect(entry["query"] == nil)
        #expect(try harness.entries("odata/orders.json").first?["query"] == .makeObject([("$top", .string("5"))]))
        let statuses = try harness.replay { client, url in
            let json = [HTTPHeader(name: "Content-Type", value: "application/json")]
            return try [
                client.forward(UpstreamRequest(method: "POST", url: url + "/api/sessions/end?all=1")).status,
                client.forward(UpstreamRequest(method: "POST", url: url + "/api/sessions/end?all=2")).status,
                client.forward(UpstreamRequest(method: "POST", url: url + "/odata/people?$top=10")).status,
                client.forward(UpstreamRequest(method: "POST", url: url + "/odata/orders?$top=5", headers: json, body: Array(#"{"a":1}"#.utf8))).status,
            ]
        }
        #expect(statuses == [204, 404, 204, 201])
    }

    @Test func recordsJSONAndFormBodiesAsTheRequest() throws {
        let harness = try RecordingHarness()
        try harness.record("POST", "/api/people?draft=1", requestHeaders: ["Content-Type": "application/json"],
                           requestBody: #"{"name": "Rey", "tags": [1, 2]}"#, status: 201, headers: ["Content-Type": "application/json", "Location": "/api/people/83"],
                           json: #"{"id": 83}"#)
        try harness.record("POST", "/api/login", requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                           requestBody: "user=luke&scope=a&scope=b", json: #"{"token": "t"}"#)
        let created = try #require(try harness.entries("api/people.json").first)
        #expect(created["request"] == (try JSONParser.parse(#"{"name": "Rey", "tags": [1, 2]}"#).root.value))
        #expect(created["query"] == (try JSONParser.parse(#"{"draft": "1"}"#).root.value), "a request with a body keeps its query too")
        #expect(created["headers"]?["Location"]?.stringValue == "/api/people/83")
        let login = try #require(try harness.entries("api/login.json").first)
        #expect(login["request"] == (try JSONParser.parse(#"{"user": "luke", "scope": ["a", "b"]}"#).root.value))
        try harness.replay { client, url in
            let json = [HTTPHeader(name: "Content-Type", value: "application/json")]
            let answer = try client.forward(UpstreamRequest(method: "POST", url: url + "/api/people?draft=1", headers: json, body: Array(#"{"tags":[1,2],"name":"Rey"}"#.utf8)))
            #expect(answer.status == 201 && answer.header("Location") == "/api/people/83")
            #expect(sameJSON(answer.body, #"{"id": 83}"#))
            let form = [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")]
            let token = try client.forward(UpstreamRequest(method: "POST", url: url + "/api/login", headers: form, body: Array("scope=b&user=luke&scope=a".utf8)))
            #expect(token.status == 200 && sameJSON(token.body, #"{"token": "t"}"#))
        }
    }

    /// A body or query holding keys that start with `$` is written inside `{"$equals": …}`, which
    /// the loader takes literally; written as is, it would be read as a matcher.
    @Test func keysStartingWithADollarAreRecordedLiterally() throws {
        let harness = try RecordingHarness()
        let json = ["Content-Type": "application/json"]
        try harness.record("POST", "/api/update", requestHeaders: json, requestBody: #"{"$set": {"name": "x"}}"#, json: #"{"ok": 1}"#)
        try harness.record("POST", "/api/search", requestHeaders: json, requestBody: #"{"filter": {"$regex": "^a"}}"#, json: #"{"ok": 2}"#)
        try harness.record("GET", "/api/odata?$top=10&$filter=name", json: #"{"ok": 3}"#)
        // A repeat of the same request replaces its entry rather than adding a second.
        let repeated = try harness.record("GET", "/api/odata?$filter=name&$top=10", json: #"{"ok": 4}"#)
        #expect(repeated.action == .replaced)
        #expect(try harness.entries("api/update.json").first?["request"] == (try JSONParser.parse(#"{"$equals": {"$set": {"name": "x"}}}"#).root.value))
        try harness.replay { client, url in
            let jsonHeader = [HTTPHeader(name: "Content-Type", value: "application/json")]
            let update = try client.forward(UpstreamRequest(method: "POST", url: url + "/api/update", headers: jsonHeader, body: Array(#"{"$set":{"name":"x"}}"#.utf8)))
            #expect(update.status == 200 && sameJSON(update.body, #"{"ok": 1}"#))
            let search = try client.forward(UpstreamRequest(method: "POST", url: url + "/api/search", headers: jsonHeader, body: Array(#"{"filter":{"$regex":"^a"}}"#.utf8)))
            #expect(search.status == 200, "the recorded body itself matches")
            let other = try client.forward(UpstreamRequest(method: "POST", url: url + "/api/search", headers: jsonHeader, body: Array(#"{"filter":"abc"}"#.utf8)))
            #expect(other.status == 404, "and is not read as a regular expression")
            let odata = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/odata?%24top=10&%24filter=name"))
            #expect(odata.status == 200 && sameJSON(odata.body, #"{"ok": 4}"#))
        }
    }

    /// A JSON `null` answer replays as `null`: `"response": null` would be no body at all.
    @Test func aJSONNullAnswerReplaysAsNull() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/api/nothing", json: "null")
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/nothing"))
            #expect(answer.status == 200)
            #expect(answer.body == Array("null".utf8))
            #expect(answer.header("Content-Type") == "application/json")
        }
    }

    /// A body with a key given twice replays byte for byte: as a value it would keep the last
    /// one only. Unless a redacted key is in it: the secret is not written.
    @Test func aJSONAnswerWithARepeatedKeyReplaysAsSentUnlessItHoldsARedactedKey() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["token"]))
        try harness.record("GET", "/api/twice", json: #"{"a":1,"a":2}"#)
        try harness.record("GET", "/api/secret", json: #"{"a":1,"a":2,"token":"s3cret"}"#)
        #expect(try harness.entries("api/twice.json").first?["responseText"] == .string(#"{"a":1,"a":2}"#))
        try harness.replay { client, url in
            let twice = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/twice"))
            #expect(twice.body == Array(#"{"a":1,"a":2}"#.utf8))
            #expect(twice.header("Content-Type") == "application/json")
            let secret = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/secret"))
            #expect(sameJSON(secret.body, #"{"a": 2, "token": "REDACTED"}"#), "\(String(decoding: secret.body, as: UTF8.self))")
        }
    }

    @Test func recordsMultipartFieldsAndFileParts() throws {
        let harness = try RecordingHarness()
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nPortrait\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"luke.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--XyZ--\r\n"
        try harness.record("POST", "/api/uploads", requestHeaders: ["Content-Type": "multipart/form-data; boundary=XyZ"], requestBody: body,
                           status: 201, json: #"{"id": "upload-1"}"#)
        let entry = try #require(try harness.entries("api/uploads.json").first)
        #expect(entry["request"] == (try JSONParser.parse(#"{"title": "Portrait", "avatar": {"filename": "luke.png", "contentType": "image/png"}}"#).root.value))
        _ = try harness.loadCleanly()
    }

    @Test func aBodyFixturesCannotMatchOnMakesAWildcardWithANote() throws {
        let harness = try RecordingHarness()
        let outcome = try harness.record("PUT", "/api/notes/1", requestHeaders: ["Content-Type": "text/plain"], requestBody: "plain words",
                                         status: 204, headers: [:], body: [])
        #expect(outcome.notes.count == 1)
        #expect(outcome.notes.first?.contains("text/plain") == true)
        let entry = try #require(try harness.entries("api/notes/1.json").first)
        #expect(entry["request"] == nil && entry["response"] == nil)
        #expect(entry["status"] == .number(JSONNumber(204)))
        _ = try harness.loadCleanly()
    }

    @Test func redactsKeysAtAnyDepthInRequestsAndResponses() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["token", "password"]))
        try harness.record("POST", "/api/login", requestHeaders: ["Content-Type": "application/json"],
                           requestBody: #"{"user": "luke", "password": "hunter2"}"#,
                           json: #"{"token": "secret-1", "user": {"name": "Luke", "sessions": [{"token": "secret-2", "id": 1}]}}"#)
        let text = try harness.root.text("api/login.json")
        #expect(!text.contains("hunter2") && !text.contains("secret-1") && !text.contains("secret-2"))
        let entry = try #require(try harness.entries("api/login.json").first)
        #expect(entry["request"]?["password"] == .makeObject([("$any", .bool(true))]), "any password matches on replay")
        #expect(entry["request"]?["user"]?.stringValue == "luke")
        #expect(entry["response"]?["token"]?.stringValue == "REDACTED")
        #expect(entry["response"]?["user"]?["name"]?.stringValue == "Luke")
        #expect(text.contains(#""token": "REDACTED","#) && text.contains(#""id": 1"#))
        _ = try harness.loadCleanly()
    }

    /// Redacted names ignore case, and cover the response headers a recording keeps.
    /// An OAuth redirect hands the token on in its Location's query.
    @Test func redactionCoversTheQueryOfARecordedLocation() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["token"]))
        try harness.record("GET", "/authorize", status: 302, headers: ["Location": "https://app.example/cb?Token=sekrit-1&state=s1#done"], body: [])
        #expect(try harness.entries("authorize.json").first?["headers"]?["Location"]?.stringValue == "https://app.example/cb?Token=REDACTED&state=s1#done")
        #expect(!(try harness.root.text("authorize.json")).contains("sekrit"))
    }

    /// A key with a value after it is redacted inside any kept header: the OAuth implicit flow's
    /// Location fragment, a `Link` URL, an auth parameter, JSON in an `X-` header (audit P2:
    /// all were written as sent, while the same text keeps a body from being recorded at all).
    @Test func redactionCoversKeyedValuesInsideHeaderValues() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["token", "access_token"]))
        try harness.record("GET", "/implicit", status: 302, headers: [
            "Location": "https://app.example/cb#access_token=S3-frag&token_type=bearer&state=s1",
            "Link": #"<https://api.example/items?cursor=2&access_token=S3-link>; rel="next""#,
            "X-Next-Page": "/items?page=2&token=S3-next",
            "WWW-Authenticate": #"Bearer realm="api", error="invalid_token", token="S3-w\"ww""#,
            "X-Session": #"{"token": "S3-json", "user": "luke"}"#,
            "X-Escaped": #"{\"token\":\"S3-esc\",\"user\":\"luke\"}"#,
            "X-Note": "rotate your token soon",
        ], body: [])
        let text = try harness.root.text("implicit.json")
        #expect(!text.contains("S3-"), "\(text)")
        let headers = try #require(try harness.entries("implicit.json").first?["headers"])
        #expect(headers["Location"]?.stringValue == "https://app.example/cb#access_token=REDACTED&token_type=bearer&state=s1")
        #expect(headers["Link"]?.stringValue == #"<https://api.example/items?cursor=2&access_token=REDACTED>; rel="next""#)
        #expect(headers["X-Next-Page"]?.stringValue == "/items?page=2&token=REDACTED")
        #expect(headers["WWW-Authenticate"]?.stringValue == #"Bearer realm="api", error="invalid_token", token="REDACTED""#)
        #expect(headers["X-Session"]?.stringValue == #"{"token": "REDACTED", "user": "luke"}"#)
        #expect(headers["X-Escaped"]?.stringValue == #"{\"token\":\"REDACTED\",\"user\":\"luke\"}"#, "JSON escaped once more")
        #expect(headers["X-Note"]?.stringValue == "rotate your token soon", "a word without a value after it is not a secret")
        _ = try harness.loadCleanly()
    }

    /// Each `Set-Cookie` line is kept, as an array when there are several (a login flow replays
    /// its session); `--redact` names a cookie whose value is a secret.
    @Test func setCookieLinesAreRecordedAsAnArray() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["session"]))
        let outcome = try harness.recorder.record(RecordedExchange(
            method: "POST", target: "/login", requestHeaders: [], requestBody: [], status: 204,
            responseHeaders: [HTTPHeader(name: "Set-Cookie", value: "session=S3cret; Path=/; HttpOnly"),
                              HTTPHeader(name: "set-cookie", value: "theme=dark; Expires=Wed, 09 Jun 2027 10:18:14 GMT")],
            responseBody: []))
        #expect(outcome.action == .added)
        #expect(try harness.entries("login.json").first?["headers"]?["Set-Cookie"]
            == .makeArray([.string("session=REDACTED; Path=/; HttpOnly"), .string("theme=dark; Expires=Wed, 09 Jun 2027 10:18:14 GMT")]))
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "POST", url: url + "/login"))
            #expect(answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
                == ["session=REDACTED; Path=/; HttpOnly", "theme=dark; Expires=Wed, 09 Jun 2027 10:18:14 GMT"])
        }
    }

    /// A recorded answer holding what reads as our placeholder is written with `"template":
    /// false`, so it loads without the forgotten-template warning and is sent as the API sent it.
    @Test func anAnswerHoldingOurPlaceholdersIsWrittenAsLiteral() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/mail", headers: ["Content-Type": "application/json", "X-Tpl": "{{uuid}}"],
                           json: #"{"subject": "Your code expires {{now+1h}}"}"#)
        try harness.record("GET", "/plain", json: #"{"subject": "no braces"}"#)
        #expect(try harness.entries("mail.json").first?["template"] == .bool(false))
        #expect(try harness.entries("plain.json").first?["template"] == nil)
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/mail"))
            #expect(sameJSON(answer.body, #"{"subject": "Your code expires {{now+1h}}"}"#))
            #expect(answer.header("X-Tpl") == "{{uuid}}")
        }
    }

    /// JSON with a trailing comma, which the fixture parser accepts, is kept as it came: as a value
    /// it would replay other JSON than the API sent (audit P2).
    @Test func aJSONAnswerWithATrailingCommaReplaysAsSent() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/comma", json: #"{"a": 1,}"#)
        #expect(try harness.entries("comma.json").first?["responseText"] == .string(#"{"a": 1,}"#))
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/comma"))
            #expect(answer.body == Array(#"{"a": 1,}"#.utf8))
        }
    }

    /// A fixture's method means the upper-case one, so a recorded `patch` could never answer the
    /// `patch` sent again: it is not recorded, and the reason says what to do (audit P2).
    @Test func aLowerCaseMethodIsNotRecorded() throws {
        let harness = try RecordingHarness()
        let outcome = try harness.record("patch", "/lower", json: #"{"a": 1}"#)
        #expect(outcome.action == .skipped)
        #expect(outcome.description.contains("the method patch is not upper-case, and a fixture answers only PATCH"), "\(outcome.description)")
        #expect(!FileManager.default.fileExists(atPath: harness.root.path + "/lower.json"))
    }

    @Test func redactionIgnoresCaseAndCoversResponseHeaders() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["token", "x-api-key"]))
        try harness.record("POST", "/api/session", requestHeaders: ["Content-Type": "application/json"],
                           requestBody: #"{"Token": "request-secret"}"#,
                           headers: ["Content-Type": "application/json", "X-Api-Key": "header-secret", "X-Trace": "t-1"],
                           json: #"{"TOKEN": "answer-secret"}"#)
        let text = try harness.root.text("api/session.json")
        for secret in ["request-secret", "header-secret", "answer-secret"] {
            #expect(!text.contains(secret), "\(secret) was written: \(text)")
        }
        let entry = try #require(try harness.entries("api/session.json").first)
        #expect(entry["headers"]?["X-Api-Key"]?.stringValue == "REDACTED")
        #expect(entry["headers"]?["X-Trace"]?.stringValue == "t-1")
        _ = try harness.loadCleanly()
    }

    /// JSON under another declared type is still searched for redacted keys; a body that names
    /// one but cannot be rewritten (broken JSON, plain text) is not written at all.
    @Test func redactsJSONWhateverItsDeclaredTypeAndSkipsBodiesItCannotRedact() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["token"]))
        let asText = try harness.record("GET", "/textjson", headers: ["Content-Type": "text/plain"], body: Array(#"{"token": "sekrit-1", "a": 1}"#.utf8))
        #expect(asText.action == .added)
        let entry = try #require(try harness.entries("textjson.json").first)
        #expect(entry["response"]?["token"]?.stringValue == "REDACTED")
        #expect(entry["headers"]?["Content-Type"]?.stringValue == "text/plain", "the declared type is kept")
        let octets = try harness.record("GET", "/octets", headers: ["Content-Type": "application/octet-stream"],
                                        body: Array(#"[{"Token": "sekrit-2"}]"#.utf8))
        #expect(octets.action == .added)

        for (path, type, body) in [
            ("/jsonbad", "application/json", #"{"token":"sekrit-3", oops}"#),
            ("/yaml", "application/yaml", "token: sekrit-4\n"),
            ("/xml", "application/xml", "<session><token>sekrit-5</token></session>"),
            ("/latin1", "text/plain; charset=iso-8859-1", "caf\u{E9} token=sekrit-6"),
            ("/csv", "text/csv", "user,token\nbob,sekrit-7\n"),
            ("/table", "text/markdown", "| user | Token |\n|---|---|\n| bob | sekrit-8 |\n"),
            ("/nested", "application/json", #"{"payload": "{\"token\":\"sekrit-9\"}", "ok": true}"#),
            ("/nestedform", "application/json", #"{"data": "token=sekrit-10&x=1"}"#),
        ] {
            let bytes = path == "/latin1" ? Array("caf".utf8) + [0xE9] + Array(" token=sekrit-6".utf8) : Array(body.utf8)
            let outcome = try harness.record("GET", path, headers: ["Content-Type": type], body: bytes)
            #expect(outcome.action == .skipped, "\(path)")
            #expect(outcome.reason?.hasPrefix("the answer's body names 'token', a --redact key, where redaction cannot rewrite it") == true, "\(outcome)")
        }
        // JSON strings that hold a document: a CSV, a form with an encoded key, JSON escaped twice.
        for (path, json) in [
            ("/incsv", #"{"export": "user,token\nbob,sekrit-12\n"}"#),
            ("/inform", #"{"data": "%74oken=sekrit-13&x=1"}"#),
            ("/inescaped", #"{"outer": "{\\\"token\\\":\\\"sekrit-14\\\"}"}"#),
            ("/inunicode", #"{"p": "{\"tok\\u0065n\": \"sekrit-16\"}"}"#),
            ("/innewline", #"{"p": "\n\t{\"tok\\u0065n\": \"sekrit-17\"}"}"#),
            ("/inquotedcsv", #"{"export": "\"user\",\"token\"\nbob,sekrit-18\n"}"#),
        ] {
            let outcome = try harness.record("GET", path, json: json)
            #expect(outcome.action == .skipped, "\(path): \(outcome)")
        }
        // UTF-16 and UTF-32 cannot be searched byte by byte: not written either, whether the
        // charset says so (in any spelling) or a byte order mark or NUL bytes do.
        let big = Array(#"{"token":"sekrit-11"}"#.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let little = Array("token=sekrit-15".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for (path, type, bytes, encoding) in [
            ("/utf16", "application/json; charset=utf-16", big, "UTF-16"),
            ("/utf16alias", "application/json; charset=utf16", big, "UTF-16"),
            ("/utf16le", "text/plain", little, "UTF-16"),
            ("/bom", "application/octet-stream", [0xFF, 0xFE] + little, "UTF-16"),
        ] {
            let outcome = try harness.record("GET", path, headers: ["Content-Type": type], body: bytes)
            #expect(outcome.action == .skipped, "\(path)")
            #expect(outcome.reason?.hasPrefix("the answer's body is text in \(encoding), which --redact cannot search") == true, "\(outcome)")
        }
        // Text without the key, and a key inside a longer name, are recorded as they came; so is
        // JSON whose strings only mention the word.
        let prose = try harness.record("GET", "/prose", headers: ["Content-Type": "text/plain"], body: Array("Send your tokens in a header.".utf8))
        #expect(prose.action == .added)
        let message = try harness.record("GET", "/message", json: #"{"error": "invalid token", "type": "token"}"#)
        #expect(message.action == .added)
        for (path, json) in [
            ("/lines", #"{"body": "To rotate your token,\nopen Settings."}"#),
            ("/list", #"{"body": "Sign in with a password, token, or passkey.\nThen go on."}"#),
            ("/words", #"{"labels": "Username\nToken\nRemember me"}"#),
        ] {
            #expect(try harness.record("GET", path, json: json).action == .added, "\(path): prose over several lines is not a table")
        }
        // Binary bodies have NUL bytes: an octet stream or an undeclared body is not UTF-16.
        let zip = try harness.record("GET", "/archive", headers: ["Content-Type": "application/octet-stream"],
                                     body: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00])
        #expect(zip.action == .added, "\(zip)")
        let undeclared = try harness.record("GET", "/blob", headers: [:], body: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])
        #expect(undeclared.action == .added, "\(undeclared)")
        // A binary type is not searched: its bytes may spell a short key by chance.
        let image = try harness.record("GET", "/logo.png", headers: ["Content-Type": "image/png"], body: [0x89] + Array("PNG token=x".utf8))
        #expect(image.action == .added)

        let text = try harness.root.text("textjson.json") + harness.root.text("octets.json")
        #expect(!text.contains("sekrit"))
        for file in ["jsonbad.json", "yaml.json", "xml.json", "latin1.json", "csv.json", "table.json", "nested.json", "nestedform.json",
                     "incsv.json", "inform.json", "inescaped.json", "inunicode.json", "innewline.json", "inquotedcsv.json",
                     "utf16.json", "utf16alias.json", "utf16le.json", "bom.json"] {
            #expect(!FileManager.default.fileExists(atPath: harness.root.path + "/" + file), "\(file) was written")
        }
        _ = try harness.loadCleanly()
    }

    /// An OAuth token endpoint may answer with a form: its named fields are redacted, the rest
    /// kept byte for byte.
    @Test func redactsTheFieldsOfAFormAnswer() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["access_token"]))
        let outcome = try harness.record("POST", "/oauth/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                         body: Array("access%5Ftoken=gho_sekrit&scope=repo%2Cuser&token_type=bearer".utf8))
        #expect(outcome.action == .added)
        let entry = try #require(try harness.entries("oauth/token.json").first)
        #expect(entry["responseText"]?.stringValue == "access%5Ftoken=REDACTED&scope=repo%2Cuser&token_type=bearer")
        #expect(entry["headers"]?["Content-Type"]?.stringValue == "application/x-www-form-urlencoded")
        _ = try harness.loadCleanly()
    }

    /// `/items` → 301 `/items/` (Django's APPEND_SLASH): both paths are one entry of items.json,
    /// so the redirect is not recorded and never replaces the answer at the slashed path.
    @Test func skipsARedirectTheSameEntryWouldAnswer() throws {
        let harness = try RecordingHarness()
        let redirect = try harness.record("GET", "/api/items", status: 301, headers: ["Location": "/api/items/"], body: [])
        #expect(redirect.action == .skipped)
        #expect(redirect.reason?.hasPrefix("its Location /api/items/ is answered by the same entry of api/items.json") == true, "\(redirect)")
        #expect(try harness.record("GET", "/api/items/", json: "[1]").action == .added)
        #expect(try harness.record("GET", "/api/items", status: 308, headers: ["Location": "items/"], body: []).action == .skipped,
                "a relative Location is resolved against the request's folder")
        #expect(try harness.entries("api/items.json").count == 1)
        // Dot segments that come back to the same path.
        #expect(try harness.record("GET", "/r/c", status: 301, headers: ["Location": "./c/"], body: []).action == .skipped)
        #expect(try harness.record("GET", "/r/d/e", status: 301, headers: ["Location": "../d/e/"], body: []).action == .skipped)
        #expect(FixtureRecorder.resolve("../x/./y/", against: "/a/b/c") == "/a/x/y/")
        #expect(FixtureRecorder.resolve("?q=1", against: "/a/b") == "/a/b?q=1")
        // Another query, another entry; a 303 after a POST is followed with GET; an absolute
        // Location names the real API.
        #expect(try harness.record("GET", "/api/items/?page=1", status: 302, headers: ["Location": "/api/items/?page=2"], body: []).action == .added)
        #expect(try harness.record("POST", "/api/items/", status: 303, headers: ["Location": "/api/items/"], body: []).action == .added)
        #expect(try harness.record("GET", "/api/old", status: 301, headers: ["Location": "https://api.example.com/api/old/"], body: []).action == .added)
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/api/items"))
            #expect(answer.status == 200 && answer.body == Array("[1]".utf8))
        }
    }

    /// A Location that adds a parameter is a step of a flow (`/login` → `?step=2`): recorded,
    /// with the added parameter asked to be absent, so the replayed redirect never answers its
    /// own Location, whether the answer there is recorded (200) or not (404, no loop).
    @Test func recordsARedirectThatAddsAParameterSoThatItNeverAnswersItsLocation() throws {
        let harness = try RecordingHarness()
        #expect(try harness.record("GET", "/login", status: 302, headers: ["Location": "/login?step=2"], body: []).action == .added)
        #expect(try harness.record("GET", "/search?q=x", status: 302, headers: ["Location": "?q=x&page=1"], body: []).action == .added)
        let entry = try #require(try harness.entries("login.json").first)
        #expect(entry["request"] == .makeObject([("step", .makeObject([("$absent", .bool(true))]))]))
        try harness.replay { client, url in
            let first = try client.forward(UpstreamRequest(method: "GET", url: url + "/login"))
            #expect(first.status == 302 && first.header("Location") == "/login?step=2")
            let second = try client.forward(UpstreamRequest(method: "GET", url: url + "/login?step=2"))
            #expect(second.status == 404, "not a loop")
            let search = try client.forward(UpstreamRequest(method: "GET", url: url + "/search?q=x"))
            #expect(search.status == 302)
            let page = try client.forward(UpstreamRequest(method: "GET", url: url + "/search?q=x&page=1"))
            #expect(page.status == 404)
        }
        // A POST redirected with its body (307) has its query asked for in `query`, with the
        // added parameter absent; OData names (`$skip`) are matched literally, without matchers.
        #expect(try harness.record("POST", "/forms?id=1", requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"a": 1}"#,
                                   status: 307, headers: ["Location": "/forms?id=1&step=2"], body: []).action == .added)
        let post = try #require(try harness.entries("forms.json").first)
        #expect(post["query"] == .makeObject([("id", .string("1")), ("step", .makeObject([("$absent", .bool(true))]))]))
        #expect(try harness.record("GET", "/odata?$top=10", status: 302, headers: ["Location": "?$top=10&$skip=10"], body: []).action == .added)
        #expect(try harness.entries("odata.json").first?["request"] == .makeObject([("$equals", .makeObject([("$top", .string("10"))]))]))
        // Recording the same redirect again replaces its entry; the answer it leads to is added.
        #expect(try harness.record("GET", "/login", status: 302, headers: ["Location": "/login?step=2"], body: []).action == .replaced)
        #expect(try harness.record("GET", "/login?step=2", json: #"{"step": 2}"#).action == .added)
        try harness.replay { client, url in
            let first = try client.forward(UpstreamRequest(method: "GET", url: url + "/login"))
            #expect(first.status == 302)
            let second = try client.forward(UpstreamRequest(method: "GET", url: url + "/login?step=2"))
            #expect(second.status == 200)
        }
        _ = try harness.loadCleanly()
    }

    /// A redact key the Location adds (`?session_token=…`) is still asked to be absent: as
    /// `$any` (what redaction makes of a sent value) the entry required a parameter the request
    /// never had, and its replay was a 404.
    @Test func aRedactedParameterARedirectAddsStaysAbsent() throws {
        let harness = try RecordingHarness(options: RecorderOptions(redactedKeys: ["session_token"]))
        #expect(try harness.record("GET", "/login", status: 302, headers: ["Location": "/login?session_token=abc&step=2"], body: []).action == .added)
        #expect(try harness.record("GET", "/me?session_token=abc", json: #"{"id": 1}"#).action == .added)
        let absent = JSONValue.makeObject([("$absent", .bool(true))])
        #expect(try harness.entries("login.json").first?["request"] == .makeObject([("session_token", absent), ("step", absent)]))
        #expect(try harness.entries("me.json").first?["request"] == .makeObject([("session_token", .makeObject([("$any", .bool(true))]))]),
                "a sent value is still redacted to any value")
        try harness.replay { client, url in
            let login = try client.forward(UpstreamRequest(method: "GET", url: url + "/login"))
            #expect(login.status == 302)
            #expect(login.header("Location") == "/login?session_token=REDACTED&step=2")
            let me = try client.forward(UpstreamRequest(method: "GET", url: url + "/me?session_token=other"))
            #expect(me.status == 200)
        }
    }

    /// Hand-written entries that ask for a body-less request's parameters with `query` rather
    /// than `request` mean the same to the matcher, so the recorder treats them alike: the same
    /// request replaces its entry, one with more parameters goes before it. Before, both were
    /// added after it and never served. Entries with other rules (`requestCookies`, `priority`,
    /// a scenario `state`, …) are never replaced.
    @Test func handWrittenQueryEntriesAreMergedIntoLikeRequestOnes() throws {
        let harness = try RecordingHarness(existing: [
            "search.json": #"[{"method": "GET", "query": {"q": "x"}, "response": {"hand": 1}}]"#,
            "session.json": #"[{"requestCookies": {"sid": "1"}, "response": {"hand": 1}}, {"priority": 1, "query": {"v": "1"}, "response": {"hand": 2}}]"#,
        ])
        let wider = try harness.record("GET", "/search?q=x&page=2", json: #"{"page": 2}"#)
        #expect(wider.action == .added && wider.entry == 0, "before the entry that would answer it first")
        let same = try harness.record("GET", "/search?q=x", json: #"{"page": 1}"#)
        #expect(same.action == .replaced && same.entry == 1)
        #expect(try harness.entries("search.json").count == 2)
        #expect(try harness.record("GET", "/session", json: "{}").action == .added)
        #expect(try harness.record("GET", "/session?v=1", json: "{}").action == .added)
        #expect(try harness.entries("session.json").count == 4, "no hand-written rule is replaced")
        try harness.replay { client, url in
            let second = try client.forward(UpstreamRequest(method: "GET", url: url + "/search?q=x&page=2"))
            #expect(second.body == Array(#"{"page":2}"#.utf8))
            let first = try client.forward(UpstreamRequest(method: "GET", url: url + "/search?q=x"))
            #expect(first.body == Array(#"{"page":1}"#.utf8))
        }
    }

    /// A hand-written entry with a lower `priority` number is tried before any recorded one: the
    /// recording says so, since that entry may answer the request in its place.
    @Test func aRecordingNotesAHandWrittenEntryOfALowerPriorityNumber() throws {
        let harness = try RecordingHarness(existing: [
            "search.json": #"[{"method": "GET", "priority": 1, "query": {"q": "x"}, "response": {"hand": 1}}, {"method": "GET", "priority": 9, "response": {}}]"#,
        ])
        let outcome = try harness.record("GET", "/search?q=x&page=2", json: "{}")
        #expect(outcome.action == .added)
        #expect(outcome.notes == [#"entry 0 of search.json has "priority" 1, so it is tried before the recorded one; check that it does not answer this request"#], "\(outcome.notes)")
        let post = try harness.record("POST", "/search", requestHeaders: ["Content-Type": "application/json"], requestBody: "{}", json: "{}")
        #expect(post.notes.isEmpty, "another method")
    }

    @Test func aPathSegmentLongerThanAFileNameIsSkippedWithWhatToDo() throws {
        let harness = try RecordingHarness()
        let token = String(repeating: "k", count: 300)
        let outcome = try harness.record("GET", "/keys/\(token)/info", json: "{}")
        #expect(outcome.action == .skipped)
        #expect(outcome.reason == "the path segment '\(token.prefix(40))…' is 300 bytes, longer than a folder name can be (255); "
            + "serve such paths from a {name} folder instead, e.g. keys/{id}/info.json")
        let last = try harness.record("GET", "/keys/\(token)", json: "{}")
        #expect(last.reason == "the path segment '\(token.prefix(40))…' is 300 bytes, longer than a file name can be (255 with .json); "
            + "serve such paths from a {name} file instead, e.g. keys/{id}.json")
        let fits = String(repeating: "k", count: 250)
        #expect(try harness.record("GET", "/keys/\(fits)", json: "{}").action == .added)
        // A folder's name has no .json added: 255 bytes fit.
        let folder = String(repeating: "f", count: 255)
        #expect(try harness.record("GET", "/keys/\(folder)/info", json: "{}").action == .added)
        let tooLong = try harness.record("GET", "/keys/\(folder)f/info", json: "{}")
        #expect(tooLong.reason?.hasPrefix("the path segment '\(folder.prefix(40))…' is 256 bytes, longer than a folder name can be (255); "
            + "serve such paths from a {name} folder instead") == true, "\(tooLong)")
    }

    @Test func keepsContentTypeOnlyWhenTheKeyDoesNotImplyIt() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/problem", status: 422, headers: ["Content-Type": "application/problem+json"], json: #"{"title": "bad"}"#)
        try harness.record("GET", "/undeclared", headers: [:], json: #"[1, 2]"#)
        #expect(try harness.entries("problem.json").first?["headers"]?["Content-Type"]?.stringValue == "application/problem+json")
        #expect(try harness.entries("undeclared.json").first?["headers"] == nil)
        #expect(try harness.entries("undeclared.json").first?["response"] == (try JSONParser.parse("[1,2]").root.value))
        // An empty answer has no key to imply a type: the declared one is kept, JSON too.
        try harness.record("POST", "/empty", headers: ["Content-Type": "application/json"], body: [])
        #expect(try harness.entries("empty.json").first?["headers"]?["Content-Type"]?.stringValue == "application/json")
        try harness.record("DELETE", "/empty", status: 204, headers: ["Content-Type": "application/json"], body: [])
        #expect(try harness.entries("empty.json").last?["headers"] == nil, "a 204 has no content to type")
        _ = try harness.loadCleanly()
    }

    @Test func joinsRepeatedHeadersAndSpellsNamesAsUsual() throws {
        let harness = try RecordingHarness()
        _ = try harness.recorder.record(RecordedExchange(method: "GET", target: "/list", status: 401, responseHeaders: [
            HTTPHeader(name: "link", value: "</list?page=2>; rel=\"next\""),
            HTTPHeader(name: "www-authenticate", value: "Bearer realm=\"api\""),
            HTTPHeader(name: "link", value: "</list?page=9>; rel=\"last\""),
            HTTPHeader(name: "retry-after", value: "5"),
        ]))
        let headers = try #require(try harness.entries("list.json").first?["headers"]?.objectMembers)
        #expect(headers.map(\.key) == ["Link", "WWW-Authenticate", "Retry-After"])
        #expect(headers.first?.value.value.stringValue == "</list?page=2>; rel=\"next\", </list?page=9>; rel=\"last\"")
    }

    @Test
    func recordsTextAnswersAsResponseTextAndReplaysThem() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/page", headers: ["Content-Type": "text/html; charset=utf-8"], body: Array("<h1>Héllo</h1>".utf8))
        try harness.record("GET", "/robots.txt", headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array("User-agent: *".utf8))
        try harness.record("GET", "/broken-json", headers: ["Content-Type": "application/json"], body: Array("{not json".utf8))
        let page = try #require(try harness.entries("page.json").first)
        #expect(page["responseText"]?.stringValue == "<h1>Héllo</h1>")
        #expect(page["headers"]?["Content-Type"]?.stringValue == "text/html; charset=utf-8")
        #expect(try harness.entries("robots.txt.json").first?["headers"] == nil, "the default text type needs no header")
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/page"))
            #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == "<h1>Héllo</h1>")
            #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
            let broken = try client.forward(UpstreamRequest(method: "GET", url: url + "/broken-json"))
            #expect(broken.body == Array("{not json".utf8) && broken.header("Content-Type") == "application/json")
        }
    }

    @Test
    func recordsBinaryAnswersAsResponseFilesAndReplaysThem() throws {
        let harness = try RecordingHarness()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]
        let outcome = try harness.record("GET", "/images/luke.png?size=2", headers: ["Content-Type": "image/png"], body: png)
        let file = try #require(outcome.responseFile)
        #expect(file.hasPrefix("__files/images/luke-") && file.hasSuffix(".png"))
        #expect(try harness.root.bytes(file) == png)
        let entry = try #require(try harness.entries("images/luke.png.json").first)
        #expect(entry["responseFile"]?.stringValue == file)
        #expect(entry["headers"] == nil, "the extension implies image/png")
        try harness.record("POST", "/export", requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"format": "x"}"#,
                           headers: ["Content-Type": "application/vnd.custom"], body: [1, 2, 3])
        #expect(try harness.entries("export.json").first?["headers"]?["Content-Type"]?.stringValue == "application/vnd.custom")
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + "/images/luke.png?size=2"))
            #expect(answer.status == 200 && answer.body == png && answer.header("Content-Type") == "image/png")
            let export = try client.forward(UpstreamRequest(method: "POST", url: url + "/export",
                                                            headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: Array(#"{"format":"x"}"#.utf8)))
            #expect(export.body == [1, 2, 3] && export.header("Content-Type") == "application/vnd.custom")
        }
    }

    @Test func writesBinaryBodiesNextToTheFixtures() throws {
        // Independent of the responseFile key landing: the bytes and the reference are written.
        let harness = try RecordingHarness()
        let outcome = try harness.record("GET", "/", headers: ["Content-Type": "application/pdf"], body: [0x25, 0x50, 0x44, 0x46, 0xFF])
        #expect(outcome.file == "index.json")
        #expect(outcome.responseFile == "__files/index.pdf")
        #expect(try harness.root.bytes("__files/index.pdf") == [0x25, 0x50, 0x44, 0x46, 0xFF])
        #expect(try harness.entries("index.json").first?["responseFile"]?.stringValue == "__files/index.pdf")
    }
}
