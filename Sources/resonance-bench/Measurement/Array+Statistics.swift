extension Array where Element == Double {
    /// Nearest-rank percentile of an ascending array; 0 when empty.
    ///
    /// ```swift
    /// [1, 2, 3, 4].nearestRankPercentile(50)   // 2
    /// ```
    func nearestRankPercentile(_ percent: Double) -> Double {
        guard !isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(count)).rounded(.up))
        return self[Swift.min(Swift.max(rank, 1), count) - 1]
    }

    /// Median of the values in any order; 0 when empty.
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
