import MockFixtures

/// The lines of one request header, found in a single pass over MHD's header list and combined
/// as ``CombinedHeaderValue`` says.
struct HeaderSearch {
    /// The lower-cased name searched for, as bytes.
    let name: UnsafeRawBufferPointer
    private var combined: CombinedHeaderValue

    init(lowercasedName: String, bytes: UnsafeRawBufferPointer) {
        name = bytes
        combined = CombinedHeaderValue(lowercasedName: lowercasedName)
    }

    mutating func visit(name candidate: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        guard HeaderNameBytes.name(candidate, equals: name) else { return }
        combined.append(String(decoding: value, as: UTF8.self))
    }

    /// The combined value, the single line's value as sent, or nil.
    var result: String? { combined.value }
}
