/// How a request was answered, for logs and tests.
///
/// ```swift
/// switch response.outcome {
/// case .matched(let file, let entry): print("served entry \(entry) of \(file)")
/// default: print(response.outcome.logDescription)
/// }
/// ```
public enum MatchOutcome: Sendable, Equatable {
    /// Entry index in its file, 0-based.
    case matched(file: String, entry: Int)
    case staticFile(String)
    case health
    case noMatch(summary: String)
    case brokenFixture(file: String)
    case rejectedPath(reason: String)

    /// One line for an access log, e.g. `matched api/1.0/people.json#0`.
    public var logDescription: String {
        switch self {
        case .matched(let file, let entry): "matched \(file)#\(entry)"
        case .staticFile(let file): "static \(file)"
        case .health: "health"
        case .noMatch(let summary): "no match: \(summary)"
        case .brokenFixture(let file): "broken fixture \(file)"
        case .rejectedPath(let reason): "rejected path: \(reason)"
        }
    }
}
