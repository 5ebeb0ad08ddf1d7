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
    /// The answer's headers as the engine chose them (the HTTP layer adds `Date`,
    /// `Content-Length` and `Connection`); sent unless `status` is 0 (a fault closed the
    /// connection first).
    package let responseHeaders: [HTTPHeader]
    /// The answer's body as the engine chose it, at most the journal's body limit; what of it
    /// went out is ``responseBodySent``.
    package let responseBody: [UInt8]
    package let outcome: MatchOutcome
    // The two below are narrow and come last, in the padding after `outcome`: at 128 bytes a
    // record is still moved into its journal slot inline; three more words made every move a
    // `memcpy` call (+93 instructions a request, callgrind).
    private let storedStatus: UInt16
    /// The answer body's size; an answer is an array in memory built from at most a 64 MiB file
    /// or a request body, so 4 GiB clamps nothing a test can send.
    private let storedResponseBodySize: UInt32

    package var status: Int { Int(storedStatus) }
    /// The size of the answer's body as the engine chose it.
    package var responseBodySize: Int { Int(storedResponseBodySize) }

    package var isBodyTruncated: Bool { body.count < bodySize }

    package init(id: Int, timeMilliseconds: Int64, method: String, target: String, packedHeaders: PackedHeaders, body: [UInt8], bodySize: Int,
                 status: Int, outcome: MatchOutcome, responseHeaders: [HTTPHeader] = [], responseBody: [UInt8] = [], responseBodySize: Int = 0) {
        self.id = id
        self.timeMilliseconds = timeMilliseconds
        self.method = method
        self.target = target
        self.packedHeaders = packedHeaders
        self.body = body
        self.bodySize = bodySize
        self.storedStatus = UInt16(clamping: status)
        self.outcome = outcome
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.storedResponseBodySize = UInt32(clamping: responseBodySize)
    }

    /// The part of `bytes` a journal with `limit` keeps: the array itself when it fits (shared,
    /// not copied: a prepared answer's body is the store's), else a copy of its first `limit`
    /// bytes, so a large answer never stays alive through the journal.
    @inline(__always)
    static func kept(_ bytes: [UInt8], limit: Int) -> [UInt8] {
        bytes.count <= limit ? bytes : Array(bytes.prefix(limit))
    }

    /// The answer's body as it went out, as far as the journal kept it, and how many bytes went
    /// out: none for a HEAD or a status without content (RFC 9110 §6.4.1), half for a
    /// `truncatedBody` fault, else all. `nil` when no answer went out at all.
    var responseBodySent: (kept: ArraySlice<UInt8>, size: Int)? {
        guard status != 0 else { return nil }
        var sent = responseBodySize
        if method == "HEAD" || status == 204 || status == 205 || status == 304 || status < 200 {
            sent = 0
        } else if case .fault(let fault, _) = outcome {
            sent = fault.bytesSent(ofBodyCount: responseBodySize)
        }
        return (responseBody.prefix(sent), sent)
    }

    /// Every header as received, in order; decoded on each call (journal reads are rare).
    package var headers: [HTTPHeader] { packedHeaders.fields }
}
