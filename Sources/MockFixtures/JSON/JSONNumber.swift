/// A JSON number kept exactly as written, compared by exact decimal value.
///
/// `1`, `1.0`, `10e-1` and `0.1E1` are all equal; nothing goes through `Double`, so
/// `12345678901234567890` and `12345678901234567891` stay different.
///
/// ```swift
/// JSONNumber(literal: "1e2") == JSONNumber(100)   // true
/// JSONNumber(literal: "2.50").literal             // "2.50" (serialized as written)
/// ```
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as it appeared in the source.
    package let literal: String

    /// Wraps a literal. The caller guarantees it follows the JSON number grammar (the parser does);
    /// use ``init(parsing:)`` for untrusted text.
    package init(literal: String) {
        self.literal = literal
    }

    package init(_ integer: Int) {
        self.literal = String(integer)
    }

    /// Accepts `text` only if it is a complete JSON number, e.g. a query parameter value `"2.0"`.
    package init?(parsing text: some StringProtocol) {
        guard JSONNumberGrammar.isComplete(Array(text.utf8)) else { return nil }
        self.literal = String(text)
    }

    package var description: String { literal }

    /// The value as an `Int` if the literal is a plain integer (no fraction, no exponent) that fits.
    package var integerLiteralValue: Int? {
        Int(literal)
    }

    package static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.literal == rhs.literal || lhs.canonical == rhs.canonical
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }

    /// Sign, significant digits without leading or trailing zeros, and the power of ten of the last
    /// digit. Zero has no digits and no sign, so `-0` equals `0`.
    struct Canonical: Hashable {
        var isNegative: Bool
        var digits: [UInt8]
        var exponent: Int
    }

    var canonical: Canonical {
        let bytes = Array(literal.utf8)
        var index = 0
        var isNegative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                if seenPoint { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentIsNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            // Saturate instead of overflowing: such numbers are absurd, but must not crash.
            let limit = Int.max / 4
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if exponent < limit / 10 {
                    exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                } else {
                    exponent = limit
                }
                index += 1
            }
            if exponentIsNegative { exponent = -exponent }
        }
        exponent -= fractionDigits
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return Canonical(isNegative: false, digits: [], exponent: 0) }
        return Canonical(isNegative: isNegative, digits: digits, exponent: exponent)
    }
}
