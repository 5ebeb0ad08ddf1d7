/// What ``HealthProbe/check()`` found.
///
/// ```swift
/// if case .unhealthy(let reason) = probe.check() { print(reason) }
/// ```
public enum HealthStatus: Sendable, Equatable {
    /// `/__admin/health` answered 200 with `"status": "ok"`.
    case healthy
    /// Anything else, with one sentence saying what.
    case unhealthy(reason: String)
}
