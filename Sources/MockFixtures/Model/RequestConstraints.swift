/// What a request must look like: the part of a fixture entry that selects requests, and all of
/// a verification pattern. One matcher (``EntryMatcher``) checks both, so "which entry answers"
/// and "was this request sent" can never disagree.
struct RequestConstraints: Sendable {
    struct HeaderRequirement: Sendable {
        let lowercasedName: String
        let value: String
    }

    /// Upper-cased HTTP method; `nil` matches any method (patterns only: entries default to GET).
    let method: String?
    /// What the request body (or query) must equal; `nil` matches anything.
    let request: JSONValue?
    /// `query`: parameters the query string must carry, even when a body is sent.
    let query: [JSONMember]?
    let requiredHeaders: [HeaderRequirement]

    /// No `request`, `query` or `requestHeaders`: every request with the right method matches.
    var isWildcard: Bool { request == nil && query == nil && requiredHeaders.isEmpty }
}
