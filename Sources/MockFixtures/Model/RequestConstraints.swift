/// What a request must look like: the part of a fixture entry that selects requests, and all of
/// a verification pattern. One matcher (``EntryMatcher``) checks both, so "which entry answers"
/// and "was this request sent" can never disagree.
struct RequestConstraints: Sendable {
    struct HeaderRequirement: Sendable {
        let lowercasedName: String
        let expectation: ParameterExpectation
    }

    /// `request`: compared with a JSON body as a whole, or member by member with query
    /// parameters, form fields or multipart parts when the request carries those.
    struct BodyRequirement: Sendable {
        let json: JSONExpectation
        /// The top-level members when `request` is an object; `nil` otherwise.
        let parameters: [NamedParameter]?
        /// As written, for messages.
        let source: JSONValue
        /// `request` written as `{"$regex": …}` or `{"$contains": …}`: searched in the text of a
        /// body that is not JSON (XML, plain text, a form as sent).
        var textCondition: TextCondition? {
            if case .condition(let condition) = json { return condition }
            return nil
        }

        init(_ json: JSONExpectation, source: JSONValue) {
            self.json = json
            self.source = source
            switch json {
            case .object(let members, _, _):
                parameters = members.map { NamedParameter(name: $0.key, expectation: ParameterExpectation($0.expectation)) }
            case .value(.object(let members)):
                parameters = members.map { NamedParameter(name: $0.key, expectation: ParameterExpectation(.value($0.value.value))) }
            default:
                parameters = nil
            }
        }
    }

    /// The methods whose `request` in a verification pattern is always their body: a POST, PUT
    /// or PATCH without one is not counted by its query parameters, so that verifying the body an
    /// app should have sent never passes for a request that carried none. (Fixture entries still
    /// read a body-less request's query, as recordings rely on.) A parameter of the matcher
    /// rather than a field here: entries are copied on every request, and one more field made
    /// that copy a `memcpy` (+350 instructions a request, callgrind).
    static let methodsWhoseRequestIsTheBody: Set<String> = ["POST", "PUT", "PATCH"]

    /// Upper-cased HTTP method; `nil` matches any method (patterns only: entries default to GET).
    let method: String?
    /// What the request body (or query) must be; `nil` matches anything.
    let request: BodyRequirement?
    /// `query` and `queryMatch`: parameters the query string must carry, even when a body is
    /// sent, and whether it may carry others.
    let query: QueryRequirement?
    let requiredHeaders: [HeaderRequirement]
    /// `pathParameters`: what the `{name}` segments of the path must hold.
    let pathParameters: [NamedParameter]?
    /// `requestCookies`: cookies the `Cookie` header must carry, by name (case-sensitive).
    var cookies: [NamedParameter]? { rarelyUsed?.cookies }
    /// `"requestBody": "required"`: a request without a body does not match, and `request` is
    /// compared with the body only, never with the query (audit I1: an imported WireMock body
    /// pattern answered `POST /api/users?name=Rey` sent without one).
    var requiresBody: Bool { rarelyUsed?.requiresBody ?? false }
    /// `requestJsonPath`: JSONPath queries into the JSON body and what each must select.
    var jsonPaths: [JSONPathRequirement]? { rarelyUsed?.jsonPaths }
    /// The constraints few entries have, behind one reference: a field more in this struct,
    /// which every request copies per entry, cost +380 instructions on a small GET (callgrind).
    private let rarelyUsed: RarelyUsed?

    private final class RarelyUsed: Sendable {
        let cookies: [NamedParameter]?
        let requiresBody: Bool
        let jsonPaths: [JSONPathRequirement]?

        init(cookies: [NamedParameter]?, requiresBody: Bool, jsonPaths: [JSONPathRequirement]?) {
            self.cookies = cookies
            self.requiresBody = requiresBody
            self.jsonPaths = jsonPaths
        }
    }

    init(method: String?, request: BodyRequirement?, query: QueryRequirement?, requiredHeaders: [HeaderRequirement],
         pathParameters: [NamedParameter]?, cookies: [NamedParameter]? = nil, requiresBody: Bool = false,
         jsonPaths: [JSONPathRequirement]? = nil) {
        self.method = method
        self.request = request
        self.query = query
        self.requiredHeaders = requiredHeaders
        self.pathParameters = pathParameters
        rarelyUsed = cookies == nil && !requiresBody && jsonPaths == nil
            ? nil : RarelyUsed(cookies: cookies, requiresBody: requiresBody, jsonPaths: jsonPaths)
    }

    /// Nothing but the method: every request with the right method matches.
    var isWildcard: Bool { request == nil && query == nil && requiredHeaders.isEmpty && pathParameters == nil && rarelyUsed == nil }
}
