import Foundation

/// A body as the journal writes it — `body` (UTF-8 text) or `bodyBase64`, and `bodyTruncated`
/// with `bodySize` when the journal kept only part — read from the same JSON object as the
/// fields around it, for requests and answers alike.
struct JournalBody: Decodable {
    let data: Data
    let truncated: Bool
    let size: Int

    private enum CodingKeys: String, CodingKey {
        case body, bodyBase64, bodyTruncated, bodySize
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .body) {
            data = Data(text.utf8)
        } else if let base64 = try container.decodeIfPresent(String.self, forKey: .bodyBase64) {
            guard let decoded = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .bodyBase64, in: container, debugDescription: "not base64")
            }
            data = decoded
        } else {
            data = Data()
        }
        truncated = try container.decodeIfPresent(Bool.self, forKey: .bodyTruncated) ?? false
        size = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? data.count
    }
}
