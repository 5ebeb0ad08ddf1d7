#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How long an answer waits: `"delay": 250`, `{"min": 100, "max": 400}` (uniform) or
/// `{"median": 80, "sigma": 0.4}` (log-normal, WireMock's `delayDistribution`, with an optional
/// `"max"`).
enum EntryDelay: Sendable, Equatable {
    case fixed(Int)
    /// A uniformly random number of milliseconds in the range, picked per request.
    case uniform(ClosedRange<Int>)
    /// Log-normal: most answers near the median, a long tail of slow ones, as real latency has.
    /// A class, so that the enum, and every entry copied per request, stays the size it was.
    case logNormal(LogNormalDelay)

    static let none = EntryDelay.fixed(0)

    /// The milliseconds for one request.
    func pick() -> Int {
        switch self {
        case .fixed(let milliseconds): milliseconds
        case .uniform(let range): Int.random(in: range)
        case .logNormal(let distribution): distribution.pick()
        }
    }

    var isNone: Bool { self == .none }

    /// As written in a fixture, for the settings the admin API shows.
    var json: JSONValue {
        switch self {
        case .fixed(let milliseconds): .number(JSONNumber(milliseconds))
        case .uniform(let range): .makeObject([("min", .number(JSONNumber(range.lowerBound))), ("max", .number(JSONNumber(range.upperBound)))])
        case .logNormal(let distribution): distribution.json
        }
    }
}

/// `{"median": 80, "sigma": 0.4, "max": 2000}`: `median × e^(sigma × Z)` milliseconds for a
/// standard normal `Z`, at most `max`.
final class LogNormalDelay: Sendable, Equatable {
    let median: Int
    let sigma: Double
    let maximum: Int
    /// As written (`0.4`), so the settings show what was given.
    let sigmaLiteral: String
    let statesMaximum: Bool

    init(median: Int, sigma: Double, sigmaLiteral: String, maximum: Int?) {
        self.median = median
        self.sigma = sigma
        self.sigmaLiteral = sigmaLiteral
        self.maximum = maximum ?? FixtureFileCompiler.maximumDelayMilliseconds
        statesMaximum = maximum != nil
    }

    func pick() -> Int {
        // Box–Muller: a standard normal from two uniform numbers in (0, 1].
        let first = Double.random(in: Double.ulpOfOne...1)
        let second = Double.random(in: 0..<1)
        let normal = (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
        let value = Double(median) * exp(sigma * normal)
        guard value.isFinite else { return maximum }
        return min(maximum, max(0, Int(value.rounded())))
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("median", .number(JSONNumber(median))), ("sigma", .number(JSONNumber(literal: sigmaLiteral)))]
        if statesMaximum { members.append(("max", .number(JSONNumber(maximum)))) }
        return .makeObject(members)
    }

    static func == (lhs: LogNormalDelay, rhs: LogNormalDelay) -> Bool {
        lhs.median == rhs.median && lhs.sigma == rhs.sigma && lhs.maximum == rhs.maximum
    }
}
