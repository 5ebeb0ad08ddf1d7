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
    /// Calls `body` with the UTF-8 bytes of every header's name and value, in the order of
    /// ``headerFields()``; the buffers are valid during the call only.
    ///
    /// The request journal copies headers through this on every request, so a type that holds
    /// headers as bytes (a server's parsed request) implements it without making strings. The
    /// default implementation goes through ``headerFields()``.
    ///
    /// ```swift
    /// var bytes = 0
    /// headers.forEachHeader { name, value in bytes += name.count + value.count }
    /// // for `Accept: application/json` alone: 22
    /// ```
    func forEachHeader(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void)
}

extension RequestHeaderLookup {
    public func forEachHeader(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void) {
        for field in headerFields() {
            var name = field.name
            var value = field.value
            name.withUTF8 { name in
                value.withUTF8 { value in
                    body(UnsafeRawBufferPointer(name), UnsafeRawBufferPointer(value))
                }
            }
        }
    }
}
