/// What `POST /__admin/requests/count` found: how many recorded requests fit a pattern and, when
/// none did, the ones closest to it with the reasons they missed.
public struct VerificationResult: Sendable, Equatable, Decodable {
    public let count: Int
    /// Up to three recorded requests closest to the pattern; empty when `count` > 0.
    public let nearMisses: [NearMiss]
    /// How many requests the journal holds.
    public let recorded: Int?
    /// How many older requests the journal dropped since it was last cleared (it keeps the newest
    /// `--journal-size`): any of them may have fit, so with `dropped` > 0 ``count`` is a lower
    /// bound. 0 from a mock that does not say.
    public let dropped: Int

    /// A recorded request that almost fits, and why it does not.
    public struct NearMiss: Sendable, Equatable, Decodable, CustomStringConvertible {
        public let id: Int
        public let method: String
        public let path: String
        /// Worded like the 404 diagnostics: `body differs at $.sku: expected "A1", got "A2"`.
        public let reasons: [String]

        /// `#3 POST /api/orders: body differs at $.sku: expected "A1", got "A2"`
        public var description: String {
            "#\(id) \(method) \(path): " + reasons.joined(separator: "; ")
        }
    }

    private enum CodingKeys: String, CodingKey { case count, nearMisses, recorded, dropped }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        nearMisses = try container.decodeIfPresent([NearMiss].self, forKey: .nearMisses) ?? []
        recorded = try container.decodeIfPresent(Int.self, forKey: .recorded)
        dropped = try container.decodeIfPresent(Int.self, forKey: .dropped) ?? 0
    }
}
