/// Finds where the top-level value, and each element of a top-level array, start and end in a
/// JSON text already accepted by `JSONParser`, so a recorded entry can be spliced in without
/// reformatting what a person wrote around it.
struct JSONEntryScanner {
    enum Root {
        /// `[ … ]`: the whole array's range and each element's range.
        case array(whole: Range<Int>, elements: [Range<Int>])
        /// `{ … }`: a single entry.
        case object(Range<Int>)
        /// Anything else.
        case other
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func root(of bytes: [UInt8]) -> Root {
        var scanner = JSONEntryScanner(bytes)
        return scanner.scanRoot()
    }

    private mutating func scanRoot() -> Root {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { return .other }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            skipValue()
            return .object(start..<index)
        case UInt8(ascii: "["):
            index += 1
            var elements: [Range<Int>] = []
            while true {
                skipWhitespace()
                guard index < bytes.count else { return .other }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(whole: start..<index, elements: elements)
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                let elementStart = index
                skipValue()
                elements.append(elementStart..<index)
            }
        default:
            return .other
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Moves past one value: a string, a nested array or object, or a literal / number.
    private mutating func skipValue() {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                default:
                    break
                }
                index += 1
            }
        default:
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            }
        }
    }

    private mutating func skipString() {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return
            default: index += 1
            }
        }
    }
}
