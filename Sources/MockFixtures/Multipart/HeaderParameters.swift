/// The `; name=value` parameters after a header's first element, as in
/// `multipart/form-data; boundary="x y"` or `form-data; name="avatar"; filename="luke.png"`.
///
/// Names are lower-cased; values may be tokens or quoted strings (backslash escapes undone).
/// Semicolons inside quotes do not split.
struct HeaderParameters {
    /// The element before the first `;`, trimmed (a media type or disposition type).
    let leading: Substring
    private let pairs: [(name: String, value: String)]

    init(_ header: String) {
        var leadingEnd = header.endIndex
        var pairs: [(name: String, value: String)] = []
        var index = header.startIndex
        while index < header.endIndex, header[index] != ";" { index = header.index(after: index) }
        leadingEnd = index
        while index < header.endIndex {
            // `index` is at a ';'.
            index = header.index(after: index)
            while index < header.endIndex, header[index] == " " || header[index] == "\t" { index = header.index(after: index) }
            let nameStart = index
            while index < header.endIndex, header[index] != "=", header[index] != ";" { index = header.index(after: index) }
            let name = header[nameStart..<index].trimmingSpaces().lowercased()
            var value = ""
            if index < header.endIndex, header[index] == "=" {
                index = header.index(after: index)
                while index < header.endIndex, header[index] == " " || header[index] == "\t" { index = header.index(after: index) }
                if index < header.endIndex, header[index] == "\"" {
                    index = header.index(after: index)
                    while index < header.endIndex, header[index] != "\"" {
                        if header[index] == "\\", header.index(after: index) < header.endIndex {
                            index = header.index(after: index)
                        }
                        value.append(header[index])
                        index = header.index(after: index)
                    }
                    if index < header.endIndex { index = header.index(after: index) }
                    while index < header.endIndex, header[index] != ";" { index = header.index(after: index) }
                } else {
                    let valueStart = index
                    while index < header.endIndex, header[index] != ";" { index = header.index(after: index) }
                    value = String(header[valueStart..<index].trimmingSpaces())
                }
            }
            if !name.isEmpty { pairs.append((name, value)) }
        }
        self.leading = header[header.startIndex..<leadingEnd].trimmingSpaces()
        self.pairs = pairs
    }

    /// The value of the first parameter called `name` (lower-case).
    func value(for name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
