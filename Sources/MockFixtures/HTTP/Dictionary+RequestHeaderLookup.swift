/// Case-insensitive lookup in a `[String: String]` of header names to values.
///
/// ```swift
/// let headers = ["Authorization": "Bearer good-token"]
/// headers.value(forHeader: "authorization")   // "Bearer good-token"
/// ```
extension Dictionary: RequestHeaderLookup where Key == String, Value == String {
    public func value(forHeader lowercasedName: String) -> String? {
        if let exact = self[lowercasedName] { return exact }
        // Byte-wise: `String.count` and `lowercased()` would walk grapheme clusters and allocate.
        for (name, value) in self where equalsIgnoringASCIICase(name, lowercasedName) {
            return value
        }
        return nil
    }

    public func headerFields() -> [HTTPHeader] {
        map { HTTPHeader(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
    }
}
