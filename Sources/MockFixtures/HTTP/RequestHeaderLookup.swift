/// The request headers as the fixture engine reads them: single lookups while matching (so a
/// server need not copy every header for a request whose match needs none), and the whole list
/// only when the request is recorded in the journal.
///
/// ```swift
/// struct MyHeaders: RequestHeaderLookup {
///     let raw: [(String, String)]
///     func value(forHeader lowercasedName: String) -> String? {
///         raw.first { $0.0.lowercased() == lowercasedName }?.1
///     }
///     func headerFields() -> [HTTPHeader] { raw.map { HTTPHeader(name: $0.0, value: $0.1) } }
/// }
/// ```
public protocol RequestHeaderLookup {
    /// The value of the header, or `nil`. `lowercasedName` is already lower-cased.
    func value(forHeader lowercasedName: String) -> String?
    /// Every header as received, in order, repeated names repeated.
    func headerFields() -> [HTTPHeader]
}
