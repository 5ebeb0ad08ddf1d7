/// Gathers mismatch sentences when explaining, or just notes the first failure when selecting.
struct ReasonCollector {
    let explain: Bool
    var reasons: [String] = []
    private(set) var failed = false

    init(explain: Bool) {
        self.explain = explain
    }

    /// Whether looking further is pointless: selecting only needs to know that something failed.
    var isDone: Bool { failed && !explain }

    mutating func add(_ reason: @autoclosure () -> String) {
        failed = true
        if explain { reasons.append(reason()) }
    }
}
