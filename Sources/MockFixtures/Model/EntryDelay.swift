/// How long an entry waits before answering: `"delay": 250` or `"delay": {"min": 100, "max": 400}`.
enum EntryDelay: Sendable, Equatable {
    case fixed(Int)
    /// A uniformly random number of milliseconds in the range, picked per request.
    case uniform(ClosedRange<Int>)

    static let none = EntryDelay.fixed(0)

    /// The milliseconds for one request.
    func pick() -> Int {
        switch self {
        case .fixed(let milliseconds): milliseconds
        case .uniform(let range): Int.random(in: range)
        }
    }
}
