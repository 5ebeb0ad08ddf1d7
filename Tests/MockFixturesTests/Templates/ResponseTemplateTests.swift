import Foundation
import Testing
@testable import MockFixtures

@Suite("Response templates")
struct ResponseTemplateTests {
    static let json = ["Content-Type": "application/json"]

    @Test func placeholdersAreFilledFromTheRequest() throws {
        let (store, tree) = try loadTree(["people/{id}.json": #"""
        [{"method": "POST", "template": true, "status": 201,
          "headers": {"Location": "/people/{{path.id}}/orders/{{uuid}}", "X-Request-Id": "{{header.x-request-id}}"},
          "response": {"id": "{{path.id}}", "page": "{{query.page}}", "sku": "{{body.items.0.sku}}", "count": "{{body.count}}",
                       "customer": "{{body.customer}}", "vip": "{{body.vip}}", "missing": "{{body.nope}}",
                       "text": "{{method}} #{{path.id}} x{{body.count}}{{body.nope}}!", "orderId": "{{uuid}}", "at": "{{now}}",
                       "list": ["{{query.page}}", 1, {"deep": "id={{path.id}}"}], "literal": "\\{{not a placeholder}}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let body = #"{"items": [{"sku": "A1"}], "count": 3, "customer": {"name": "Rey", "tags": ["x"]}, "vip": true}"#
        let response = store.send("POST", "/people/7?page=2&page=9", headers: ["Content-Type": "application/json", "X-Request-Id": "r-42"], body: body)
        #expect(response.status == 201)
        #expect(response.preparedID == nil, "templated answers are built per request")
        let object = try response.jsonObject()
        #expect(object["id"] as? String == "7")
        #expect(object["page"] as? String == "2", "the first value of a query parameter")
        #expect(object["sku"] as? String == "A1")
        #expect(object["count"] as? Int == 3, "a sole placeholder keeps the value's JSON type")
        #expect((object["customer"] as? [String: Any])?["name"] as? String == "Rey", "an object stays an object")
        #expect(object["vip"] as? Bool == true)
        #expect(object["missing"] is NSNull, "a missing sole placeholder is null")
        #expect(object["text"] as? String == "POST #7 x3!", "inside longer text a missing value is empty")
        #expect((object["list"] as? [Any])?.count == 3)
        #expect(((object["list"] as? [Any])?[2] as? [String: Any])?["deep"] as? String == "id=7")
        #expect(object["literal"] as? String == "{{not a placeholder}}")
        let orderID = try #require(object["orderId"] as? String)
        #expect(orderID.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "\(orderID)")
        #expect(response.headerValue("Location") == "/people/7/orders/\(orderID)", "one UUID per answer")
        #expect(response.headerValue("X-Request-Id") == "r-42")
        #expect(response.headerValue("Content-Type") == "application/json")
        let at = try #require(object["at"] as? String)
        #expect(at.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z/) != nil, "\(at)")
        let again = try store.send("POST", "/people/7", headers: Self.json, body: body).jsonObject()
        #expect(again["orderId"] as? String != orderID, "a new UUID per answer")
        #expect(again["page"] is NSNull)
    }

    @Test func textBodiesHeadersAndFormFields() throws {
        let (store, tree) = try loadTree(["echo.json": #"""
        [{"method": "POST", "template": true, "responseText": "<hello name=\"{{body.name}}\" via=\"{{method}}\"/>",
          "headers": {"Content-Type": "application/xml", "X-Echo": "{{body.name}}"}},
         {"template": true, "responseText": "{{body}}|{{header.accept}}|{{query.q}}"}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let form = store.send("POST", "/echo", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "name=Luke+S")
        #expect(form.text == #"<hello name="Luke S" via="POST"/>"#)
        #expect(form.headerValue("Content-Type") == "application/xml")
        #expect(form.headerValue("X-Echo") == "Luke S")
        let injected = store.send("POST", "/echo", headers: Self.json, body: #"{"name": "a\r\nSet-Cookie: x"}"#)
        #expect(injected.headerValue("X-Echo") == "a  Set-Cookie: x", "a request cannot add header lines")
        #expect(injected.headers.count == 2)
        // RFC 9110 §5.5: no control character (vertical tab, ESC, DEL, …) in a value sent.
        let controls = store.send("POST", "/echo", headers: Self.json, body: #"{"name": " a\u000bb\u001b[31m\u007f "}"#)
        #expect(controls.headerValue("X-Echo") == "a b [31m", "control characters become spaces, and the value is trimmed")
        let empty = store.send("POST", "/echo", headers: Self.json, body: #"{"name": "\u000b "}"#)
        #expect(empty.headerValue("X-Echo") == nil, "a value that comes out empty leaves the header out")
        #expect(empty.headers.count == 1)
        #expect(store.send("POST", "/echo", headers: Self.json, body: #"{"name": "Zoë"}"#).headerValue("X-Echo") == "Zoë", "UTF-8 is kept")
        #expect(store.get("/echo?q=luke", headers: ["Accept": "text/plain"]).text == "|text/plain|luke")
        #expect(store.get("/echo", headers: ["Accept": "text/plain \t"]).text == "|text/plain|", "whitespace around a value is not part of it")
        #expect(store.get("/echo").headerValue("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func runtimeFixturesAreTemplatedToo() throws {
        let fixture = try EngineFixture([:])
        let created = fixture.postJSON("/__admin/fixtures", #"{"path": "/orders/{orderId}", "entries": [{"template": true, "response": {"id": "{{path.orderId}}"}}]}"#)
        #expect(created.status == 201, "\(created.text)")
        #expect(fixture.get("/orders/o-9").text == #"{"id":"o-9"}"#)
        let bad = fixture.postJSON("/__admin/fixtures", #"{"path": "/orders/{orderId}", "entries": [{"template": true, "response": {"id": "{{path.id}}"}}]}"#)
        #expect(bad.status == 400)
        let problems = try #require(try bad.jsonObject()["problems"] as? [String])
        #expect(problems == ["1:81: error: {{path.id}} names no path parameter: the path's parameters are 'orderId'. Name a {name} segment of the fixture's path, such as people/{id}.json for {{path.id}}"])
    }

    /// `{{now}}` moved by an offset and written as epoch seconds or milliseconds (JSON numbers
    /// as a whole value) or as an HTTP date; every `{{now…}}` of one answer reads one clock.
    @Test func nowTakesAnOffsetAndAForm() throws {
        let (store, tree) = try loadTree(["token.json": #"""
        [{"template": true, "headers": {"Expires": "{{now+1d.http}}"},
          "response": {"at": "{{now}}", "epoch": "{{now.epoch}}", "millis": "{{now.epochMillis}}", "expiresAt": "{{now+1h.epoch}}",
                       "issuedAt": "{{now-90s.epochMillis}}", "text": "expires {{now+7d.epoch}}", "year": "{{now+31536000s.epoch}}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let before = Int64(Date().timeIntervalSince1970 * 1_000)
        let response = store.get("/token")
        let after = Int64(Date().timeIntervalSince1970 * 1_000)
        let object = try response.jsonObject()
        let millis = try #require(object["millis"] as? Int64)
        #expect(millis >= before && millis <= after)
        #expect(object["epoch"] as? Int64 == millis / 1_000, "one clock per answer")
        #expect(object["expiresAt"] as? Int64 == millis / 1_000 + 3_600)
        #expect(object["issuedAt"] as? Int64 == millis - 90_000)
        #expect(object["text"] as? String == "expires \(millis / 1_000 + 7 * 86_400)")
        #expect(object["year"] as? Int64 == millis / 1_000 + 31_536_000, "a year in seconds: more than six digits")
        #expect(object["at"] as? String == WallClock.rfc3339(milliseconds: millis))
        #expect(response.headerValue("Expires") == HTTPDate.format(millis / 1_000 + 86_400))
    }

    @Test(arguments: [
        (#"[{"template": true, "response": ["{{now+1y}}"]}]"#, 1, 34, "{{now+1y}} has an offset that is not a whole number of s, m, h or d (up to 100 years)", "{{now-30m.epoch}}"),
        (#"[{"template": true, "response": ["{{now+h}}"]}]"#, 1, 34, "{{now+h}} has an offset that is not a whole number", "{{now+7d.http}}"),
        (#"[{"template": true, "response": ["{{now+99999999d}}"]}]"#, 1, 34, "(up to 100 years)", "epochMillis"),
        (#"[{"template": true, "response": ["{{now+36501d}}"]}]"#, 1, 34, "(up to 100 years)", "epochMillis"),
        (#"[{"template": true, "response": ["{{now-99999999999999999999999s}}"]}]"#, 1, 34, "(up to 100 years)", "epochMillis"),
        (#"[{"template": true, "response": ["{{now.epok}}"]}]"#, 1, 34, #"{{now.epok}} asks for the form "epok", which {{now}} does not have"#, "did you mean .epoch?"),
        (#"[{"template": true, "response": {"a": "{{paht.id}}"}}]"#, 1, 39, "unknown placeholder {{paht.id}}", "did you mean {{path.id}}?"),
        (#"[{"template": true, "response": {"a": "x {{query.page"}}]"#, 1, 39, #""{{" at character 3 of "x {{query.page" is never closed by "}}""#, #"\\{{"#),
        (#"[{"template": true, "response": ["{{path.id}}"]}]"#, 1, 34, "{{path.id}} names no path parameter: the path has no {name} segments", "people/{id}.json"),
        (#"[{"template": true, "response": ["{{query}}"]}]"#, 1, 34, "{{query}} needs a name after the dot", "{{query.page}}"),
        (#"[{"template": true, "response": ["{{uuid.x}}"]}]"#, 1, 34, "{{uuid.x}}: {{uuid}} takes no name", "write {{uuid}}"),
        (#"[{"template": true, "response": ["{{body..x}}"]}]"#, 1, 34, "{{body..x}} has an empty step", "{{body.items.0.sku}}"),
        (#"[{"template": true, "headers": {"X-A": "{{ {{now}}"}}]"#, 1, 40, #""{{" inside a placeholder"#, "close each placeholder"),
        (#"[{"template": true, "responseText": "{{header.bad name}}"}]"#, 1, 37, "does not name a valid header", "x-request-id"),
        (#"[{"template": "yes"}]"#, 1, 15, "template must be true or false", "template"),
    ])
    func malformedPlaceholdersAreLoadErrorsWithPositions(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        try expectLoadError(contents, line: line, column: column, message: message, hint: hint)
    }

    @Test func warnsWhenTemplateIsMissingOrUseless() throws {
        let (store, tree) = try loadTree(["w.json": """
        [{"response": {"id": "{{path.id}}"}},
         {"method": "POST", "template": true, "response": {"id": 1}}]
        """])
        _ = tree
        #expect(!store.hasErrors)
        let forgotten = try #require(store.problems(containing: "looks like a {{placeholder}}").first)
        #expect(forgotten.message == #""{{path.id}}" looks like a {{placeholder}}, but the entry has no "template": true, so it is sent as written"#)
        #expect((forgotten.line, forgotten.column) == (1, 22))
        let useless = try #require(store.problems(containing: "nothing in the answer holds").first)
        #expect((useless.line, useless.column) == (2, 21))
        #expect(store.get("/w").text == #"{"id":"{{path.id}}"}"#, "sent as written")
        #expect(store.get("/w").preparedID != nil)
    }

    @Test func renderingParsesNothingPerRequest() throws {
        // The body is cut at load into fixed bytes and placeholders.
        let node = try JSONParser.parse(#"{"a": "{{path.id}}", "b": "x{{method}}y", "c": [1, 2]}"#).root
        var templates: [String: TemplateText] = [:]
        for text in ["{{path.id}}", "x{{method}}y"] {
            templates[text] = try TemplateText.parse(text, pathParameterNames: ["id"]).get()
        }
        let parts = ResponseTemplate.jsonParts(of: node.value, templates: templates)
        let shapes = parts.map { part -> String in
            switch part {
            case .bytes(let bytes): "bytes(\(String(decoding: bytes, as: UTF8.self)))"
            case .value(let placeholder): "value(\(placeholder))"
            case .stringContent(let placeholder): "content(\(placeholder))"
            }
        }
        #expect(shapes == [#"bytes({"a":)"#, #"value(pathParameter("id"))"#, #"bytes(,"b":"x)"#, "content(method)", #"bytes(y","c":[1,2]})"#])
    }
}
