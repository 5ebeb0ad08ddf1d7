/// A request without headers.
///
/// ```swift
/// store.respond(method: "GET", target: "/", headers: NoHeaders(), body: [])
/// ```
public struct NoHeaders: RequestHeaderLookup {
    public init() {}
    public func value(forHeader lowercasedName: String) -> String? { nil }
}
