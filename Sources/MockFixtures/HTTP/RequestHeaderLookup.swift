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
