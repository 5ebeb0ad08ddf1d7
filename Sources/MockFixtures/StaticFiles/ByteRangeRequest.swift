/// A `Range: bytes=…` request header (RFC 9110 §14.1.2): `a-b`, `a-` and `-n` ranges, several
/// separated by commas.
///
/// ```swift
/// let ranges = ByteRangeRequest(parsing: "bytes=0-99, -50")!
/// ranges.satisfiableRanges(inSize: 1_000)   // [0...99, 950...999]
/// ```
struct ByteRangeRequest {
    enum Spec: Equatable {
        /// `first-last` or `first-` (last nil); values beyond `UInt64` are clamped to it.
        case from(first: UInt64, last: UInt64?)
        /// `-length`: the last `length` bytes.
        case suffix(length: UInt64)
    }

    /// More ranges than this in one header are not served as ranges (the whole file is sent),
    /// as RFC 9110 §14.2 allows, so a header of thousands of tiny ranges cannot multiply the work.
    static let maximumRanges = 64

    let specs: [Spec]

    /// `nil` when the header is not a byte-ranges header this server understands (another unit,
    /// a syntax error, `first` after `last`, too many ranges): such a header is ignored.
    init?(parsing value: String) {
        let trimmed = value.trimmingSpaces()
        guard let equals = trimmed.firstIndex(of: "="),
              equalsIgnoringASCIICase(trimmed[..<equals].trimmingSpaces(), "bytes") else { return nil }
        var specs: [Spec] = []
        for element in trimmed[trimmed.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let item = element.trimmingSpaces()
            if item.isEmpty { continue }   // the list syntax allows empty elements
            guard let spec = Self.spec(item) else { return nil }
            specs.append(spec)
        }
        guard !specs.isEmpty, specs.count <= Self.maximumRanges else { return nil }
        self.specs = specs
    }

    private static func spec(_ item: Substring) -> Spec? {
        guard let dash = item.firstIndex(of: "-") else { return nil }
        let firstText = item[..<dash], lastText = item[item.index(after: dash)...]
        if firstText.isEmpty {
            guard let length = number(lastText) else { return nil }
            return .suffix(length: length)
        }
        guard let first = number(firstText) else { return nil }
        if lastText.isEmpty { return .from(first: first, last: nil) }
        guard let last = number(lastText), first <= last else { return nil }
        return .from(first: first, last: last)
    }

    /// Decimal digits only; an overlong number is clamped to `UInt64.max`, which is beyond any file.
    private static func number(_ text: Substring) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(text) ?? .max
    }

    /// The ranges that overlap a representation of `size` bytes, clipped to it, sorted and with
    /// overlapping or adjacent ones merged (RFC 9110 §14.2 lets a server coalesce them); empty
    /// when none is satisfiable (`416`).
    func satisfiableRanges(inSize size: Int) -> [ClosedRange<Int>] {
        let size64 = UInt64(size)
        var ranges: [ClosedRange<Int>] = []
        for spec in specs {
            switch spec {
            case .from(let first, let last):
                guard first < size64 else { continue }
                ranges.append(Int(first)...Int(min(last ?? size64 - 1, size64 - 1)))
            case .suffix(let length):
                guard length > 0, size > 0 else { continue }
                ranges.append(Int(size64 - min(length, size64))...(size - 1))
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
