/// One request being matched, with its query and body decoded only when an entry needs them.
struct IncomingRequest<Headers: RequestHeaderLookup> {
    enum BodyContent {
        case none
        case form(QueryParameters)
        case json(JSONValue)
        case notJSON(JSONSyntaxError)
    }

    let method: String
    let target: RequestTarget
    let headers: Headers
    let body: [UInt8]
    private var cachedQuery: QueryParameters?
    private var cachedBody: BodyContent?

    init(method: String, target: RequestTarget, headers: Headers, body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    var isHead: Bool { Self.equalsIgnoringCase(method, "HEAD") }

    var isGetOrHead: Bool { isHead || Self.equalsIgnoringCase(method, "GET") }

    mutating func query() -> QueryParameters {
        if let cachedQuery { return cachedQuery }
        let query = target.query.map { QueryParameters(decoding: $0) } ?? QueryParameters(decodingBytes: [])
        cachedQuery = query
        return query
    }

    mutating func bodyContent() -> BodyContent {
        if let cachedBody { return cachedBody }
        let content: BodyContent
        if body.isEmpty {
            content = .none
        } else if isFormContentType {
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

    private var isFormContentType: Bool {
        guard let contentType = headers.value(forHeader: "content-type") else { return false }
        let mediaType = contentType.prefix { $0 != ";" }.trimmingSpaces()
        return Self.equalsIgnoringCase(mediaType, "application/x-www-form-urlencoded")
    }

    /// Whether a fixture entry's (upper-cased) method accepts this request; GET entries answer HEAD too.
    func accepts(entryMethod: String) -> Bool {
        Self.equalsIgnoringCase(method, entryMethod) || (entryMethod == "GET" && isHead)
    }

    static func equalsIgnoringCase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        let left = lhs.utf8, right = rhs.utf8
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where a != b {
            let lowerA = (a >= UInt8(ascii: "A") && a <= UInt8(ascii: "Z")) ? a | 0x20 : a
            let lowerB = (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b | 0x20 : b
            if lowerA != lowerB { return false }
        }
        return true
    }
}
