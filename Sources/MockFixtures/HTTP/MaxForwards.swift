/// `Max-Forwards` (RFC 9110 §7.6.2): how many more proxies an OPTIONS or TRACE request may pass,
/// the only methods it applies to. A proxy that finds 0 answers as the final recipient; any
/// other value is forwarded one lower.
///
/// ```swift
/// MaxForwards.value(method: "OPTIONS", headers: [HTTPHeader(name: "Max-Forwards", value: "0")])   // 0: answer here
/// MaxForwards.decremented(method: "TRACE", headers: [HTTPHeader(name: "Max-Forwards", value: "5")]) // Max-Forwards: 4
/// ```
package enum MaxForwards {
    /// The methods `Max-Forwards` applies to.
    static let methods: Set<String> = ["OPTIONS", "TRACE"]

    /// The request's count, or nil when it has none, it is not a whole number, or the method
    /// ignores it (then it is forwarded as it is).
    package static func value(method: String, headers: [HTTPHeader]) -> Int? {
        guard methods.contains(method), let header = headers.first(where: { $0.name.lowercased() == "max-forwards" }) else { return nil }
        let text = header.value.trimmingSpaces()
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text) ?? Int.max
    }

    /// `headers` with the count one lower, for the next hop.
    package static func decremented(method: String, headers: [HTTPHeader]) -> [HTTPHeader] {
        guard let count = value(method: method, headers: headers), count > 0 else { return headers }
        return headers.map { header in
            header.name.lowercased() == "max-forwards" ? HTTPHeader(name: header.name, value: String(count - 1)) : header
        }
    }
}
