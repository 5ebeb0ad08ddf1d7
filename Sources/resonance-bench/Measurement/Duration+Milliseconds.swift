extension Duration {
    /// The duration in (fractional) milliseconds.
    ///
    /// ```swift
    /// Duration.microseconds(1500).milliseconds   // 1.5
    /// ```
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}

extension Duration {
    /// The duration in (fractional) nanoseconds.
    ///
    /// ```swift
    /// Duration.microseconds(2).nanoseconds   // 2000
    /// ```
    var nanoseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }
}
