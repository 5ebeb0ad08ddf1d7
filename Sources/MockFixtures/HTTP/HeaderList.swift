/// Headers kept as a list (a recorded request's), looked up ignoring case.
struct HeaderList: RequestHeaderLookup {
    let fields: [HTTPHeader]

    /// A repeated header's values combined as the server combines them, so a recorded request
    /// matches a pattern exactly as it matched the fixtures when it arrived.
    func value(forHeader lowercasedName: String) -> String? {
        var combined = CombinedHeaderValue(lowercasedName: lowercasedName)
        var single: String?
        var count = 0
        for field in fields where equalsIgnoringASCIICase(field.name, lowercasedName) {
            count += 1
            if count == 1 { single = field.value }
            combined.append(field.value)
        }
        // One line keeps its value as sent; IncomingRequest trims it, as it trims the server's.
        return count > 1 ? combined.value : single
    }

    func headerFields() -> [HTTPHeader] { fields }
}
