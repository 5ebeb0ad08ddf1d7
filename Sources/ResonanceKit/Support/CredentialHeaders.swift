/// The headers that carry credentials, in one list: a redirect to another origin drops them
/// (``Redirect``), and the curl command in logs masks their values (``CurlCommand``).
enum CredentialHeaders {
    /// `Authorization` and `Proxy-Authorization` carry a scheme and credentials; `Cookie` (and
    /// `Set-Cookie`, should a request carry one) carries a session.
    static let names = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

    private static let lowercasedNames = Set(names.map { $0.lowercased() })

    /// Whether `name` is one of ``names``, ignoring case.
    static func contains(_ name: String) -> Bool {
        lowercasedNames.contains(name.lowercased())
    }

    /// The value as logs show it: the scheme kept for `Authorization` and `Proxy-Authorization`
    /// (`Bearer ***`), everything else `***`.
    static func masked(_ value: String, of name: String) -> String {
        switch name.lowercased() {
        case "authorization", "proxy-authorization": AuthorizationValue.masked(value)
        default: "***"
        }
    }
}
