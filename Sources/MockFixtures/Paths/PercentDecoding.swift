/// Percent-decoding helpers shared by paths and form-style query strings.
package enum PercentDecoding {
    /// Form-style decoding (`+` is a space, `%XX` a byte). A malformed escape is kept literally and
    /// invalid UTF-8 becomes U+FFFD: query values are compared, never used as paths.
    package static func decodeFormComponent(_ component: some Collection<UInt8>) -> String {
        guard component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: component, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var index = component.startIndex
        while index != component.endIndex {
            let byte = component[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                let first = component.index(after: index)
                if first != component.endIndex, component.index(after: first) != component.endIndex,
                   let high = ASCIIHex.value(of: component[first]), let low = ASCIIHex.value(of: component[component.index(after: first)]) {
                    bytes.append(high << 4 | low)
                    index = component.index(after: component.index(after: first))
                    continue
                }
                bytes.append(byte)
            } else {
                bytes.append(byte)
            }
            index = component.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
