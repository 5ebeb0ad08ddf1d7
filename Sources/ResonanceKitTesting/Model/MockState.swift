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

    private enum CodingKeys: String, CodingKey {
        case counters, scenarios, requests, fixtures, resources
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        counters = try container.decode(Int.self, forKey: .counters)
        scenarios = try container.decode(Int.self, forKey: .scenarios)
        requests = try container.decode(Int.self, forKey: .requests)
        fixtures = try container.decode(Int.self, forKey: .fixtures)
        resources = try container.decodeIfPresent(Int.self, forKey: .resources) ?? 0
    }
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
