/// A scenario and its current state (`GET /__admin/scenarios`).
public struct Scenario: Sendable, Equatable, Decodable {
    public let name: String
    public let state: String

    public init(name: String, state: String) {
        self.name = name
        self.state = state
    }
}

/// What `POST /__admin/reset` did.
public struct ResetSummary: Sendable, Equatable, Decodable {
    /// Entries with `times` whose counters started again.
    public let counters: Int
    /// Scenarios put back to `started`.
    public let scenarios: Int
    /// Recorded requests cleared.
    public let requests: Int
    /// Runtime fixtures removed.
    public let fixtures: Int
    /// Resources removed (0 from a mock that has none).
    public let resources: Int
    /// Webhooks cleared from the list; those still waiting were cancelled (0 from a mock that has none).
    public let webhooks: Int

    private enum CodingKeys: String, CodingKey {
        case counters, scenarios, requests, fixtures, resources, webhooks
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        counters = try container.decode(Int.self, forKey: .counters)
        scenarios = try container.decode(Int.self, forKey: .scenarios)
        requests = try container.decode(Int.self, forKey: .requests)
        fixtures = try container.decode(Int.self, forKey: .fixtures)
        resources = try container.decodeIfPresent(Int.self, forKey: .resources) ?? 0
        webhooks = try container.decodeIfPresent(Int.self, forKey: .webhooks) ?? 0
    }
}

/// A webhook an entry sent (`GET /__admin/webhooks`), and what became of it.
///
/// ```swift
/// try await session.status(.post, "orders", body: .json(order))
/// let webhook = try await mock.webhooks().first
/// #expect(webhook?.state == .delivered && webhook?.status == 204)
/// ```
public struct SentWebhook: Sendable, Equatable, Decodable {
    /// `pending` until the receiver answers, then `delivered` or `failed`.
    public enum State: String, Sendable, Decodable {
        case pending, delivered, failed
    }

    public let id: Int
    public let method: String
    public let url: String
    /// The headers sent, by name as written (`Content-Type`, `Via`, the webhook's own).
    public let headers: [String: String]
    /// Milliseconds after the answer was chosen: the answer's delay and transfer time plus the
    /// webhook's own.
    public let delay: Int
    public let state: State
    /// The receiver's status, once delivered.
    public let status: Int?
    /// Why it failed, or why it was not sent.
    public let error: String?
    /// The body as text, its first 64 KiB.
    public let body: String
    public let bodySize: Int
    /// The entry that sent it.
    public let entry: RecordedRequest.MatchedEntry?
}

/// `GET /__admin/webhooks`.
struct WebhookList: Decodable {
    let webhooks: [SentWebhook]
}

/// A fixture entry that has answered nothing since start, reload or reset
/// (`GET /__admin/fixtures/unused`).
public struct UnusedFixtureEntry: Sendable, Equatable, Decodable, CustomStringConvertible {
    /// The fixture file, relative to the root; `nil` for a runtime fixture.
    public let file: String?
    /// The runtime fixture's id; `nil` for a file.
    public let fixture: String?
    public let entry: Int
    public let line: Int
    public let method: String

    /// `api/1.0/people.json entry 3 (line 40, GET)`
    public var description: String {
        "\(file ?? "runtime fixture \(fixture ?? "?")") entry \(entry) (line \(line), \(method))"
    }
}

/// What `POST /__admin/reload` loaded.
public struct ReloadResult: Sendable, Equatable, Decodable {
    /// Fixture files that loaded without errors.
    public let fixtures: Int
    public let entries: Int
    public let staticFiles: Int
    /// Every problem of the new load, as `file:line:col: severity: message. Hint`.
    public let problems: [String]
    /// What the reload could not set up (a declared resource whose path a posted one holds).
    public let warnings: [String]

    private enum CodingKeys: String, CodingKey {
        case fixtures, entries, staticFiles, problems, warnings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fixtures = try container.decode(Int.self, forKey: .fixtures)
        entries = try container.decode(Int.self, forKey: .entries)
        staticFiles = try container.decode(Int.self, forKey: .staticFiles)
        problems = try container.decode([String].self, forKey: .problems)
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }
}
