/// Why a ``FixtureWatcher`` cannot be made.
///
/// ```swift
/// do { _ = try FixtureWatcher(server: server, intervalSeconds: 0) }
/// catch { print(error) }   // "watch interval 0.0 must be between 0.05 and 3600 seconds, e.g. 0.5."
/// ```
public enum FixtureWatcherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The interval is not a finite number of seconds within ``FixtureWatcher/intervalRange``.
    case invalidInterval(Double)

    public var description: String {
        switch self {
        case .invalidInterval(let seconds):
            let range = FixtureWatcher.intervalRange
            return "watch interval \(seconds) must be between \(range.lowerBound) and \(Int(range.upperBound)) seconds, e.g. 0.5."
        }
    }
}
