/// How many requests a verification expects: `lower` up to `upper` (no limit when `nil`).
struct ExpectedCount: Sendable, CustomStringConvertible {
    let lower: Int
    let upper: Int?

    func admits(_ count: Int) -> Bool {
        count >= lower && upper.map { count <= $0 } ?? true
    }

    /// `exactly 2 requests`, `at least one request`, `at most 3 requests`, `between 1 and 3 requests`.
    var description: String {
        switch (lower, upper) {
        case (1, nil): "at least one request"
        case (let lower, nil): "at least \(lower) requests"
        case (let lower, let upper?) where lower == upper: "exactly \(Self.requests(lower))"
        case (0, let upper?): "at most \(Self.requests(upper))"
        case (let lower, let upper?): "between \(lower) and \(upper) requests"
        }
    }

    private static func requests(_ count: Int) -> String {
        "\(count) request\(count == 1 ? "" : "s")"
    }
}
