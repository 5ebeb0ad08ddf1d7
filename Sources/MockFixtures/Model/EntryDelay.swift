#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How long an answer waits: `"delay": 250`, `{"min": 100, "max": 400}` (uniform) or
/// `{"median": 80, "sigma": 0.4}` (log-normal, WireMock's `delayDistribution`, with an optional
/// `"max"`). Every payload is plain numbers: entries are copied per request, and a reference in
/// here made each copy a retain and a release (callgrind).
enum EntryDelay: Sendable, Equatable {
    case fixed(Int)
    /// A uniformly random number of milliseconds in the range, picked per request.
    case uniform(ClosedRange<Int>)
    /// Log-normal: `median × e^(sigma × Z)` milliseconds for a standard normal `Z`, at most
    /// `maximum` — most answers near the median, a long tail of slow ones, as real latency has.
    /// `sigma` in millionths.
    case logNormal(median: Int32, sigmaMillionths: Int32, maximum: Int)

    static let none = EntryDelay.fixed(0)

    /// The milliseconds for one request.
    func pick() -> Int {
        switch self {
        case .fixed(let milliseconds): milliseconds
        case .uniform(let range): Int.random(in: range)
        case .logNormal(let median, let sigma, let maximum): Self.logNormal(median: Double(median), sigma: Double(sigma) / 1_000_000, maximum: maximum)
        }
    }

    private static func logNormal(median: Double, sigma: Double, maximum: Int) -> Int {
        // Box–Muller: a standard normal from two uniform numbers, the first in (0, 1].
        let first = Double.random(in: Double.ulpOfOne...1)
        let second = Double.random(in: 0..<1)
        let normal = (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
        let value = median * exp(sigma * normal)
        guard value.isFinite else { return maximum }
        return min(maximum, max(0, Int(min(value, Double(maximum)).rounded())))
    }

    /// As written in a fixture, for the settings the admin API shows.
    var json: JSONValue {
        switch self {
        case .fixed(let milliseconds):
            return .number(JSONNumber(milliseconds))
        case .uniform(let range):
            return .makeObject([("min", .number(JSONNumber(range.lowerBound))), ("max", .number(JSONNumber(range.upperBound)))])
        case .logNormal(let median, let sigma, let maximum):
            var members: [(String, JSONValue)] = [("median", .number(JSONNumber(Int(median)))),
                                                  ("sigma", .number(JSONNumber(literal: "\(Double(sigma) / 1_000_000)")))]
            if maximum != FixtureFileCompiler.maximumDelayMilliseconds { members.append(("max", .number(JSONNumber(maximum)))) }
            return .makeObject(members)
        }
    }
}
