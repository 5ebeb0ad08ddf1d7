/// One request being matched, with its query and body decoded only when an entry needs them.
struct IncomingRequest {
    enum BodyContent {
        case none
        case form(QueryParameters)
        case multipart(ReceivedMultipartForm)
        case malformedMultipart(MultipartError)
        case json(JSONValue)
        case notJSON(JSONSyntaxError)

        var isForm: Bool {
            if case .form = self { return true }
            return false
        }
    }

    let method: String
    let target: RequestTarget
    /// An existential, so matching code is compiled once, specialised, whatever lookup the caller has.
    let headers: any RequestHeaderLookup
    let body: [UInt8]
    /// The `{name}` segments of the fixture path being tried; set per route before its entries are.
    var pathParameters = PathParameters.none
    /// The bytes of header lines the answer may have (``MockEngine/fittingHeaderRoom(_:limit:status:)``):
    /// an answer that changes state checks it before the change, so it never takes effect
    /// while its answer becomes a refusal.
    var answerHeaderBytesLimit = Int.max
    /// The webhooks the chosen entry sends, rendered for this request; sent once the engine
    /// knows when the answer goes out.
    /// (Optional: a request without any then releases nothing; callgrind.)
    var webhooks: [WebhookRequest]?
    private var cachedQuery: QueryParameters?
    private var cachedBody: BodyContent?

    init(method: String, target: RequestTarget, headers: any RequestHeaderLookup, body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// Methods are case-sensitive (RFC 9110 §9.1): `head` is not HEAD, and libmicrohttpd sends
    /// it a body.
    var isHead: Bool { method == "HEAD" }

    var isGetOrHead: Bool { isHead || method == "GET" }

    /// The value of the header `lowercasedName` without the spaces and tabs around it, which are
    /// not part of a field value (RFC 9110 §5.5) though libmicrohttpd keeps trailing ones: what
    /// `requestHeaders` and `{{header.NAME}}` see. Copies only when there is something to trim.
    func headerValue(_ lowercasedName: String) -> String? {
        guard let value = headers.value(forHeader: lowercasedName) else { return nil }
        let isWhitespace = { (byte: UInt8?) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard isWhitespace(value.utf8.first) || isWhitespace(value.utf8.last) else { return value }
        return String(value.trimmingSpaces())
    }

    /// The method a response body names: `GET` for HEAD, whose answer states the length of the
    /// GET answer's body, so a body that names the method must have the same length as GET's.
    var methodNamedInBodies: String { Self.methodNamedInBodies(method) }

    /// ``methodNamedInBodies`` for a request that could not be parsed into an `IncomingRequest`.
    static func methodNamedInBodies(_ method: String) -> String {
        method == "HEAD" ? "GET" : method
    }

    /// The same request as a GET, for the length of the body a GET would get; the caches and
    /// path parameters go along.
    func asGET() -> IncomingRequest {
        var request = IncomingRequest(method: "GET", target: target, headers: headers, body: body)
        request.pathParameters = pathParameters
        request.cachedQuery = cachedQuery
        request.cachedBody = cachedBody
        return request
    }

    mutating func query() -> QueryParameters {
        if let cachedQuery { return cachedQuery }
        let query = target.query.map { QueryParameters(decoding: $0) } ?? QueryParameters(decodingBytes: [])
        cachedQuery = query
        return query
    }

    mutating func bodyContent() -> BodyContent {
        if let cachedBody { return cachedBody }
        let content: BodyContent
        // Body-less requests (most GETs) never look at headers: a header lookup can cost the server a copy.
        let contentType = body.isEmpty ? nil : headers.value(forHeader: "content-type")
        let mediaType = contentType.map { $0.prefix { $0 != ";" }.trimmingSpaces() } ?? ""
        if body.isEmpty {
            content = .none
        } else if let contentType, equalsIgnoringASCIICase(mediaType, "multipart/form-data") {
            do {
                content = .multipart(try ReceivedMultipartForm(parsing: body, contentType: contentType))
            } catch {
                content = .malformedMultipart(error)
            }
        } else if equalsIgnoringASCIICase(mediaType, "application/x-www-form-urlencoded") {
            content = .form(QueryParameters(decodingBytes: body))
        } else {
            do {
                content = .json(try JSONParser.parse(body).root.value)
            } catch {
                content = .notJSON(error)
            }
        }
        cachedBody = content
        return content
    }

    /// Whether a fixture entry's (upper-cased) method accepts this request; GET entries answer HEAD
    /// too. The request's method must be spelled exactly (RFC 9110 §9.1): a `get` from a client
    /// would get a 400 or 405 from most servers, so the mock does not hide it.
    func accepts(entryMethod: String) -> Bool {
        Self.entryMethod(entryMethod, answers: method)
    }

    /// Whether an entry of `entryMethod` answers requests of `method` (``accepts(entryMethod:)``),
    /// also for checks made at load, with no request.
    @inline(__always)
    static func entryMethod(_ entryMethod: String, answers method: String) -> Bool {
        method == entryMethod || (entryMethod == "GET" && method == "HEAD") || (entryMethod == anyMethod && method != "OPTIONS" && method != "CONNECT")
    }

    /// An entry's `"method": "ANY"`: every method but OPTIONS, so that a catch-all (a whole
    /// resource down) leaves CORS preflights to `--cors` and to OPTIONS entries, and CONNECT,
    /// whose 2xx would turn the connection into a tunnel no client could read an answer from.
    static let anyMethod = "ANY"

    /// The one of `methods` the request's method spells in another case (`GET` for `get`), or
    /// `nil` (also when the method is one of them exactly).
    func methodInAnotherCase(among methods: [String]) -> String? {
        guard !methods.contains(method) else { return nil }
        return methods.first { equalsIgnoringASCIICase($0, method) }
    }

    /// ``methodInAnotherCase(among:)`` for the methods an entry with `entryMethod` accepts: GET
    /// entries answer HEAD too (`HEAD` for `head`).
    func methodInAnotherCase(acceptedBy entryMethod: String) -> String? {
        methodInAnotherCase(among: entryMethod == "GET" ? ["GET", "HEAD"] : [entryMethod])
    }

    /// What to tell a client that sent `sent` where `expected` was wanted in another case.
    static func caseSensitiveMethodNote(sent: String, expected: String) -> String {
        "methods are case-sensitive: send \(expected), not \(sent)"
    }
}
