/// Headers kept as a list (a recorded request's), looked up ignoring case.
struct HeaderList: RequestHeaderLookup {
    let fields: [HTTPHeader]

    /// A repeated header's values combined as the server combines them, so a recorded request
    /// matches a pattern exactly as it matched the fixtures when it arrived.
    func value(forHeader lowercasedName: String) -> String? {
        var combined = CombinedHeaderValue(lowercasedName: lowercasedName)
        for field in fields where equalsIgnoringASCIICase(field.name, lowercasedName) {
            combined.append(field.value)
        }
        return combined.value
    }

    func headerFields() -> [HTTPHeader] { fields }
}
