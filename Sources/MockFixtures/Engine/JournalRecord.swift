/// One request as the journal keeps it: what arrived and how it was answered.
///
/// The target is kept raw and decoded only when the journal is read, so recording stays cheap.
package struct JournalRecord: Sendable {
    /// Increasing from 1 since the engine started.
    package let id: Int
    /// Arrival, in milliseconds since 1970 (UTC).
    package let timeMilliseconds: Int64
    package let method: String
    /// As received: percent-encoded path plus optional `?query`.
    package let target: String
    /// Every header as received, packed (see ``PackedHeaders``).
    package let packedHeaders: PackedHeaders
    /// At most the journal's body limit.
    package let body: [UInt8]
    /// The size of the body as received.
    package let bodySize: Int
    package let status: Int
    package let outcome: MatchOutcome

    package var isBodyTruncated: Bool { body.count < bodySize }

    /// Every header as received, in order; decoded on each call (journal reads are rare).
    package var headers: [HTTPHeader] { packedHeaders.fields }
}
