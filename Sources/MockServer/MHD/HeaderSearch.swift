import MockFixtures

/// The lines of one request header, found in a single pass over MHD's header list: the first
/// line's bytes are only pointed at (most headers come once), and a second line starts the
/// combined value.
struct HeaderSearch {
    /// The lower-cased name searched for.
    let name: UnsafeRawBufferPointer
    private var first: UnsafeRawBufferPointer?
    private var combined: CombinedHeaderValue?

    init(name: UnsafeRawBufferPointer) {
        self.name = name
    }

    mutating func visit(name candidate: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        guard candidate.count == name.count, Self.isName(candidate, lowercased: name) else { return }
        guard let first else {
            self.first = value
            return
        }
        if combined == nil {
            var start = CombinedHeaderValue(lowercasedName: String(decoding: name, as: UTF8.self))
            start.append(String(decoding: first, as: UTF8.self))
            combined = start
        }
        combined?.append(String(decoding: value, as: UTF8.self))
    }

    /// The combined value, the single line's value as sent, or nil.
    func result() -> String? {
        if let combined { return combined.value }
        return first.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func isName(_ candidate: UnsafeRawBufferPointer, lowercased name: UnsafeRawBufferPointer) -> Bool {
        for index in 0..<name.count {
            var byte = candidate[index]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != name[index] { return false }
        }
        return true
    }
}
