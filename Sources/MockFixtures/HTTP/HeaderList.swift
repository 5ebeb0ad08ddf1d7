/// Headers kept as a list (a recorded request's), looked up ignoring case.
struct HeaderList: RequestHeaderLookup {
    let fields: [HTTPHeader]

    /// The first value of a repeated header, as the server's own lookup returns it, so a recorded
    /// request matches a pattern exactly as it matched the fixtures when it arrived.
    func value(forHeader lowercasedName: String) -> String? {
        fields.first { equalsIgnoringASCIICase($0.name, lowercasedName) }?.value
    }

    func headerFields() -> [HTTPHeader] { fields }
}
