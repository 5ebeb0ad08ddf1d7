/// Response headers with case-insensitive lookup.
///
/// ```swift
/// let type = response.headers["content-type"]     // finds "Content-Type"
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    private let fields: [String: String]

    /// Headers as the transport delivered them.
    public init(_ fields: [String: String]) {
        self.fields = fields
    }

    /// The value of `name`, compared case-insensitively.
    public subscript(name: String) -> String? {
        if let exact = fields[name] { return exact }
        let lowercased = name.lowercased()
        return fields.first { $0.key.lowercased() == lowercased }?.value
    }

    /// Every header, names as received.
    public var dictionary: [String: String] { fields }

    public func makeIterator() -> Dictionary<String, String>.Iterator {
        fields.makeIterator()
    }
}
