/// Header lookup done only when matching needs it, so the server need not copy every header.
///
/// ```swift
/// struct MyHeaders: RequestHeaderLookup {
///     let raw: [(String, String)]
///     func value(forHeader lowercasedName: String) -> String? {
///         raw.first { $0.0.lowercased() == lowercasedName }?.1
///     }
/// }
/// ```
public protocol RequestHeaderLookup {
    /// The value of the header, or `nil`. `lowercasedName` is already lower-cased.
    func value(forHeader lowercasedName: String) -> String?
}

/// Case-insensitive lookup in a `[String: String]` of header names to values.
///
/// ```swift
/// let headers = ["Authorization": "Bearer good-token"]
/// headers.value(forHeader: "authorization")   // "Bearer good-token"
/// ```
extension Dictionary: RequestHeaderLookup where Key == String, Value == String {
    public func value(forHeader lowercasedName: String) -> String? {
        if let exact = self[lowercasedName] { return exact }
        for (name, value) in self where name.count == lowercasedName.count && name.lowercased() == lowercasedName {
            return value
        }
        return nil
    }
}

/// A request without headers.
///
/// ```swift
/// store.respond(method: "GET", target: "/", headers: NoHeaders(), body: [])
/// ```
public struct NoHeaders: RequestHeaderLookup {
    public init() {}
    public func value(forHeader lowercasedName: String) -> String? { nil }
}
