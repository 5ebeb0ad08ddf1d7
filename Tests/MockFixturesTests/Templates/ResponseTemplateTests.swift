import Foundation
import Testing
import TestSupport
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

    /// Brackets reach what dots cannot: keys holding a dot, a bracket or a quote, and a form field
    /// named with a dot; `[0]` is an array element as `.0` is.
    @Test func bracketedBodyStepsReachKeysWithDots() throws {
        let (store, tree) = try loadTree(["b.json": #"""
        [{"method": "POST", "template": true, "response": {
            "dotted": "{{body['a.b']}}", "double": "{{body[\"a.b\"]}}", "jsonPath": "{{body.['a.b']}}",
            "index": "{{body.items[1].sku}}", "indexFirst": "{{body[\"list\"][0][1]}}", "mixed": "{{body.x['y.z'][0]}}",
            "quote": "{{body['it\\'s']}}", "bracketKey": "{{body['k[0]']}}", "viaDots": "{{body.a.b}}",
            "text": "sku={{body.items[0].sku}};", "field": "{{body['user.name']}}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let body = #"{"a.b": 1, "a": {"b": "nested"}, "items": [{"sku": "A0"}, {"sku": "A1"}], "list": [[7, 8]], "x": {"y.z": [true]}, "it's": "q", "k[0]": "brk"}"#
        let object = try store.send("POST", "/b", headers: Self.json, body: body).jsonObject()
        #expect(object["dotted"] as? Int == 1)
        #expect(object["double"] as? Int == 1)
        #expect(object["jsonPath"] as? Int == 1)
        #expect(object["viaDots"] as? String == "nested", "dots still step into objects")
        #expect(object["index"] as? String == "A1")
        #expect(object["indexFirst"] as? Int == 8)
        #expect(object["mixed"] as? Bool == true)
        #expect(object["quote"] as? String == "q", "a backslash keeps the quote")
        #expect(object["bracketKey"] as? String == "brk")
        #expect(object["text"] as? String == "sku=A0;")
        let form = try store.send("POST", "/b", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "user.name=Rey&a.b=2").jsonObject()
        #expect(form["field"] as? String == "Rey", "a form field named with a dot")
        #expect(form["dotted"] as? String == "2")
    }

    /// A conversion after a pipe sends a text value as the JSON type a model decodes: an `Int` id
    /// from a path segment. A value that does not convert is sent as a missing one.
    @Test func conversionsSendTextAsOtherJSONTypes() throws {
        let (store, tree) = try loadTree(["people/{id}.json": #"""
        [{"method": "POST", "template": true, "headers": {"X-Id": "{{path.id | number}}", "X-Session": "{{cookie.session}}"},
          "response": {"id": "{{path.id | number}}", "spaced": "{{ path.id|number }}", "active": "{{query.active | boolean}}",
                       "limit": "{{query.limit | number}}", "count": "{{body.count | string}}", "filter": "{{query.filter | json}}",
                       "label": "n{{path.id | number}}", "keep": "{{body.n | number}}", "flag": "{{body.flag | boolean}}",
                       "chained": "{{path.id | number | string}}", "absent": "{{query.nope | number}}",
                       "session": "{{cookie.session}}", "theme": "{{cookie.theme}}", "none": "{{cookie.nope}}",
                       "pipeKey": "{{body['a|b'] | number}}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let body = #"{"count": 3, "n": 2.5, "flag": "true", "a|b": "9"}"#
        let response = store.send("POST", "/people/7?active=true&limit=ten&filter=%7B%22a%22%3A%5B1%5D%7D",
                                  headers: ["Content-Type": "application/json", "Cookie": #"session=abc; theme="dark"; session=other"#], body: body)
        let object = try response.jsonObject()
        #expect(response.text.contains(#""id":7,"#), "\(response.text)")
        #expect(object["id"] as? Int == 7)
        #expect(object["spaced"] as? Int == 7, "spaces around the pipe are allowed")
        #expect(object["active"] as? Bool == true)
        #expect(object["limit"] is NSNull, "a value that is not a number is sent as a missing one")
        #expect(object["count"] as? String == "3")
        #expect((object["filter"] as? [String: Any])?["a"] as? [Int] == [1])
        #expect(object["label"] as? String == "n7")
        #expect(object["keep"] as? Double == 2.5)
        #expect(object["flag"] as? Bool == true, "a JSON string holding true")
        #expect(object["chained"] as? String == "7")
        #expect(object["absent"] is NSNull)
        #expect(object["session"] as? String == "abc", "the first value sent")
        #expect(object["theme"] as? String == "dark", "quotes are not part of the value")
        #expect(object["none"] is NSNull)
        #expect(object["pipeKey"] as? Int == 9, "a pipe inside a quoted key is part of the key")
        #expect(response.headerValue("X-Id") == "7")
        #expect(response.headerValue("X-Session") == "abc")
        let bad = try store.send("POST", "/people/x7?active=yes", headers: Self.json, body: #"{"flag": 1}"#).jsonObject()
        #expect(bad["id"] is NSNull)
        #expect(bad["active"] is NSNull, "only true and false convert")
        #expect(bad["flag"] is NSNull)
        #expect(bad["label"] as? String == "n", "inside text a value that does not convert is empty")
        #expect(bad["session"] is NSNull, "no Cookie header")
    }

    /// A `|` starts a conversion only when a conversion's name follows it or a space stands beside
    /// it, so names holding `|` read as before; `| json` parses a JSON string too, strictly; a
    /// number must be finite (audit R11).
    @Test func pipesInNamesAndStrictConversions() throws {
        let (store, tree) = try loadTree(["users/{userId}.json": #"""
        [{"method": "POST", "template": true, "response": {"pipe": "{{query.a|b}}", "quote": "{{query.it's | number}}",
          "inner": "{{body.doc | json}}", "comma": "{{query.c | json}}", "huge": "{{query.h | number}}", "tiny": "{{query.t | number}}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let object = try store.send("POST", "/users/7?a%7Cb=piped&it's=5&c=%5B1%2C%5D&h=1e999&t=-2.5e-3", headers: Self.json,
                                    body: #"{"doc": "{\"n\": [1, 2]}"}"#).jsonObject()
        #expect(object["pipe"] as? String == "piped", "a name holding | is a name")
        #expect(object["quote"] as? Int == 5, "a quote outside brackets is part of the name")
        #expect((object["inner"] as? [String: Any])?["n"] as? [Int] == [1, 2], "| json parses a JSON string value")
        #expect(object["comma"] is NSNull, "a trailing comma is not JSON a request sends")
        #expect(object["huge"] is NSNull, "1e999 is no finite number")
        #expect(object["tiny"] as? Double == -0.0025)
        let (paths, other) = try loadTree(["users/{userId}.json": #"[{"template": true, "response": ["{{paht}}"]}]"#])
        _ = other
        #expect(paths.problems.first?.hint == "did you mean {{path.userId}}?", "the fixture's own parameter")
    }

    /// `{"$repeat": {"count": …, "item": …}}`: a list of generated items (Mockoon's `{{#repeat}}`),
    /// each rendered anew with `{{index}}` its place; a count from the request is cut to 0…10,000.
    @Test func repeatMakesAListOfItems() throws {
        let (store, tree) = try loadTree(["people.json": #"""
        [{"template": true, "response": {"total": "{{query.limit | number}}",
          "items": {"$repeat": {"count": "{{query.limit}}", "item": {"id": "{{index}}", "code": "{{random.hex(8)}}", "label": "#{{index}} of {{query.limit}}",
                                                                     "tags": {"$repeat": {"count": 2, "item": "t{{index}}"}}}}},
          "fixed": {"$repeat": {"count": 0, "item": 1}}}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let object = try store.get("/people?limit=3").jsonObject()
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items.map { $0["id"] as? Int } == [0, 1, 2])
        #expect(items.map { $0["label"] as? String } == ["#0 of 3", "#1 of 3", "#2 of 3"])
        #expect(Set(items.compactMap { $0["code"] as? String }).count == 3, "each item drawn anew")
        #expect(items.map { $0["tags"] as? [String] } == [["t0", "t1"], ["t0", "t1"], ["t0", "t1"]], "{{index}} is the innermost item's")
        #expect((object["fixed"] as? [Any])?.isEmpty == true)
        #expect((try store.get("/people?limit=x").jsonObject()["items"] as? [Any])?.isEmpty == true, "a count that is not a number makes none")
        #expect((try store.get("/people?limit=-4").jsonObject()["items"] as? [Any])?.isEmpty == true)
        #expect((try store.get("/people?limit=20000").jsonObject()["items"] as? [Any])?.count == 10_000, "cut to 10,000")
        #expect((try store.get("/people?limit=99999999999999999999").jsonObject()["items"] as? [Any])?.count == 10_000, "also past Int")
        #expect((try store.get("/people?limit=2.0").jsonObject()["items"] as? [Any])?.count == 2)
        #expect((try store.get("/people?limit=1e1").jsonObject()["items"] as? [Any])?.count == 10)
        #expect((try store.get("/people?limit=1e400").jsonObject()["items"] as? [Any])?.count == 10_000, "infinity is past the cut too")

        // Nested counts share one budget of 10,000 items per answer (audit R14: 489 MB).
        let (nested, nestedTree) = try loadTree(["n.json": #"""
        [{"template": true, "response": {"$repeat": {"count": "{{query.n}}", "item": {"$repeat": {"count": "{{query.n}}", "item": "{{index}}"}}}}}]
        """#])
        _ = nestedTree
        let outer = try JSONSerialization.jsonObject(with: Data(nested.get("/n?n=10000").body)) as? [[Int]] ?? []
        #expect(outer.count == 10_000 && outer.allSatisfy(\.isEmpty), "the outer count takes the whole budget first")
        let hundred = try JSONSerialization.jsonObject(with: Data(nested.get("/n?n=100").body)) as? [[Int]] ?? []
        #expect(hundred.count == 100 && hundred.reduce(0) { $0 + $1.count } == 9_900, "100 outer items, then 9,900 inner ones")
        #expect(hundred.first == Array(0..<100) && hundred.last == [])

        // Items stop once the answer is 64 MiB long (here 1,000 bytes): a request's body echoed
        // 10,000 times made 1 GB (audit R15).
        let (echo, echoTree) = try loadTree(["e.json": #"[{"method": "POST", "template": true, "response": {"$repeat": {"count": 10000, "item": "{{body}}"}}}]"#])
        _ = echoTree
        let entry = try #require(echo.fixtureFiles.first?.entries.first)
        var request = IncomingRequest(method: "POST", target: try RequestTarget.parse("/e").get(), headers: NoHeaders(), body: Array(String(repeating: "x", count: 300).utf8))
        let rendered = try #require(entry.delivery?.template).render(for: &request, repeatByteLimit: 1_000)
        let echoed = try JSONSerialization.jsonObject(with: Data(rendered.body)) as? [String] ?? []
        #expect(echoed.count == 4, "three items take 906 bytes, the fourth starts below 1,000")

        // A fixed count without any placeholder still needs "template": true, and is not warned about.
        let (fixed, fixedTree) = try loadTree(["f.json": #"[{"template": true, "response": {"$repeat": {"count": 2, "item": "x"}}}]"#])
        _ = fixedTree
        #expect(fixed.problems.isEmpty, "\(fixed.problems)")
        #expect(fixed.get("/f").text == #"["x","x"]"#)
    }

    /// `{{random.…}}`: a new value at every occurrence, in its range and alphabet.
    @Test func randomValuesAreDrawnPerOccurrence() throws {
        let (store, tree) = try loadTree(["r.json": #"""
        [{"template": true, "headers": {"X-Trace": "{{random.hex(32)}}"},
          "response": {"dice": "{{random.int(1,6)}}", "fixed": "{{random.int(-5,-5)}}", "any": "{{random.int}}",
                       "hex": "{{random.hex(16)}}", "code": "{{random.digits(6)}}", "name": "{{random.letters(8)}}",
                       "token": "{{random.alphanumeric(40)}}", "ids": ["{{random.uuid}}", "{{random.uuid}}"],
                       "text": "order-{{random.int(100,999)}}", "big": "{{ random.int( -9223372036854775808 , 9223372036854775807 ) }}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        var dice = Set<Int>()
        var hexes = Set<String>()
        for _ in 0..<200 {
            let response = store.get("/r")
            #expect(response.preparedID == nil)
            let object = try response.jsonObject()
            let roll = try #require(object["dice"] as? Int, "a sole placeholder is a JSON number")
            #expect((1...6).contains(roll))
            dice.insert(roll)
            #expect(object["fixed"] as? Int == -5)
            let any = try #require(object["any"] as? Int)
            #expect((0...Int(Int32.max)).contains(any))
            #expect(response.text.contains(/"big":-?[0-9]{1,19}[,}]/), "the whole 64-bit range, as a number: \(response.text)")
            let hex = try #require(object["hex"] as? String)
            #expect(hex.wholeMatch(of: /[0-9a-f]{16}/) != nil, "\(hex)")
            hexes.insert(hex)
            #expect((object["code"] as? String)?.wholeMatch(of: /[0-9]{6}/) != nil, "digits stay text: a code may start with 0")
            #expect((object["name"] as? String)?.wholeMatch(of: /[A-Za-z]{8}/) != nil)
            #expect((object["token"] as? String)?.wholeMatch(of: /[A-Za-z0-9]{40}/) != nil)
            let ids = try #require(object["ids"] as? [String])
            #expect(ids.count == 2 && ids[0] != ids[1], "each occurrence draws its own")
            for id in ids {
                #expect(id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "\(id)")
            }
            #expect((object["text"] as? String)?.wholeMatch(of: /order-[1-9][0-9]{2}/) != nil)
            #expect(response.headerValue("X-Trace")?.wholeMatch(of: /[0-9a-f]{32}/) != nil)
        }
        #expect(dice == Set(1...6), "200 rolls show every face")
        #expect(hexes.count == 200, "a new value per answer")
    }

    @Test func randomPlaceholderWithoutTemplateIsWarnedAbout() throws {
        let (store, tree) = try loadTree(["w.json": #"[{"response": {"id": "{{random.int(1,9)}}"}}]"#])
        _ = tree
        #expect(store.problems(containing: "looks like a {{placeholder}}").count == 1)
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

    /// `{{now.date}}` and `{{now.format(…)}}` in the pattern letters WireMock and Mockoon use,
    /// in UTC, checked against Foundation's `DateFormatter`.
    @Test func nowTakesADatePattern() throws {
        let (store, tree) = try loadTree(["day.json": #"""
        [{"template": true, "headers": {"X-Day": "{{now.format(dd.MM.yyyy)}}"},
          "response": {"millis": "{{now.epochMillis}}", "day": "{{now.date}}", "tomorrow": "{{now+1d.date}}",
                       "custom": "{{now+1d.format(EEE, d MMM yy 'at' H:mm:ss.SSS)}}", "quote": "{{now.format(yyyy''MM)}}", "clock": "{{now.format(H 'o''clock')}}"}}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let response = store.get("/day")
        let object = try response.jsonObject()
        let millis = try #require(object["millis"] as? Int64)
        func formatted(_ pattern: String, plusDays days: Int64 = 0) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            return formatter.string(from: Date(timeIntervalSince1970: Double(millis + days * 86_400_000) / 1_000))
        }
        #expect(object["day"] as? String == formatted("yyyy-MM-dd"))
        #expect(object["tomorrow"] as? String == formatted("yyyy-MM-dd", plusDays: 1))
        #expect(object["custom"] as? String == formatted("EEE, d MMM yy 'at' H:mm:ss.SSS", plusDays: 1))
        #expect(object["quote"] as? String == formatted("yyyy''MM"))
        #expect(object["clock"] as? String == formatted("H 'o''clock'"), "a doubled quote inside quoted text is a quote")
        #expect(response.headerValue("X-Day") == formatted("dd.MM.yyyy"))
        // Every weekday and month name, one day and one month apart.
        let pattern = try DatePattern.parse("EEE MMM", shown: "").get()
        var names = Set<String>()
        for day in Int64(0)..<366 { names.insert(pattern.format(milliseconds: day * 86_400_000)) }
        #expect(Set(names.map { $0.prefix(3) }).count == 7 && Set(names.map { $0.suffix(3) }).count == 12)
        #expect(pattern.format(milliseconds: 0) == "Thu Jan", "1970-01-01 was a Thursday")
    }

    @Test(arguments: [
        (#"[{"template": true, "response": ["{{now+1y}}"]}]"#, 1, 34, "{{now+1y}} has an offset that is not a whole number of s, m, h or d (up to 100 years)", "{{now-30m.epoch}}"),
        (#"[{"template": true, "response": ["{{now+h}}"]}]"#, 1, 34, "{{now+h}} has an offset that is not a whole number", "{{now+7d.http}}"),
        (#"[{"template": true, "response": ["{{now+99999999d}}"]}]"#, 1, 34, "(up to 100 years)", "epochMillis"),
        (#"[{"template": true, "response": ["{{now+36501d}}"]}]"#, 1, 34, "(up to 100 years)", "epochMillis"),
        (#"[{"template": true, "response": ["{{now-99999999999999999999999s}}"]}]"#, 1, 34, "(up to 100 years)", "epochMillis"),
        (#"[{"template": true, "response": ["{{now.format(YYYY-MM-DD)}}"]}]"#, 1, 34, #"{{now.format(YYYY-MM-DD)}} has "YYYY", which is not a date field"#, "yyyy yy MMM MM"),
        (#"[{"template": true, "response": ["{{now.format('T)}}"]}]"#, 1, 34, "{{now.format('T)}} has a ' that is not closed", "single quotes"),
        (#"[{"template": true, "response": ["{{now.format(---)}}"]}]"#, 1, 34, "{{now.format(---)}} has no date field", "HH"),
        (#"[{"template": true, "response": ["{{now.format(yyyy}}"]}]"#, 1, 34, #"has a "format(" that is not closed by ")" at its end"#, "yyyy-MM-dd'T'HH:mm"),
        (#"[{"template": true, "response": ["{{now.epok}}"]}]"#, 1, 34, #"{{now.epok}} asks for the form "epok", which {{now}} does not have"#, "did you mean .epoch?"),
        (#"[{"template": true, "response": {"a": "{{paht.id}}"}}]"#, 1, 39, "unknown placeholder {{paht.id}}", "did you mean {{path.id}}?"),
        (#"[{"template": true, "response": {"a": "x {{query.page"}}]"#, 1, 39, #""{{" at character 3 of "x {{query.page" is never closed by "}}""#, #"\\{{"#),
        (#"[{"template": true, "response": ["{{path.id}}"]}]"#, 1, 34, "{{path.id}} names no path parameter: the path has no {name} segments", "people/{id}.json"),
        (#"[{"template": true, "response": ["{{query}}"]}]"#, 1, 34, "{{query}} needs a name after the dot", "{{query.page}}"),
        (#"[{"template": true, "response": ["{{uuid.x}}"]}]"#, 1, 34, "{{uuid.x}}: {{uuid}} takes no name", "write {{uuid}}"),
        (#"[{"template": true, "response": ["{{body..x}}"]}]"#, 1, 34, "{{body..x}} has an empty step", "{{body.items.0.sku}}"),
        (#"[{"template": true, "response": ["{{body['a.b}}"]}]"#, 1, 34, "{{body['a.b}} has a key whose ' is not closed", "{{body['a.b']}}"),
        (#"[{"template": true, "response": ["{{body['a'}}"]}]"#, 1, 34, #"{{body['a'}} has a "[" that is not closed by "]""#, "{{body.items[0].sku}}"),
        (#"[{"template": true, "response": ["{{body[x]}}"]}]"#, 1, 34, "{{body[x]}} has [x], which is neither an array index nor a quoted key", "['name']"),
        (#"[{"template": true, "response": ["{{body[]}}"]}]"#, 1, 34, "{{body[]}} has [], which is neither", "[0]"),
        (#"[{"template": true, "response": ["{{body['a']x}}"]}]"#, 1, 34, #"{{body['a']x}} has "x" right after "]""#, "{{body.items[0].sku}}"),
        (#"[{"template": true, "response": ["{{body.}}"]}]"#, 1, 34, "{{body.}} has an empty step", "{{body['a.b']}}"),
        (#"[{"template": true, "response": ["{{random}}"]}]"#, 1, 34, "{{random}} needs a kind after the dot", "{{random.int(1,100)}}"),
        (#"[{"template": true, "response": ["{{random.int(9,1)}}"]}]"#, 1, 34, "{{random.int(9,1)}} has its smallest value 9 above its largest 1", "{{random.int(1,9)}}"),
        (#"[{"template": true, "response": ["{{random.int(1)}}"]}]"#, 1, 34, "needs two whole numbers", "{{random.int(1,100)}}"),
        (#"[{"template": true, "response": ["{{random.int(1,1e3)}}"]}]"#, 1, 34, "needs two whole numbers", "both ends are included"),
        (#"[{"template": true, "response": ["{{random.int(0,9223372036854775808)}}"]}]"#, 1, 34, "needs two whole numbers", "both ends"),
        (#"[{"template": true, "response": ["{{random.int(1,2}}"]}]"#, 1, 34, #"has a "(" that is not closed by ")" at its end"#, "{{random.uuid}}"),
        (#"[{"template": true, "response": ["{{random.hex}}"]}]"#, 1, 34, "{{random.hex}} needs a length from 1 to 4096 in parentheses", "{{random.hex(16)}}"),
        (#"[{"template": true, "response": ["{{random.hex(0)}}"]}]"#, 1, 34, "needs a length from 1 to 4096", "{{random.hex(16)}}"),
        (#"[{"template": true, "response": ["{{random.digits(4097)}}"]}]"#, 1, 34, "needs a length from 1 to 4096", "{{random.digits(16)}}"),
        (#"[{"template": true, "response": ["{{random.uuid(4)}}"]}]"#, 1, 34, "{{random.uuid(4)}}: {{random.uuid}} takes no arguments", "write {{random.uuid}}"),
        (#"[{"template": true, "response": ["{{random.itn(1,9)}}"]}]"#, 1, 34, #"{{random.itn(1,9)}} asks for "itn", which {{random}} does not make"#, "did you mean {{random.int(1,9)}}?"),
        (#"[{"template": true, "response": ["{{random.words(3)}}"]}]"#, 1, 34, #"asks for "words""#, "{{random.alphanumeric(N)}}"),
        (#"[{"template": true, "response": ["{{query.a | nubmer}}"]}]"#, 1, 34, #"{{query.a | nubmer}} converts to "nubmer", which is not a conversion"#, "did you mean | number?"),
        (#"[{"template": true, "response": ["{{query.a |}}"]}]"#, 1, 34, "{{query.a |}} converts to nothing, which is not a conversion", "| number, | boolean, | string, | json"),
        (#"[{"template": true, "response": ["{{paht.id | number}}"]}]"#, 1, 34, "unknown placeholder {{paht.id}}", "did you mean {{path.id}}?"),
        (#"[{"template": true, "response": ["{{cookie}}"]}]"#, 1, 34, "{{cookie}} needs a name after the dot", "{{cookie.session}}"),
        (#"[{"template": true, "response": ["{{paht}}"]}]"#, 1, 34, "unknown placeholder {{paht}}", "did you mean {{path.id}}?"),
        (#"[{"template": true, "response": ["{{heder}}"]}]"#, 1, 34, "unknown placeholder {{heder}}", "did you mean {{header.x-request-id}}?"),
        (#"[{"template": true, "response": ["{{metod}}"]}]"#, 1, 34, "unknown placeholder {{metod}}", "did you mean {{method}}?"),
        ("[{\"template\": true, \"response\": [\"{{" + String(repeating: "x", count: 5_000) + "}}\"]}]", 1, 34,
         "unknown placeholder {{" + String(repeating: "x", count: 60) + "…" + String(repeating: "x", count: 10) + "}}", "use one of"),
        (#"[{"template": true, "response": {"a": "{{index}}"}}]"#, 1, 39, "{{index}} stands outside a $repeat", "$repeat's item"),
        (#"[{"template": true, "responseText": "{{index}}"}]"#, 1, 37, "{{index}} stands outside a $repeat", "$repeat's item"),
        (#"[{"template": true, "response": {"$repeat": {"count": 2}}}]"#, 1, 45, #"$repeat needs "count" and "item""#, "{{query.limit}}"),
        (#"[{"template": true, "response": {"$repeat": {"count": 2, "item": 1, "each": 1}}}]"#, 1, 69, #"$repeat has an unknown key "each""#, "it takes"),
        (#"[{"template": true, "response": {"$repeat": {"count": 10001, "item": 1}}}]"#, 1, 55, "$repeat count 10001 is out of range", "0 to 10000"),
        (#"[{"template": true, "response": {"$repeat": {"count": "x{{query.n}}", "item": 1}}}]"#, 1, 55, "is neither a number nor one placeholder", "{{query.limit | number}}"),
        (#"[{"template": true, "response": {"$repeat": [1], "b": 2}}]"#, 1, 33, #"a $repeat object holds only "$repeat""#, "literally"),
        (#"[{"template": true, "response": ["{{randm.int}}"]}]"#, 1, 34, "unknown placeholder {{randm.int}}", "did you mean {{random.int}}?"),
        // Other tools' placeholders get ours in the hint (audit D3), as their keys do.
        (#"[{"template": true, "response": ["{{request.path.id}}"]}]"#, 1, 34, "unknown placeholder {{request.path.id}}", "written {{path.id}}"),
        (#"[{"template": true, "response": ["{{request.query.q}}"]}]"#, 1, 34, "unknown placeholder", "write {{query.q}}"),
        (#"[{"template": true, "response": ["{{ Request.QueryParam.q }}"]}]"#, 1, 34, "unknown placeholder", "write {{query.q}}"),
        (#"[{"template": true, "response": ["{{request.headers.X-Trace}}"]}]"#, 1, 34, "unknown placeholder", "write {{header.x-trace}}"),
        (#"[{"template": true, "response": ["{{randomValue length=8 type='ALPHANUMERIC'}}"]}]"#, 1, 34, "unknown placeholder", "{{random.alphanumeric(8)}}"),
        (#"[{"template": true, "response": ["{{now format='yyyy-MM-dd' offset='1 days'}}"]}]"#, 1, 34, "unknown placeholder", "{{now+1d.format(yyyy-MM-dd)}}"),
        (#"[{"template": true, "response": ["{{jsonPath request.body '$.a'}}"]}]"#, 1, 34, "unknown placeholder", "{{body.a.b}}"),
        (#"[{"template": true, "response": ["{{#each items}}"]}]"#, 1, 34, "unknown placeholder", "no Handlebars blocks"),
        (#"[{"template": true, "response": ["{{urlParam 'userId'}}"]}]"#, 1, 34, "unknown placeholder", "write {{path.userId}}, with {userId} in the file's path"),
        (#"[{"template": true, "response": ["{{request.query.q.[0]}}"]}]"#, 1, 34, "unknown placeholder", "write {{query.q}}"),
        (#"[{"template": true, "response": ["{{request.headers}}"]}]"#, 1, 34, "unknown placeholder", "write {{header.NAME}}"),
        (#"[{"template": true, "response": ["{{request.headers.[X-Trace]}}"]}]"#, 1, 34, "unknown placeholder", "write {{header.x-trace}}"),
        (#"[{"template": true, "response": ["{{{request.body}}}"]}]"#, 1, 34, "unknown placeholder", "write {{body}} for the whole body"),
        (#"[{"template": true, "headers": {"X-A": "{{ {{now}}"}}]"#, 1, 40, #""{{" inside a placeholder"#, "close each placeholder"),
        (#"[{"template": true, "responseText": "{{header.bad name}}"}]"#, 1, 37, "does not name a valid header", "x-request-id"),
        (#"[{"template": "yes"}]"#, 1, 15, "template must be true or false", "template"),
    ])
    func malformedPlaceholdersAreLoadErrorsWithPositions(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        try expectLoadError(contents, line: line, column: column, message: message, hint: hint)
    }

    /// `--template-all`: entries holding placeholders are templated without `"template": true`;
    /// `"template": false` and entries without placeholders are left as they are.
    @Test func templateAllTemplatesWhatHoldsPlaceholders() throws {
        let tree = try TemporaryFolder([
            "users/{id}.json": #"[{"response": {"id": "{{path.id | number}}"}, "headers": {"X-Id": "{{path.id}}"}}, {"method": "POST", "template": false, "response": "{{path.id}}"}, {"method": "PUT", "response": {"fixed": true}}]"#,
            "page.json": #"{"responseText": "at {{ query.page }}"}"#,
            "files/hello.txt": "hello {{query.name}}",
            "hello.json": #"{"responseFile": "files/hello.txt"}"#,
        ])
        var options = FixtureLoadOptions()
        options.templateAll = true
        let store = try tree.load(options: options)
        #expect(store.problems.isEmpty, "\(store.problems)")
        let engine = MockEngine(store: store)
        let user = engine.get("/users/7")
        #expect(user.text == #"{"id":7}"#)
        #expect(user.headerValue("X-Id") == "7")
        #expect(engine.send("POST", "/users/7").text == #""{{path.id}}""#, "template: false is meant as written")
        #expect(engine.send("PUT", "/users/7").preparedID != nil, "no placeholders: still prebuilt")
        #expect(engine.get("/page?page=2").text == "at 2")
        #expect(engine.get("/hello?name=Rey").text == "hello Rey")
        let typo = try TemporaryFolder(["t.json": #"{"response": {"id": "{{paht.id}}"}}"#])
        #expect(try typo.load(options: options).problemReport.contains("unknown placeholder {{paht.id}}"), "as with \"template\": true (audit R19)")
        let plain = try tree.load()
        #expect(plain.problems.contains { $0.message.contains("looks like a {{placeholder}}") }, "without it, the usual warning")
        #expect(MockEngine(store: plain).get("/users/7").text == #"{"id":"{{path.id | number}}"}"#)
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

    /// `"template": false` says the text is meant as written: no forgotten-template warning.
    @Test func anExplicitTemplateFalseIsNotWarnedAbout() throws {
        let (store, tree) = try loadTree(["w.json": #"[{"template": false, "headers": {"X-T": "{{uuid}}"}, "response": {"id": "{{path.id}}"}}]"#])
        _ = tree
        #expect(store.problems.isEmpty, "\(store.problems)")
        #expect(store.get("/w").text == #"{"id":"{{path.id}}"}"#)
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
            case .repeated(let count, let item): "repeat(\(count), \(item.count) parts)"
            }
        }
        #expect(shapes == [#"bytes({"a":)"#, #"value(pathParameter("id"))"#, #"bytes(,"b":"x)"#, "content(method)", #"bytes(y","c":[1,2]})"#])
    }
}

/// `"responseFile": "data/users/{{path.id}}.json"` (audit W2's G17, WireMock's templated
/// `bodyFileName`): the files it can name are read at load; one is chosen per request.
@Suite("Templated responseFile paths")
struct TemplatedResponseFileTests {
    @Test func choosesTheFileThePathNamesPerRequest() throws {
        let fixture = try EngineFixture([
            "users/{id}.json": #"[{"template": true, "times": 5, "responseFile": "data/users/{{path.id}}.json"}, {"status": 410}]"#,
            "data/users/1.json": #"{"id": 1, "name": "Rey", "asked": "{{query.x}}"}"#,
            "data/users/2.json": #"{"id": 2, "name": "Finn"}"#,
            "data/users/notes.txt": "not a user",
            "data/users/9.json": #"{"broken": "#,
            "img/{name}.json": #"{"template": true, "responseFile": "img/{{path.name}}"}"#,
            "img/a.png": "PNG",
            "img/b.txt": "text",
        ])
        let problems = fixture.engine.store.problems.map(\.description)
        #expect(problems.count == 1 && problems[0].hasPrefix("users/{id}.json:1:33: warning: responseFile \"data/users/9.json\" is not valid JSON at 1:12:")
                && problems[0].contains("; data/users/9.json is never chosen"), "\(problems)")
        #expect(fixture.get("/users/9").status == 410, "left out, and the others still answer (audit R19)")
        let rey = fixture.get("/users/1?x=y")
        #expect(rey.text == #"{"id":1,"name":"Rey","asked":"y"}"#, "the chosen file is templated too")
        #expect(rey.headerValue("Content-Type") == "application/json")
        #expect(fixture.get("/users/2").text == #"{"id":2,"name":"Finn"}"#)
        // An entry whose path names no file does not match: the next entry answers, and the
        // entry's `times` are not used up (audit R19).
        #expect(fixture.get("/users/3").status == 410)
        #expect(fixture.get("/users/a%2Fb").status == 404, "a value never reaches another folder")
        let (alone, aloneTree) = try loadTree(["u/{id}.json": #"{"template": true, "responseFile": "data/{{path.id}}.json"}"#, "data/1.json": "{}"])
        _ = aloneTree
        let missing = alone.get("/u/3")
        #expect(missing.status == 404)
        let reasons = try #require(((try missing.jsonObject()["candidates"] as? [[String: Any]])?.first?["reasons"] as? [String]))
        #expect(reasons == [#"responseFile "data/{{path.id}}.json" names "data/3.json" for this request, which is not among the 1 file it was loaded with (data/1.json)"#])
        #expect(fixture.get("/data/users/1").status == 404, "a file a responseFile names is a body, not a route")
        #expect(fixture.get("/img/a.png").headerValue("Content-Type") == "image/png", "each file's own type")
        #expect(fixture.get("/img/b.txt").text == "text")

        let posted = fixture.postJSON("/__admin/fixtures", #"{"path": "/people/{id}", "entries": [{"template": true, "responseFile": "data/users/{{path.id}}.json"}]}"#)
        #expect(posted.status == 201, "\(posted.text)")
        #expect(fixture.get("/people/2").text == #"{"id":2,"name":"Finn"}"#)
    }

    @Test func placeholdersInThePathNeedTemplate() throws {
        let (store, tree) = try loadTree([
            "d.json": #"{"template": true, "responseFile": "{{query.id}}.json"}"#,
            "a.json": #"{"responseFile": "data/{{query.id}}.json"}"#,
            "b.json": #"{"template": true, "responseFile": "nothing/{{query.id}}.json"}"#,
            "c.json": #"{"template": true, "responseFile": "data/{{paht.id}}.json"}"#,
            "e.json": #"{"template": true, "headers": {"Content-Encoding": "gzip"}, "responseFile": "data/{{query.id}}.json"}"#,
            "f.json": #"{"template": true, "responseFile": "/etc/{{query.f}}"}"#,
            "g.json": #"{"template": true, "responseFile": "data/../../outside/{{query.f}}"}"#,
            "data/1.json": "{}",
        ])
        _ = tree
        let report = store.problemReport
        #expect(report.contains(#"a.json:1:2: error: responseFile "data/{{query.id}}.json" has placeholders, which are filled in only with "template": true"#), "\(report)")
        #expect(report.contains(#"b.json:1:36: warning: no file under the root fits responseFile "nothing/{{query.id}}.json", so every answer is a 404 naming the file it looked for. Add the files, such as nothing/7.json"#), "\(report)")
        #expect(report.contains(#"c.json:1:36: error: responseFile "data/{{paht.id}}.json": unknown placeholder {{paht.id}}"#), "\(report)")
        #expect(report.contains(#"d.json:1:36: error: responseFile "{{query.id}}.json" has a placeholder before its first folder, so it could name any fixture file at the root"#), "\(report)")
        #expect(store.get("/a").status == 500 && store.get("/c").status == 500, "the fixture files around are not taken as bodies")
        #expect(report.contains(#"e.json:1:32: error: header "Content-Encoding: gzip" says the body is encoded, but "responseFile" is sent as rendered from its template"#), "\(report)")
        // As for a path without placeholders (audit F3: a warning advising to add /etc/7).
        #expect(report.contains(#"f.json:1:36: error: responseFile "/etc/{{query.f}}" is absolute; it must be relative to the fixture root"#), "\(report)")
        #expect(report.contains(#"g.json:1:36: error: responseFile "data/../../outside/{{query.f}}" has an empty, '.' or '..' segment, which could leave the fixture root"#), "\(report)")
        var options = FixtureLoadOptions()
        options.templateAll = true
        let all = try tree.load(options: options)
        #expect(!all.problemReport.contains("a.json:"), "--template-all templates it")
        #expect(MockEngine(store: all).get("/a?id=1").text == "{}")
    }
}
