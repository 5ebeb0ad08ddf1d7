/// How a request was answered, for logs, the journal and tests.
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
    /// An entry of a fixture added at runtime (`POST /__admin/fixtures`), by the fixture's id.
    case matchedRuntime(fixture: String, entry: Int)
    case staticFile(String)
    /// A resource's collection or item answered (`POST /__admin/resources`), by its id.
    case resource(String)
    case health
    /// Any other admin call; says what it did, e.g. `reset 1 counter, 2 scenarios, 14 requests, 0 fixtures`.
    case admin(String)
    /// `POST /__admin/reload`: the front reloads (the server does it off its worker threads)
    /// and answers with ``MockEngine/reloadAnswer(_:)``.
    case reloadRequested
    /// A CORS preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) that no
    /// fixture entry answered, answered `204` by ``MockEngineOptions/cors``.
    case corsPreflight
    /// No fixture answered and the front forwarded the request to `upstream` (`mockserver
    /// --proxy-unmatched`, `mockserver record`), which answered.
    case proxied(upstream: String)
    /// No fixture answered and forwarding to `upstream` failed (the front answers `502`).
    case proxyFailed(upstream: String, error: String)
    /// No fixture answered, and the request was not forwarded but answered by the server itself,
    /// for `reason`: an OPTIONS or TRACE with `Max-Forwards: 0` (RFC 9110 §7.6.2).
    case notForwarded(reason: String)
    case noMatch(summary: String)
    case brokenFixture(file: String)
    case rejectedPath(reason: String)
    /// An entry that answers with a network fault: `entry` is the `.matched` or
    /// `.matchedRuntime` outcome of the entry that asked for it. (Only this case is boxed, so
    /// the others cost no allocation.)
    indirect case fault(MockFault, entry: MatchOutcome)
    /// An entry with `"forward"` matched: the front sends the request to the entry's API
    /// (never journaled or sent as such; a front that cannot forward sends its `502`).
    indirect case forwardRequested(EntryForward, entry: MatchOutcome)
    /// What an entry with `"forward"` answered: `answer` is ``proxied(upstream:)`` or
    /// ``proxyFailed(upstream:error:)``, `entry` the `.matched` or `.matchedRuntime` outcome of
    /// the entry.
    indirect case forwarded(MatchOutcome, entry: MatchOutcome)

    /// One line for an access log, e.g. `matched api/1.0/people.json#0`.
    public var logDescription: String {
        switch self {
        case .matched(let file, let entry): "matched \(file)#\(entry)"
        case .matchedRuntime(let fixture, let entry): "matched runtime \(fixture)#\(entry)"
        case .staticFile(let file): "static \(file)"
        case .resource(let id): "resource \(id)"
        case .health: "health"
        case .admin(let description): "admin: \(description)"
        case .reloadRequested: "reload requested"
        case .corsPreflight: "CORS preflight"
        case .proxied(let upstream): "proxied to \(upstream)"
        case .proxyFailed(let upstream, let error): "proxy to \(upstream) failed: \(error)"
        case .notForwarded(let reason): "not forwarded: \(reason)"
        case .noMatch(let summary): "no match: \(summary)"
        case .brokenFixture(let file): "broken fixture \(file)"
        case .rejectedPath(let reason): "rejected path: \(reason)"
        case .fault(let fault, let entry): "fault \(fault) (\(entry.logDescription))"
        case .forwardRequested(let forward, let entry): "forward to \(forward.target) requested (\(entry.logDescription))"
        case .forwarded(let answer, let entry): "\(answer.logDescription) (\(entry.logDescription))"
        }
    }

    /// The journal's name for it: `matched`, `noMatch`, `staticFile`, `brokenFixture`,
    /// `rejectedPath`, or the fault (`connectionReset`, `emptyResponse`, `truncatedBody`), …
    public var name: String {
        switch self {
        case .matched, .matchedRuntime: "matched"
        case .staticFile: "staticFile"
        case .resource: "resource"
        case .health: "health"
        case .admin: "admin"
        case .reloadRequested: "reload"
        case .corsPreflight: "corsPreflight"
        case .proxied: "proxied"
        case .proxyFailed: "proxyFailed"
        case .notForwarded: "notForwarded"
        case .noMatch: "noMatch"
        case .brokenFixture: "brokenFixture"
        case .rejectedPath: "rejectedPath"
        case .fault(let fault, _): fault.rawValue
        case .forwardRequested: "forwardRequested"
        case .forwarded(let answer, _): answer.name
        }
    }
}
