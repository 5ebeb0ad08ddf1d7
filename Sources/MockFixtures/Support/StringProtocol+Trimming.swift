extension StringProtocol {
    func trimmingSpaces() -> Substring {
        let trimmed = self.drop { $0 == " " || $0 == "\t" }
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " || trimmed[trimmed.index(before: end)] == "\t" {
            end = trimmed.index(before: end)
        }
        return Substring(trimmed[trimmed.startIndex..<end])
    }
}
