extension StringProtocol {
    /// The text with its control characters written as escapes (`\n`, `\r`, `\t`, `\u{1B}`), for
    /// one log line or one line of a report: a path decoded from `%0A`, or a file name holding a
    /// line break, cannot then start a line of its own that looks like the server's.
    ///
    /// ```swift
    /// "nope\nfake log line".escapingControlCharacters()   // #"nope\nfake log line"#
    /// ```
    package func escapingControlCharacters() -> String {
        guard unicodeScalars.contains(where: Self.isControl) else { return String(self) }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where Self.isControl(scalar): escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// C0 controls, DEL and the C1 controls (U+0080–U+009F), which terminals act on too.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
