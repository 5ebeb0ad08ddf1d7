/// An HTTP request method.
///
/// The common methods are static members; anything else is `.custom("PURGE")` or a string literal.
///
/// ```swift
/// let list = JSONRequest<People, APIError>(method: .get, path: "people/", session: session)
/// let purge = JSONRequest<EmptyResponse, APIError>(method: .custom("PURGE"), path: "cache/", session: session)
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method name exactly as sent on the request line.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A method not listed as a static member, such as `PURGE` or `PROPFIND`.
    public static func custom(_ name: String) -> HTTPMethod {
        HTTPMethod(rawValue: name)
    }

    /// `GET`: parameters go in the query string.
    public static let get: HTTPMethod = "GET"
    /// `POST`: parameters go in a JSON object body.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: parameters go in a JSON object body.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: parameters go in a JSON object body.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: parameters go in the query string.
    public static let delete: HTTPMethod = "DELETE"
    /// `HEAD`: parameters go in the query string; the response has no body.
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`: parameters go in a JSON object body.
    public static let options: HTTPMethod = "OPTIONS"

    public var description: String { rawValue }

    /// GET, HEAD and DELETE send `perform(parameters:)` as a query string; the rest send a JSON object.
    var sendsParametersInQuery: Bool {
        switch rawValue.uppercased() {
        case "GET", "HEAD", "DELETE": true
        default: false
        }
    }

    /// Apple's URLSession refuses a body on these; we refuse first, with a clearer message.
    var forbidsBody: Bool {
        switch rawValue.uppercased() {
        case "GET", "HEAD": true
        default: false
        }
    }

    var isHead: Bool { rawValue.uppercased() == "HEAD" }

    /// An RFC 9110 token: no spaces, separators or control characters.
    var isValidToken: Bool {
        !rawValue.isEmpty && rawValue.utf8.allSatisfy(HTTPToken.isTokenCharacter)
    }
}
