/// Builds and masks `Authorization` header values.
enum AuthorizationValue {
    /// `abc` → `Bearer abc`; `Basic dXNlcjpwYXNz` and `Bearer abc` unchanged; blank → nil.
    static func make(from token: String?) -> String? {
        guard let token = token?.trimmingWhitespace, !token.isEmpty else { return nil }
        if scheme(of: token) != nil {
            return token
        }
        return "Bearer " + token
    }

    /// `Bearer abc` → `Bearer ***`; a value without a scheme → `***`.
    static func masked(_ value: String) -> String {
        if let scheme = scheme(of: value) {
            return scheme + " ***"
        }
        return "***"
    }

    /// The auth scheme when `value` is "<token> <credentials>", such as `Basic` or `Bearer`.
    private static func scheme(of value: String) -> String? {
        guard let space = value.firstIndex(of: " ") else { return nil }
        let scheme = value[..<space]
        let credentials = value[value.index(after: space)...]
        guard HTTPToken.isValidName(String(scheme)), !credentials.trimmingWhitespace.isEmpty else { return nil }
        return String(scheme)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
