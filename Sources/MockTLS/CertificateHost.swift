/// One name a certificate is valid for: a DNS name (`localhost`, `*.example.test`) or an IP address.
///
/// ```swift
/// let hosts = try "localhost,127.0.0.1,::1".split(separator: ",").map { try CertificateHost(parsing: String($0)) }
/// // [.dns("localhost"), .ip(127.0.0.1), .ip(::1)]
/// ```
public enum CertificateHost: Sendable, Hashable, CustomStringConvertible {
    case dns(String)
    case ip(IPAddress)

    /// An IP literal becomes `.ip`; anything else must be a valid DNS name (letters, digits and
    /// `-` in dot-separated labels of at most 63 characters, optionally starting with `*.`).
    public init(parsing text: String) throws(TLSCertificateError) {
        let trimmed = text.trimmingSpaces
        if let address = IPAddress(trimmed) {
            self = .ip(address)
            return
        }
        let name = (trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed).lowercased()
        if let reason = Self.problem(inDNSName: name) {
            throw .invalidHost(text, reason: reason)
        }
        self = .dns(name)
    }

    public var description: String {
        switch self {
        case .dns(let name): name
        case .ip(let address): address.description
        }
    }

    /// `DNS:name` or `IP:address`, as OpenSSL prints subject alternative names.
    public var subjectAlternativeNameLabel: String {
        switch self {
        case .dns(let name): "DNS:\(name)"
        case .ip(let address): "IP:\(address)"
        }
    }

    /// Whether a client connecting to `host` (a name or an IP literal) accepts a certificate with
    /// this name: names compare case-insensitively and `*.` stands for exactly one leftmost label.
    public func covers(host: String) -> Bool {
        switch self {
        case .ip(let address):
            return IPAddress(host) == address
        case .dns(let name):
            let wanted = host.lowercased()
            if name.hasPrefix("*.") {
                guard let dot = wanted.firstIndex(of: ".") else { return false }
                return wanted[wanted.index(after: dot)...] == name.dropFirst(2) && dot != wanted.startIndex
            }
            return wanted == name
        }
    }

    private static func problem(inDNSName name: String) -> String? {
        guard !name.isEmpty else { return "it is empty" }
        guard name.utf8.count <= 253 else { return "it is longer than 253 characters" }
        var labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.first == "*" {
            guard labels.count >= 3 else { return "a wildcard needs at least two labels after it, as in *.example.test" }
            labels.removeFirst()
        }
        for label in labels {
            guard !label.isEmpty else { return "it has an empty label (two dots in a row)" }
            guard label.utf8.count <= 63 else { return "the label '\(label)' is longer than 63 characters" }
            guard label.utf8.allSatisfy({ isLabelByte($0) }) else {
                return "'\(label)' has a character other than letters, digits and '-'"
            }
            guard label.first != "-", label.last != "-" else { return "the label '\(label)' starts or ends with '-'" }
        }
        // A top-level label is never all digits (RFC 3696 §2): such a name is a mistyped IP
        // address (`256.1.1.1`, `1.2.3`), which no client would match as a DNS name.
        if let last = labels.last, last.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return "it is neither an IP address nor a DNS name (its last label is all digits); check the address"
        }
        return nil
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
