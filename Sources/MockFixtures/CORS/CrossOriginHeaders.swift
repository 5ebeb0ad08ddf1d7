/// The CORS headers (Fetch standard, "CORS protocol") of answers to browser requests carrying
/// `Origin`, for ``MockEngineOptions/cors``.
///
/// Every origin is allowed, with credentials: the request's `Origin` is echoed (never `*`, which
/// browsers refuse for requests with cookies or `Authorization`) together with
/// `Access-Control-Allow-Credentials: true`, and the allowed and exposed headers are listed by
/// name for the same reason. A mock server guards nothing, and an app that works against it with
/// `credentials: "include"` then works against a production API configured for its origin.
///
/// ```swift
/// CrossOriginHeaders.preflight(origin: "http://localhost:5173", requestedMethod: "PUT",
///                              requestedHeaders: "content-type, authorization", privateNetwork: false)
/// // Access-Control-Allow-Origin: http://localhost:5173, Access-Control-Allow-Methods: GET, HEAD, POST, PUT, …
/// ```
enum CrossOriginHeaders {
    static let allowOrigin = "Access-Control-Allow-Origin"
    static let allowCredentials = "Access-Control-Allow-Credentials"
    static let exposeHeaders = "Access-Control-Expose-Headers"
    static let vary = "Vary"
    /// How long browsers may reuse a preflight answer, in seconds: long enough to spare a
    /// preflight per request, short enough that a fixture `OPTIONS` entry added later is seen soon.
    static let maxAgeSeconds = 600
    static let commonMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The request's `Origin` as it may be echoed: `nil` when absent, empty, or holding a byte a
    /// header value cannot carry (no browser sends one; echoing it would poison the answer).
    static func origin(in headers: some RequestHeaderLookup) -> String? {
        guard let origin = headers.value(forHeader: "origin")?.trimmingSpaces(), !origin.isEmpty,
              HTTPFieldValue.firstForbiddenByte(in: origin) == nil else { return nil }
        return String(origin)
    }

    /// Whether a request is a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
    static func isPreflight(method: String, headers: any RequestHeaderLookup) -> Bool {
        method == "OPTIONS" && headers.value(forHeader: "access-control-request-method") != nil
    }

