/// The fixture format and the admin API in brief, shown by `mockserver --help`.
enum FixtureFormatHelp {
    static let text = """
        FIXTURE FORMAT
          ROOT/P.json answers /P and /P/; DIR/index.json answers /DIR and /DIR/;
          ROOT/index.json answers /. The query string never selects the file.
          A {name} segment matches any one segment: people/{id}.json answers
          /people/7 (people/me.json still wins for /people/me: literal segments
          beat parameters, from the left). A last segment {name...} matches the
          rest of the path: files/{path...}.json answers /files/a/b.pdf.
          A file holds a JSON array of entries (one object is a one-entry array):
            method          HTTP method, default GET (HEAD is answered like GET;
                            "ANY": every method but OPTIONS and CONNECT);
                            requests must spell it exactly: "patch" is not PATCH
            status          200-599, default 200 (204, 205 and 304 send no body)
            request         JSON the body must equal, or query parameters / form
                            fields / multipart parts to require (absent or {}:
                            anything)
            requestMatch    "partial": extra keys in a JSON body are allowed
            requestBody     "required": only requests with a body match, and
                            "request" is never compared with the query
            query           query parameters to require even when a body is sent
            queryMatch      "exact": no query parameters but those named
            requestHeaders  headers that must be present with these values
            requestCookies  cookies the Cookie header must carry, by name
            requestJsonPath JSONPath queries into a JSON body and what each
                            must select: {"$.items[?@.qty > 1]": {"$any": true},
                            "$.items[*].sku": {"$includes": ["A1"]}}
            pathParameters  what the {name} segments must hold, e.g. {"id": "7"}
            response        JSON sent back (absent or null: empty body)
            responseText    text sent back (text/plain unless headers say else)
            responseFile    a file under the root sent back, e.g. "files/a.pdf";
                            templated: "data/{{path.id}}.json" picks one
            responseBase64  bytes sent back, in base64
            headers         extra response headers; an array of strings sends
                            one on several lines: "Set-Cookie": ["a=1", "b=2"]
            template        true: fill in {{path.id}} {{query.page}}
                            {{header.x-request-id}} {{body.items.0.sku}}
                            {{body['a.b']}} {{method}} {{now}}
                            {{now+1h.epoch}} {{now.format(yyyy-MM-dd)}}
                            {{uuid}} {{random.int(1,100)}}
                            {{random.hex(16)}} {{cookie.session}} in
                            response strings, header values, responseText
                            and a responseFile's JSON or text;
                            "{{path.id | number}}" sends 7, not "7" (also
                            | boolean, | string, | json); {"$repeat":
                            {"count": 3, "item": {"id": "{{index}}"}}}
                            makes a list (--template-all: every entry
                            holding placeholders, unless "template": false)
            delay           milliseconds to wait before answering,
                            {"min": 100, "max": 400} for a random delay, or
                            {"median": 80, "sigma": 0.4}: log-normal
            bytesPerSecond  send the body slowly, about N bytes per second
            fault           "connectionReset", "emptyResponse" or
                            "truncatedBody" instead of a normal answer;
                            "notConnectedToInternet", "cannotFindHost",
                            "cannotConnectToHost", "secureConnectionFailed"
                            are those URLErrors in-process, a reset here
            times           answer at most N matching requests, then the next
                            entry does
            priority        lower numbers are tried first (default 5), across
                            files and runtime fixtures
            scenario        the state machine the entry belongs to; with
            state           it matches only in this state (all start "started")
            newState        and moves the scenario here after answering
            forward         "https://api.example.com/v1" or {"to": ..., "headers":
                            {...}}: the matching requests go to that API, whose
                            answer is sent back (no answer keys beside it)
            webhooks        [{"url": "http://...", "method", "headers", "body" or
                            "bodyText", "delay"}]: requests sent after the entry
                            answers, templated with it
          Matchers may stand for any compared value (request, query, headers,
          cookies, path parameters): {"$regex": "^A[0-9]+$"}, {"$contains": "x"},
          {"$any": true}, {"$absent": true}, {"$equals": <literal JSON>},
          {"$includes": [elements, any order]}, {"$unordered": [exactly these]},
          {"$not": value or matcher},
          {"$anyOf": [two or more]}; a $regex or $contains standing
          for the whole request searches a body that is not JSON as text.
          Lower priority numbers are tried first, in every file and runtime
          fixture serving the path; within one priority a constrained entry beats a
          wildcard one, then the first in the file wins; runtime fixtures go before
          a resource (which ranks 5), that before files, and a file before the less
          specific ones it falls through to.
          A file holding {"$resource": {"items": [...]}} instead declares a
          collection at its path that the mock keeps (as POST /__admin/resources),
          set up again as declared on every reset (on a reload, if it changed).
          Other files (png, txt, ...) are served as static files for GET and HEAD,
          with ETag and Last-Modified (If-None-Match / If-Modified-Since: 304),
          and byte ranges (Range: bytes=0-99 -> 206; outside the file -> 416).
          A request that matches nothing gets a 404 explaining the closest entries;
          a broken fixture file answers 500 naming its problems.

        ADMIN API (never recorded)
          GET    /__admin/health                {"status":"ok",...}
          POST   /__admin/reset                 counters, scenarios, journal,
                                                runtime fixtures, resources and
                                                webhooks: a clean slate
          POST   /__admin/reload                read the fixtures again (also SIGHUP,
                                                --watch)
          GET    /__admin/requests              the journal (?unmatched=true: only
                                                requests nothing answered)
          DELETE /__admin/requests              clear the journal
          POST   /__admin/requests/find|count   requests matching a pattern such as
                                                {"method":"POST","path":"/orders/{id}",
                                                "request":{"sku":{"$regex":"^A"}}};
                                                count explains the nearest misses
                                                when it is 0
          GET|POST|DELETE /__admin/fixtures     fixtures added at runtime:
                                                {"path":"/orders","entries":[...]},
                                                before the files' entries of the
                                                same priority
          GET    /__admin/fixtures/unused       entries that answered nothing yet
          GET    /__admin/fixtures/ID           one runtime fixture, as posted
          PUT    /__admin/fixtures/ID           replace one in place (body as POST)
          DELETE /__admin/fixtures/ID           remove one runtime fixture
          GET|POST|DELETE /__admin/resources    collections the mock keeps:
                                                {"path":"/api/people","items":[...]}
                                                answers GET/POST there and
                                                GET/PUT/PATCH/DELETE on /ID
          GET|DELETE /__admin/resources/ID      one resource, with its items
          GET|PUT /__admin/settings             {"delay": 300} added to every answer
                                                until the next reset; GET also lists
                                                the --response-header headers
          GET|DELETE /__admin/webhooks          webhooks sent: pending, delivered
                                                (status) or failed (error); DELETE
                                                clears and cancels waiting ones
          GET    /__admin/scenarios             every scenario and its state
          GET    /__admin/scenarios/NAME        one scenario's state
          PUT    /__admin/scenarios/NAME        {"state":"paid"}

        BROWSERS, PROXY AND RECORDING
          --cors answers preflights (204) and allows every Origin, with
          credentials, on every answer; fixture entries for OPTIONS still win.
          --proxy-unmatched URL forwards what no fixture answers (no file, or no
          matching entry) to a real API and returns its answer (502 when it
          fails); --record writes those exchanges into --root. `mockserver record
          --target URL --root DIR` forwards everything and records it. The journal
          calls forwarded requests "proxied" ("proxyFailed" for a 502), also those
          an entry's "forward" sends, with the entry in "matched".
          --response-header 'Name: value' (repeatable) adds a header to every
          answer that does not set it (not admin or forwarded answers).

        EXAMPLES
          mockserver --root Mocks --port 0
          mockserver --root Mocks --watch --report-unused
          mockserver validate --root Mocks
          mockserver healthcheck --url http://127.0.0.1:8080
          mockserver tls-cert --out certs
          mockserver --root Mocks --tls-cert certs/cert.pem --tls-key certs/key.pem
          mockserver --root Mocks --cors
          mockserver record --target https://api.example.com --root Mocks
          mockserver --root Mocks --proxy-unmatched https://api.example.com --record
        """
}
