/// One response header line.
///
/// ```swift
/// let header = HTTPHeader(name: "WWW-Authenticate", value: #"Bearer realm="mock""#)
/// ```
public struct HTTPHeader: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