    /// The `204` of a preflight: the method asked for (and the common ones), the headers asked
    /// for, credentials, a max age, and Chrome's private network access when asked for.
    static func preflight(origin: String, headers: any RequestHeaderLookup) -> MockResponse {
        let requestedMethod = headers.value(forHeader: "access-control-request-method")?.trimmingSpaces() ?? ""
        var methods = commonMethods
        // Echoed only when it is a method name (a token), as a browser sends it.
        if HTTPToken.isValid(String(requestedMethod)), !methods.contains(String(requestedMethod)) { methods.append(String(requestedMethod)) }
        var answer = [
            HTTPHeader(name: allowOrigin, value: origin),
            HTTPHeader(name: allowCredentials, value: "true"),
            HTTPHeader(name: "Access-Control-Allow-Methods", value: methods.joined(separator: ", ")),
        ]
        if let requested = headers.value(forHeader: "access-control-request-headers").flatMap(headerNameList) {
            answer.append(HTTPHeader(name: "Access-Control-Allow-Headers", value: requested))
        }
        answer.append(HTTPHeader(name: "Access-Control-Max-Age", value: String(maxAgeSeconds)))
        if let privateNetwork = headers.value(forHeader: "access-control-request-private-network"), equalsIgnoringASCIICase(privateNetwork.trimmingSpaces(), "true") {
            answer.append(HTTPHeader(name: "Access-Control-Allow-Private-Network", value: "true"))
        }
        answer.append(HTTPHeader(name: vary, value: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"))
        return MockResponse(status: 204, headers: answer, body: [], outcome: .corsPreflight)
    }

    /// `Access-Control-Request-Headers` as it may be echoed: header names (tokens) separated by
    /// commas, as a browser sends them; `nil` when empty or anything else.
    static func headerNameList(_ value: String) -> String? {
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard names.contains(where: { !$0.isEmpty }), names.allSatisfy({ $0.isEmpty || HTTPToken.isValid(String($0)) }) else { return nil }
        return String(value.trimmingSpaces())
    }

    /// `headers` of an answer to a request without `Origin` (or with one no browser sends), under
    /// ``MockEngineOptions/cors``: with `Origin` added to `Vary`, because the same URL answers
    /// a browser's request with `Origin` differently. Without it a browser that cached the answer
    /// to an `<img>` or a navigation would reuse it for a `fetch` from a page, lacking
    /// `Access-Control-Allow-Origin`: a CORS error that only a cleared cache cures (RFC 9110
    /// §12.5.5; the Fetch standard's "CORS protocol and HTTP caches").
    ///
    /// Unchanged when the answer handles CORS itself (it says `Access-Control-Allow-Origin`) or
    /// already varies on `Origin` or on everything (`*`).
    static func varyingOnOrigin(_ headers: [HTTPHeader]) -> [HTTPHeader]? {
        var varyIndex: Int?
        for (index, header) in headers.enumerated() {
            if equalsIgnoringASCIICase(header.name, allowOrigin) { return nil }
            if equalsIgnoringASCIICase(header.name, vary) { varyIndex = index }
        }
        var result = headers
        if let varyIndex {
            guard let merged = varyValue(result[varyIndex].value) else { return nil }
            result[varyIndex] = HTTPHeader(name: result[varyIndex].name, value: merged)
        } else {
            result.append(HTTPHeader(name: vary, value: "Origin"))
        }
        return result
    }

    /// A `Vary` value with `Origin` in it; `nil` when it already names `Origin` or is `*`.
    private static func varyValue(_ existing: String) -> String? {
        guard existing.trimmingSpaces() != "*",
              !existing.split(separator: ",").contains(where: { equalsIgnoringASCIICase($0.trimmingSpaces(), "origin") }) else { return nil }
        return existing + ", Origin"
    }

    /// The bytes ``varyingOnOrigin(_:)`` adds at most to an answer's header block
    /// (`Vary: Origin` and its line end).
    static let varyOnOriginLineBytes = HTTPHeader.lineBytes([HTTPHeader(name: vary, value: "Origin")])

    /// `headers` of an answer to a request from `origin`, with the origin allowed and every
    /// header of the answer exposed. An answer that already says `Access-Control-Allow-Origin`
    /// (a fixture entry handling CORS itself, e.g. to test a refusal) is left as it is.
    static func allowing(origin: String, in headers: [HTTPHeader]) -> [HTTPHeader]? {
        guard !headers.contains(where: { equalsIgnoringASCIICase($0.name, allowOrigin) }) else { return nil }
        var exposed: [String] = []
        var varyIndex: Int?
        // An entry that lists its exposed headers itself keeps its list (and gets no second one).
        var exposesItself = false
        for (index, header) in headers.enumerated() {
            if equalsIgnoringASCIICase(header.name, vary) { varyIndex = index }
            if equalsIgnoringASCIICase(header.name, exposeHeaders) { exposesItself = true }
            let lowercased = header.name.lowercased()
            guard !lowercased.hasPrefix("access-control-"), !exposed.contains(where: { $0.lowercased() == lowercased }) else { continue }
            exposed.append(header.name)
        }
        // Listed although it is safelisted: older browsers (Firefox before 2021) do not safelist it.
        if !exposed.contains(where: { $0.lowercased() == "content-length" }) { exposed.append("Content-Length") }
        var result = headers
        if let varyIndex {
            if let merged = varyValue(result[varyIndex].value) {
                result[varyIndex] = HTTPHeader(name: result[varyIndex].name, value: merged)
            }
        } else {
            result.append(HTTPHeader(name: vary, value: "Origin"))
        }
        result.append(HTTPHeader(name: allowOrigin, value: origin))
        result.append(HTTPHeader(name: allowCredentials, value: "true"))
        if !exposesItself { result.append(HTTPHeader(name: exposeHeaders, value: exposed.joined(separator: ", "))) }
        return result
    }
}
