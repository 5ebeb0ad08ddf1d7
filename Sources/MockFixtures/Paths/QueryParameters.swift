/// Form-style decoded `name=value` pairs, in order, duplicates kept.
///
/// Used for query strings and for `application/x-www-form-urlencoded` bodies.
///
/// ```swift
/// let query = QueryParameters(decoding: "ids=1&ids=2&q=luke+sky&flag")
/// query.values(for: "ids")   // ["1", "2"]
/// query.values(for: "q")     // ["luke sky"]
/// query.values(for: "flag")  // [""]
/// ```
package struct QueryParameters: Sendable, Equatable {
    package struct Parameter: Sendable, Equatable {
        package let name: String
        package let value: String
    }

    package let parameters: [Parameter]

    package init(decoding text: some StringProtocol) {
        self.init(decodingBytes: Array(text.utf8))
    }

    package init(decodingBytes bytes: [UInt8]) {
        var parameters: [Parameter] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                parameters.append(Parameter(
                    name: PercentDecoding.decodeFormComponent(pair[pair.startIndex..<equals]),
                    value: PercentDecoding.decodeFormComponent(pair[pair.index(after: equals)...])
                ))
            } else {
                parameters.append(Parameter(name: PercentDecoding.decodeFormComponent(pair), value: ""))
            }
        }
        self.parameters = parameters
    }

    init(parameters: [Parameter]) {
        self.parameters = parameters
    }

    /// Every value given for `name`, in order.
    package func values(for name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    package var isEmpty: Bool { parameters.isEmpty }
}
