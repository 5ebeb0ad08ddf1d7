/// The RFC 8259 number grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, in one
/// place: the parser scans numbers with it and ``JSONNumber/init(parsing:)`` validates with it.
enum JSONNumberGrammar {
    /// Where and why a number stopped following the grammar.
    enum Violation: Error {
        case missingDigitAfterMinus(at: Int)
        case leadingZero(at: Int)
        case missingDigitAfterPoint(at: Int)
        case missingExponentDigit(at: Int)

        var offset: Int {
            switch self {
            case .missingDigitAfterMinus(let at), .leadingZero(let at), .missingDigitAfterPoint(let at), .missingExponentDigit(let at): at
            }
        }
    }

    /// Scans the longest number starting at `start` (which holds `-` or a digit) and returns the
    /// offset just past it.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, Violation> {
        var index = start
        func isDigit(_ at: Int) -> Bool {
            at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard isDigit(index) else { return .failure(.missingDigitAfterMinus(at: index)) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return .failure(.leadingZero(at: index)) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return .failure(.missingDigitAfterPoint(at: index)) }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return .failure(.missingExponentDigit(at: index)) }
            while isDigit(index) { index += 1 }
        }
        return .success(index)
    }

    /// Whether `bytes` is exactly one number and nothing else.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard !buffer.isEmpty, case .success(let end) = scan(buffer, from: 0) else { return false }
            return end == buffer.count
        }
    }
}
