/// The parsing state over one buffer. Positions are produced from byte offsets; the column of the
/// current line is counted incrementally so long single-line files stay linear.
struct JSONByteParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0
    private var depth = 0
    private var line = 1
    private var lineStart = 0
    private var columnCacheOffset = 0
    private var columnCacheValue = 1
    private var duplicateKeys: [JSONDuplicateKey] = []
    private var hasTrailingCommas = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            columnCacheOffset = 3
        }
        // A UTF-16 or UTF-32 byte order mark: an editor saved the file in another encoding, and
        // the first byte alone would only be reported as unexpected.
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
            || (bytes.count >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF) {
            throw error("the text is UTF-16 or UTF-32 (it starts with that byte order mark), not UTF-8; save the file as UTF-8")
        }
        skipWhitespace()
        if index == bytes.count {
            throw error("expected a JSON value, but the text is empty")
        }
        let root = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeCurrent()) after the end of the JSON value; a file holds exactly one value")
        }
        return JSONDocument(root: root, duplicateKeys: duplicateKeys, hasTrailingCommas: hasTrailingCommas)
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let position = currentPosition()
        guard index < bytes.count else {
            throw error("expected a value (object, array, string, number, true, false or null), but the text ended")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(try parseObject(), at: position)
        case UInt8(ascii: "["):
            return JSONNode(try parseArray(), at: position)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: position)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: position)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: position)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: position)
        default:
            throw error("expected a value (object, array, string, number, true, false or null), found \(describeWord())")
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw error("arrays and objects are nested deeper than \(maximumDepth) levels")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw error("expected ',' or ']' after array element, but the text ended")
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                break
            }
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error("expected ',' or ']' after array element, found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                hasTrailingCommas = true
                index += 1
                break
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        // A repeated key drops its earlier member; it is only marked (nil) here and the array is
        // compacted once at the end, so 200,000 repeats of one key stay linear.
        var members: [JSONMember?] = []
        var keyIndexes: [String: Int] = [:]
        var droppedCount = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                let found = index < bytes.count ? "found \(describeCurrent())" : "but the text ended"
                throw error("expected a string key in double quotes or '}', \(found)")
            }
            let keyPosition = currentPosition()
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                let found = index < bytes.count ? "found \(describeCurrent())" : "but the text ended"
                throw error("expected ':' after object key \"\(key)\", \(found)")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if let previous = keyIndexes[key], let earlier = members[previous] {
                // Last one wins: the later member takes its own place in order.
                duplicateKeys.append(JSONDuplicateKey(key: key, position: keyPosition, firstPosition: earlier.keyPosition))
                members[previous] = nil
                droppedCount += 1
            }
            keyIndexes[key] = members.count
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("expected ',' or '}' after object member, but the text ended")
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                break
            }
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error("expected ',' or '}' after object member, found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                hasTrailingCommas = true
                index += 1
                break
            }
        }
        depth -= 1
        if droppedCount == 0 {
            return .object(members.map { $0! })
        }
        return .object(members.compactMap { $0 })
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected -> Bool in
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else {
            throw error("expected a value (object, array, string, number, true, false or null), found \(describeWord())")
        }
        index += count
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        switch JSONNumberGrammar.scan(bytes, from: start) {
        case .success(let end):
            index = end
            return JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        case .failure(let violation):
            index = violation.offset
            switch violation {
            case .missingDigitAfterMinus: throw error("expected a digit after '-' in number, found \(describeCurrent())")
            case .leadingZero: throw error("numbers must not have leading zeros; write the number without them")
            case .missingDigitAfterPoint: throw error("expected a digit after '.' in number, found \(describeCurrent())")
            case .missingExponentDigit: throw error("expected a digit in the exponent of number, found \(describeCurrent())")
            }
        }
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let openingQuote = index
        index += 1
        let start = index
        // Fast path: no escapes. Multi-byte UTF-8 is validated in place.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            if byte < 0x80 {
                index += 1
            } else {
                try skipValidUTF8Sequence()
            }
        }
        guard index < bytes.count else {
            throw error(at: openingQuote, "unterminated string: expected a closing '\"' before the end of the text")
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoded)
            case 0..<0x20:
                throw controlCharacterError(byte)
            case 0x20..<0x80:
                decoded.append(byte)
                index += 1
            default:
                let sequenceStart = index
                try skipValidUTF8Sequence()
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<index]))
            }
        }
        throw error(at: openingQuote, "unterminated string: expected a closing '\"' before the end of the text")
    }

    private mutating func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        let name: String
        switch byte {
        case 0x0A: name = "a line break (write it as \\n)"
        case 0x0D: name = "a carriage return (write it as \\r)"
        case 0x09: name = "a tab (write it as \\t)"
        default: name = "control character U+\(hex4(UInt32(byte))) (write it as \\u\(hex4(UInt32(byte))))"
        }
        return error("strings must not contain \(name)")
    }

    private mutating func appendEscape(to decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw error(at: escapeStart, "unterminated string: expected a closing '\"' before the end of the text")
        }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(at: escapeStart, "\\u\(hex4(scalar)) is a lone high surrogate; it must be followed by a low surrogate escape \\uDC00-\\uDFFF")
                }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(at: lowStart, "\\u\(hex4(low)) cannot follow the high surrogate \\u\(hex4(scalar)); expected a low surrogate \\uDC00-\\uDFFF")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(at: escapeStart, "\\u\(hex4(scalar)) is a lone low surrogate; it must follow a high surrogate \\uD800-\\uDBFF")
            }
            guard let unicodeScalar = Unicode.Scalar(scalar) else {
                throw error(at: escapeStart, "\\u escape does not name a Unicode scalar")
            }
            decoded.append(contentsOf: UTF8.encode(unicodeScalar).map { Array($0) } ?? [])
        default:
            throw error(at: escapeStart, "invalid escape sequence '\\\(describe(byte: letter))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = ASCIIHex.value(of: bytes[index]) else {
                throw error(at: escapeStart, "invalid \\u escape: expected 4 hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Advances over one well-formed multi-byte UTF-8 sequence (no overlongs, no surrogates).
    private mutating func skipValidUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8: byte 0x\(hex2(lead)) cannot start a character; save the file as UTF-8")
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else {
            throw error("invalid UTF-8 sequence starting with byte 0x\(hex2(lead)); save the file as UTF-8")
        }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw error("invalid UTF-8 sequence starting with byte 0x\(hex2(lead)); save the file as UTF-8")
        }
        index += length
    }

    // MARK: Whitespace and positions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                columnCacheOffset = index
                columnCacheValue = 1
            default:
                return
            }
        }
    }

    private mutating func currentPosition() -> JSONPosition {
        position(of: index)
    }

    /// Line and character column of `offset`, which must be on the current line.
    private mutating func position(of offset: Int) -> JSONPosition {
        if offset < columnCacheOffset {
            columnCacheOffset = lineStart
            columnCacheValue = 1
        }
        var column = columnCacheValue
        var cursor = columnCacheOffset
        while cursor < offset, cursor < bytes.count {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnCacheOffset = offset
        columnCacheValue = column
        return JSONPosition(line: line, column: column)
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        error(at: index, message)
    }

    private mutating func error(at offset: Int, _ message: String) -> JSONSyntaxError {
        let position = position(of: offset)
        return JSONSyntaxError(line: position.line, column: position.column, message: message)
    }

    // MARK: Describing input in messages

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the text" }
        return "'\(describe(byte: bytes[index]))'"
    }

    /// The bare word at the cursor (e.g. `True` or `undefined`), for messages about bad literals.
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, end - index < 20 {
            let byte = bytes[end]
            let isWordByte = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_")
            if !isWordByte { break }
            end += 1
        }
        guard end > index else { return describeCurrent() }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))'"
    }

    private func describe(byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return String(UnicodeScalar(byte)) }
        switch byte {
        case 0x20: return "space"
        case 0x09: return "tab"
        default: return "byte 0x\(hex2(byte))"
        }
    }

    private func hex2(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }

    private func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
