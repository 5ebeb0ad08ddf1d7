/// Keys other mock tools use, with what says the same here: an unknown key's hint names ours, which
/// edit distance cannot find (`jsonBody` is nowhere near `response`). From audit W2 (G13).
enum OtherToolKeys {
    /// An entry's keys (WireMock mappings, MockServer and Mockoon spellings).
    static let entry: [String: String] = [
        "jsonBody": #"write the JSON answer as "response""#,
        "body": #"write a text answer as "responseText" and a JSON one as "response""#,
        "base64Body": #"write the bytes as "responseBase64", or put them in a file named in "responseFile""#,
        "bodyFileName": #"name the file in "responseFile" (relative to the root)"#,
        "fixedDelayMilliseconds": #"write "delay": 300 (milliseconds)"#,
        "delayDistribution": #"write "delay": {"min": 100, "max": 400} for a uniform random delay, {"median": 80, "sigma": 0.4} for a log-normal one"#,
        "statusCode": #"write "status""#,
        "statusMessage": "the reason phrase is always the standard one; give the status alone",
        "queryParameters": #"write the parameters in "query""#,
        "bodyPatterns": #"write the expected body in "request" ("requestMatch": "partial" for ignoreExtraElements)"#,
        "cookies": #"write them in "requestCookies""#,
        "scenarioName": #"write "scenario""#,
        "requiredScenarioState": #"write "state" (scenarios start in "started")"#,
        "newScenarioState": #"write "newState""#,
        "url": "the file's path (a runtime fixture's \"path\") is the URL's path; put query parameters in \"query\", with \"queryMatch\": \"exact\" to refuse others",
        "urlPath": "the file's path (a runtime fixture's \"path\") is the URL's path: api/users/1.json answers /api/users/1",
        "urlPattern": "name the file with {name} or {name...} segments, and constrain them in \"pathParameters\"",
        "urlPathPattern": "name the file with {name} or {name...} segments, and constrain them in \"pathParameters\"",
        "proxyBaseUrl": #"write "forward": "https://api.example.com" (headers to add: "forward": {"to": …, "headers": {…}})"#,
        "additionalProxyRequestHeaders": #"write "forward": {"to": "https://api.example.com", "headers": {…}}"#,
        "httpForward": #"write "forward": "https://api.example.com""#,
        "serveEventListeners": #"write "webhooks": [{"url": "http://…", "body": {…}, "delay": 500}] (with "template": true, {{body.id}} fills in from the request)"#,
        "postServeActions": #"write "webhooks": [{"url": "http://…", "body": {…}}]"#,
        "callbacks": #"write "webhooks": [{"url": "http://…", "body": {…}}]"#,
        "httpCallback": #"write "webhooks": [{"url": "http://…", "body": {…}}]"#,
        "httpObjectCallback": #"write "webhooks": [{"url": "http://…", "body": {…}}]"#,
        "latency": #"write "delay": 300 (milliseconds)"#,
    ]

    /// A verification pattern's keys (WireMock's request pattern).
    static let pattern: [String: String] = [
        "url": #"write "path" and the parameters in "query", with "queryMatch": "exact" to refuse others"#,
        "urlPath": #"write "path""#,
        "urlPathPattern": #"write "path": {"$regex": "^/api/"}, or a "path" with {name} segments"#,
        "urlPattern": #"write "path": {"$regex": …} and the parameters in "query""#,
        "headers": #"write "requestHeaders""#,
        "queryParameters": #"write "query""#,
        "bodyPatterns": #"write the expected body in "request" ("requestMatch": "partial" for ignoreExtraElements)"#,
        "cookies": #"write "requestCookies""#,
        "body": #"write the expected body in "request""#,
    ]
}
