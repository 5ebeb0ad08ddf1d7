/// What a `{{random.…}}` placeholder makes: a new value at every occurrence in every answer.
///
/// `{{random.int}}`, `{{random.int(1,100)}}`, `{{random.hex(16)}}`, `{{random.alphanumeric(12)}}`,
/// `{{random.letters(8)}}`, `{{random.digits(6)}}`, `{{random.uuid}}`. Unlike `{{uuid}}`, which is
/// one value per answer so that a header and the body agree, each of these is drawn anew, so an
/// array of items gets distinct ids.
enum TemplateRandom: Sendable, Equatable {
    /// A whole number in the range, both ends included; a JSON number as a whole value.
    case integer(ClosedRange<Int64>)
    /// `count` characters drawn from `alphabet`; always text (`digits` may start with 0).
    case characters(Alphabet, count: Int)
    /// A version 4 UUID.
    case uuid

    enum Alphabet: String, Sendable, Equatable, CaseIterable {
        case hex, alphanumeric, letters, digits

        var characters: [UInt8] {
            switch self {
            case .hex: Array("0123456789abcdef".utf8)
            case .alphanumeric: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
            case .letters: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
            case .digits: Array("0123456789".utf8)
            }
        }
    }

    /// `{{random.int}}` without a range: what fits a 32-bit signed integer, so every client's
    /// `Int` and JavaScript's numbers hold it exactly.
    static let defaultIntegers: ClosedRange<Int64> = 0...Int64(Int32.max)
    /// The longest `{{random.hex(N)}}` and the like: longer is a typo, not a test's need.
    static let maximumCount = 4_096

    static let kinds = ["int", "uuid"] + Alphabet.allCases.map(\.rawValue)
    static let hint = "write {{random.int}}, {{random.int(1,100)}}, {{random.uuid}}, or a length of "
        + Alphabet.allCases.map { "{{random.\($0.rawValue)(N)}}" }.joined(separator: ", ")
        + " (N from 1 to \(maximumCount))"

    /// Parses what follows `random.`: a kind and, in parentheses, its arguments.
    static func parse(_ text: Substring?, shown: String) -> Result<TemplateRandom, TemplateError> {
        guard let text, !text.isEmpty else {
            return .failure(TemplateError(message: "\(shown) needs a kind after the dot", hint: hint))
        }
        let kind = text.prefix { $0 != "(" }
        var arguments: [Substring]?
        if kind.endIndex < text.endIndex {
            let inside = text[text.index(after: kind.endIndex)...]
            guard inside.last == ")" else {
                return .failure(TemplateError(message: "\(shown) has a \"(\" that is not closed by \")\" at its end", hint: hint))
            }
            arguments = inside.dropLast().split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        }
        switch kind {
        case "int":
            guard let arguments else { return .success(.integer(defaultIntegers)) }
            guard arguments.count == 2, let lower = Int64(arguments[0]), let upper = Int64(arguments[1]) else {
                return .failure(TemplateError(message: "\(shown) needs two whole numbers, the smallest and the largest value",
                                              hint: "write {{random.int(1,100)}}; both ends are included"))
            }
            guard lower <= upper else {
                return .failure(TemplateError(message: "\(shown) has its smallest value \(lower) above its largest \(upper)",
                                              hint: "write {{random.int(\(upper),\(lower))}}"))
            }
            return .success(.integer(lower...upper))
        case "uuid":
            guard arguments == nil else {
                return .failure(TemplateError(message: "\(shown): {{random.uuid}} takes no arguments", hint: "write {{random.uuid}}"))
            }
            return .success(.uuid)
        default:
            guard let alphabet = Alphabet(rawValue: String(kind)) else {
                var hintText = hint
                if let suggestion = EditDistance.closest(to: String(kind), among: kinds, maximumDistance: 3) {
                    hintText = "did you mean {{random.\(suggestion)\(arguments.map { "(" + $0.joined(separator: ",") + ")" } ?? "")}}?"
                }
                return .failure(TemplateError(message: "\(shown) asks for \(JSONValue.excerpt(.string(String(kind)))), which {{random}} does not make", hint: hintText))
            }
            guard let arguments, arguments.count == 1, let count = Int(arguments[0]), (1...maximumCount).contains(count) else {
                return .failure(TemplateError(message: "\(shown) needs a length from 1 to \(maximumCount) in parentheses",
                                              hint: "write {{random.\(alphabet.rawValue)(16)}}"))
            }
            return .success(.characters(alphabet, count: count))
        }
    }

    /// A new value, from a generator the system's random source seeds for each value (no lock:
    /// each call draws its own). Drawing every character from the system's source made
    /// `{{random.hex(4096)}}` repeated 10,000 times take 17 s (audit F3): one call per character.
    func value() -> TemplateValue {
        var generator = SeededRandom()
        switch self {
        case .integer(let range):
            return .json(.number(JSONNumber(Int(Int64.random(in: range, using: &generator)))))
        case .characters(let alphabet, let count):
            let characters = alphabet.characters
            var bytes = [UInt8](repeating: 0, count: count)
            for index in bytes.indices {
                bytes[index] = characters[Int.random(in: 0..<characters.count, using: &generator)]
            }
            return .text(String(decoding: bytes, as: UTF8.self))
        case .uuid:
            return .text(RandomUUID.string())
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014) seeded from the system's random source: fast and
/// well spread, for values a mock makes up, which need no secrecy.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
