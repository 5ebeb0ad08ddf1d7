extension JSONNumber {
    /// The number's exact value as a plain decimal (`1e2` → `100`, `2.50` and `25e-1` → `2.5`,
    /// `-0` → `0`, `100000000000000005.0` → `100000000000000005`), computed from the literal, so
    /// no value past 2^53 is rounded; nil when the exponent is too large to write out (over 400).
    /// Two numbers are equal exactly when their canonical decimals are.
    var canonicalDecimal: String? {
        var text = Substring(literal)
        var negative = false
        if text.first == "-" {
            negative = true
            text = text.dropFirst()
        }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(text[text.index(after: e)...].drop { $0 == "+" }), abs(value) <= 400 else { return nil }
            exponent = value
            text = text[..<e]
        }
        var digits = text.filter { $0 != "." }
        let pointOffset = (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? text.count) + exponent
        // Digits before the point, after it, padded with zeros as the exponent asks.
        if pointOffset > digits.count { digits += String(repeating: "0", count: pointOffset - digits.count) }
        var whole = pointOffset <= 0 ? "" : String(digits.prefix(pointOffset))
        var fraction = pointOffset < 0 ? String(repeating: "0", count: -pointOffset) + digits : String(digits.dropFirst(max(pointOffset, 0)))
        whole = String(whole.drop { $0 == "0" })
        while fraction.last == "0" { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        let magnitude = fraction.isEmpty ? whole : whole + "." + fraction
        return negative && magnitude != "0" ? "-" + magnitude : magnitude
    }
}
