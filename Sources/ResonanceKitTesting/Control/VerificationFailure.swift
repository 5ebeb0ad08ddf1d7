/// A verification that did not hold. Its description is written to be read in a test failure:
/// what was expected, what was found, and what the app sent instead.
///
/// ```text
/// Expected at least one request matching POST /api/1.0/people/ body {"name":"Rey"}, but none of the 3 recorded requests did. Nearest:
///   #2 POST /api/1.0/people/: body differs at $.name: expected "Rey", got "Finn"
///   #1 GET /api/1.0/people/: method is GET, expected POST
/// ```
public struct VerificationFailure: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(pattern: RequestPattern, expected: ExpectedCount, result: VerificationResult, matching: [RecordedRequest]) {
        var text = "Expected \(expected) matching \(pattern), but "
        if result.count == 0 {
            let recorded = result.recorded ?? 0
            if recorded == 0 {
                text += "no requests were recorded at all."
            } else {
                text += "none of the \(recorded) recorded request\(recorded == 1 ? "" : "s") did. Nearest:"
                for miss in result.nearMisses {
                    text += "\n  \(miss)"
                }
            }
        } else {
            text += expected.admits(result.count)
                ? "the journal cannot confirm it: \(result.count) did, and others may have been dropped:"
                : "\(result.count) did:"
            for request in matching {
                text += "\n  \(request)"
            }
        }
        if result.dropped > 0 {
            text += "\nThe journal dropped \(result.dropped) older request\(result.dropped == 1 ? "" : "s") since it was last cleared "
                + "(it keeps the newest --journal-size); any of them may have matched. Reset or clear the journal between tests, "
                + "or raise --journal-size (MockEngineOptions.journalSize)."
        }
        description = text
    }

    init(order patterns: [RequestPattern], missingStep: Int, found: [RecordedRequest], earlier: [RecordedRequest], dropped: Int) {
        var text = "Expected requests in this order:"
        for (step, pattern) in patterns.enumerated() {
            text += "\n  \(step + 1). \(pattern)"
        }
        if let last = found.last {
            text += "\nbut after \(last) (step \(missingStep)), no request matching step \(missingStep + 1) was recorded"
        } else {
            text += "\nbut no request matching step 1 was recorded"
        }
        if earlier.isEmpty {
            text += "."
        } else {
            text += "; it was sent before, as " + earlier.map { "#\($0.id)" }.joined(separator: ", ") + "."
        }
        if dropped > 0 {
            text += "\nThe journal dropped \(dropped) older request\(dropped == 1 ? "" : "s") since it was last cleared "
                + "(it keeps the newest --journal-size); the missing step may be among them."
        }
        description = text
    }

    init(emptyOrder: Void) {
        description = "verifyInOrder was given no patterns; give the requests in the order the app must send them."
    }

    init(emptyRange: String) {
        description = "The count range \(emptyRange) holds no number of requests; give one such as ...3, 2... or 1...3."
    }

    init(unmatched: [RecordedRequest]) {
        var text = "Expected every request to match a fixture, but \(unmatched.count) did not:"
        for request in unmatched {
            text += "\n  \(request)"
            if let explanation = request.explanation {
                text += "\n    \(explanation)"
            }
        }
        description = text
    }
}

/// An admin call the mock refused, with its own explanation.
///
/// ```swift
/// do { try await mock.setScenario("crat", state: "paid") }
/// catch let error as MockControlError { print(error) }
/// // 404: no fixture names the scenario 'crat'; the scenarios are 'cart' (did you mean 'cart'?)
/// ```
public struct MockControlError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status of the refusal.
    public let status: Int
    /// The mock's `error` sentence: what was wrong.
    public let message: String
    /// The mock's `hint`: what to send instead (nil when the answer had none).
    public let hint: String?
    /// For a refused fixture: each problem as `line:column: error: …`.
    public let problems: [String]
    public let warnings: [String]

    public var description: String {
        var text = "\(status): \(message)"
        if let hint { text += " (\(hint))" }
        for problem in problems { text += "\n  \(problem)" }
        for warning in warnings { text += "\n  \(warning)" }
        return text
    }
    /// For a fixture posted with one entry per line: `2:38: error: …` becomes
    /// `entry 0: error: …` (the JSON the positions count in was built from `FixtureEntry` values).
    func namingEntries() -> MockControlError {
        func named(_ line: String) -> String {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let row = Int(parts[0]), Int(parts[1]) != nil, row >= 2 else { return line }
            return "entry \(row - 2):" + parts[2]
        }
        let positions = "(positions are line:column in the body)"
        let renamedMessage = message.hasSuffix(positions) ? message.dropLast(positions.count) + "(each named by its index in entries)" : message
        return MockControlError(status: status, message: String(renamedMessage), hint: hint, problems: problems.map(named), warnings: warnings.map(named))
    }
}
