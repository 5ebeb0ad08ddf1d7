extension JSONValue {
    /// Compact UTF-8 JSON: keys in source order, numbers exactly as written, strings escaped.
    ///
    /// ```swift
    /// let value = try JSONParser.parse(#"{ "b": 1.50, "a": "é\n" }"#).root.value
    /// String(decoding: value.serializedBytes(), as: UTF8.self)   // {"b":1.50,"a":"é\n"}
    /// ```
    package func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output, indent: nil, level: 0, writeString: JSONValue.writeEscaped)
        return output
    }

    /// Compact UTF-8 JSON whose string values (not keys) are written by `writeString`, for
    /// response templates that cut the output where placeholders go.
    func serializedBytes(writingStrings writeString: (String, inout [UInt8]) -> Void) -> [UInt8] {
        var output: [UInt8] = []
        write(to: &output, indent: nil, level: 0, writeString: writeString)
        return output
    }

    /// As ``serializedBytes(writingStrings:)``, where `intercept` sees every value first and writes
    /// it itself when it returns true (a template's `{"$repeat": …}`).
    func serializedBytes(writingStrings writeString: (String, inout [UInt8]) -> Void,
                         intercepting intercept: (JSONValue, inout [UInt8]) -> Bool) -> [UInt8] {
        var output: [UInt8] = []
        // The optional closure parameter is escaping by type only: `write` calls it and returns.
        withoutActuallyEscaping(intercept) { intercept in
            write(to: &output, indent: nil, level: 0, writeString: writeString, intercept: intercept)
        }
        return output
    }

    /// Indented JSON (two spaces, one member or element per line) for diagnostics read in a terminal.
    ///
    /// ```swift
    /// print(String(decoding: JSONValue.makeObject([("error", .string("no match"))]).prettyPrintedBytes(), as: UTF8.self))
    /// ```
    package func prettyPrintedBytes(indent: Int = 2) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, indent: indent, level: 0, writeString: JSONValue.writeEscaped)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// Compact JSON as a string.
    package var compactText: String { String(decoding: serializedBytes(), as: UTF8.self) }

    private func write(to output: inout [UInt8], indent: Int?, level: Int, writeString: (String, inout [UInt8]) -> Void,
                       intercept: ((JSONValue, inout [UInt8]) -> Bool)? = nil) {
        if let intercept, intercept(self, &output) { return }
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: number.literal.utf8)
        case .string(let string):
            writeString(string, &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.newline(&output, indent: indent, level: level + 1)
                element.value.write(to: &output, indent: indent, level: level + 1, writeString: writeString, intercept: intercept)
            }
            if !elements.isEmpty { JSONValue.newline(&output, indent: indent, level: level) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.newline(&output, indent: indent, level: level + 1)
                JSONValue.writeEscaped(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                member.value.value.write(to: &output, indent: indent, level: level + 1, writeString: writeString, intercept: intercept)
            }
            if !members.isEmpty { JSONValue.newline(&output, indent: indent, level: level) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ output: inout [UInt8], indent: Int?, level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    static func writeEscaped(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        writeEscapedContent(string, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string literal, without the quotes.
    static func writeEscapedContent(_ string: some StringProtocol, to output: inout [UInt8]) {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let digits: [UInt8] = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                           digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            default:
                output.append(byte)
            }
        }
    }
}
