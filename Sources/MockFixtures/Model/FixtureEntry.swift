/// One validated entry of a fixture file (or of a fixture added at runtime), ready for matching.
struct FixtureEntry: Sendable {
    /// 0-based index in its file.
    let index: Int
    let position: JSONPosition
    /// Upper-cased HTTP method.
    let method: String
    let constraints: RequestConstraints
    let delay: EntryDelay
    /// The answer as loaded; for a templated entry, its status only.
    let response: PreparedResponse
    /// Whether `response` is one of the store's prepared responses (servers cache those); fixtures
    /// added at runtime, templated answers, faults and throttled bodies are answered by copying.
    let isPrepared: Bool
    /// A template, fault, throttling or forward; `nil` for the usual plain answer.
    let delivery: EntryDelivery?
    /// Answers given since load or reset; it also enforces `times`.
    let usage: EntryUsage
    let scenario: ScenarioStep?

    var isWildcard: Bool { constraints.isWildcard }
}

/// What makes an entry's answer differ from its prepared response — a template, a fault,
/// throttling, a forward to an API — behind one reference, so that copying a plain entry (as selecting one does on
/// every request) costs nothing for them.
final class EntryDelivery: Sendable {
    /// `"template": true`: the headers and body are rendered per request from this.
    let template: ResponseTemplate?
    let fault: MockFault?
    let bytesPerSecond: Int?
    /// `"forward"`: the front sends the request to this API and answers with what it says.
    let forward: EntryForward?
    /// `"webhooks"`: sent after the entry answers; empty for none.
    let webhooks: [EntryWebhook]

    /// Whether the answer is the entry's prepared one: only webhooks are added to it.
    var keepsPreparedAnswer: Bool { template == nil && fault == nil && bytesPerSecond == nil && forward == nil }

    /// `nil` when there is nothing but a plain answer.
    static func make(template: ResponseTemplate?, fault: MockFault?, bytesPerSecond: Int?, forward: EntryForward?, webhooks: [EntryWebhook]) -> EntryDelivery? {
        guard template != nil || fault != nil || bytesPerSecond != nil || forward != nil || !webhooks.isEmpty else { return nil }
        return EntryDelivery(template: template, fault: fault, bytesPerSecond: bytesPerSecond, forward: forward, webhooks: webhooks)
    }

    private init(template: ResponseTemplate?, fault: MockFault?, bytesPerSecond: Int?, forward: EntryForward?, webhooks: [EntryWebhook]) {
        self.template = template
        self.fault = fault
        self.bytesPerSecond = bytesPerSecond
        self.forward = forward
        self.webhooks = webhooks
    }
}

/// An entry's part in a scenario: which state it needs and which state it leads to.
package struct ScenarioStep: Sendable {
    let name: String
    /// `nil`: the entry answers in any state.
    let requiredState: String?
    /// `nil`: answering leaves the state as it is.
    let newState: String?

    /// Whether `name` can name a scenario: it is one path segment of `/__admin/scenarios/NAME`,
    /// so no `/` or `\\` (an encoded one is refused, as on every path), no NUL (`%00` is refused
    /// too), and not `.` or `..`. The loader's rule, which importers check a name against too.
    package static func isValidName(_ name: String) -> Bool {
        !(name.contains("/") || name.contains("\\") || name.contains("\u{0}") || name == "." || name == "..")
    }
}

extension FixtureEntry {
    init(_ compiled: FixtureFileCompiler.CompiledEntry, response: PreparedResponse, isPrepared: Bool, usage: EntryUsage) {
        self.init(index: compiled.index, position: compiled.position, method: compiled.method, constraints: compiled.constraints,
                  delay: compiled.delay, response: response, isPrepared: isPrepared,
                  delivery: EntryDelivery.make(template: compiled.template, fault: compiled.fault, bytesPerSecond: compiled.bytesPerSecond,
                                                  forward: compiled.forward, webhooks: compiled.webhooks),
                  usage: usage, scenario: compiled.scenario)
    }
}
