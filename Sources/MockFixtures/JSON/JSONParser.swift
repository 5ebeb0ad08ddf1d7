/// A strict, position-tracking RFC 8259 parser working directly on UTF-8 bytes.
///
/// One deliberate extension: a trailing comma before `]` or `}` is accepted, because hand-written
/// fixture files (and the original ResonanceKit example) have them. Nesting is capped at
/// ``defaultMaximumDepth`` so hostile input cannot exhaust the stack.
///
/// ```swift
/// let document = try JSONParser.parse(Array(#"[{"status": 200,}]"#.utf8))
/// print(document.root.value.kindName)   // "array"
/// ```
package enum JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    package static let defaultMaximumDepth = 512

    /// Parses a complete JSON text (an optional UTF-8 byte order mark is skipped).
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONDocument {
        let result: Result<JSONDocument, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONByteParser(buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a JSON text given as a string.
    package static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONDocument {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}
