import Foundation
@testable import MockFixtures

extension MockResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body decoded with Foundation, independently of our own parser.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw DecodingFailure(body: text)
        }
        return object
    }
}
