/// How long an answer waits, as a fixture entry's `"delay"` says it: for
/// ``FixtureEntry/delayDistribution`` and ``MockControlling/setDelay(_:)``.
///
/// ```swift
/// FixtureEntry(response: profile, delayDistribution: .logNormal(median: 80, sigma: 0.4))
/// try await mock.setDelay(.uniform(100...400))   // every answer, until the next reset
/// ```
public enum DelayDistribution: Sendable, Equatable {
    /// Always this many milliseconds.
    case fixed(Int)
    /// A uniformly random number of milliseconds in the range, per answer.
    case uniform(ClosedRange<Int>)
    /// `median × e^(sigma × Z)` milliseconds for a standard normal `Z` (WireMock's log-normal
    /// `delayDistribution`): most answers near the median, a long tail of slow ones; at most `max`.
    case logNormal(median: Int, sigma: Double, max: Int? = nil)

    /// The fixture format's `"delay"` value.
    var jsonObject: Any {
        switch self {
        case .fixed(let milliseconds):
            return milliseconds
        case .uniform(let range):
            return ["min": range.lowerBound, "max": range.upperBound]
        case .logNormal(let median, let sigma, let maximum):
            var object: [String: Any] = ["median": median, "sigma": sigma]
            if let maximum { object["max"] = maximum }
            return object
        }
    }
}
