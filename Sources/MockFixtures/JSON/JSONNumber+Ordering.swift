extension JSONNumber {
    /// Whether this number is smaller than `other` by exact decimal value (`9.99 < 10`,
    /// `-1e3 < -999`, never through `Double`), for JSONPath's `<`.
    func isLess(than other: JSONNumber) -> Bool {
        let left = canonical
        let right = other.canonical
        let leftSign = left.digits.isEmpty ? 0 : left.isNegative ? -1 : 1
        let rightSign = right.digits.isEmpty ? 0 : right.isNegative ? -1 : 1
        guard leftSign == rightSign else { return leftSign < rightSign }
        guard leftSign != 0 else { return false }
        let magnitudeOrder = Self.compareMagnitudes(left, right)
        return leftSign > 0 ? magnitudeOrder < 0 : magnitudeOrder > 0
    }

    /// -1, 0 or 1 as |left| is smaller than, equal to or larger than |right|.
    private static func compareMagnitudes(_ left: Canonical, _ right: Canonical) -> Int {
        // The power of ten just above the leading digit decides, then the digits from the left.
        let leftScale = left.digits.count + left.exponent
        let rightScale = right.digits.count + right.exponent
        if leftScale != rightScale { return leftScale < rightScale ? -1 : 1 }
        let zero = UInt8(ascii: "0")
        for offset in 0..<max(left.digits.count, right.digits.count) {
            let leftDigit = offset < left.digits.count ? left.digits[offset] : zero
            let rightDigit = offset < right.digits.count ? right.digits[offset] : zero
            if leftDigit != rightDigit { return leftDigit < rightDigit ? -1 : 1 }
        }
        return 0
    }
}
