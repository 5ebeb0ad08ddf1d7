/// A request without headers.
///
/// ```swift
/// engine.respond(method: "GET", target: "/", headers: NoHeaders(), body: [])
/// ```
public struct NoHeaders: RequestHeaderLookup {
    public init() {}
    public func value(forHeader lowercasedName: String) -> String? { nil }
    public func headerFields() -> [HTTPHeader] { [] }
}
