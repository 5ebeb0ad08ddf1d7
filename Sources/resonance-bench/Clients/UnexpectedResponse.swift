import Foundation

/// A non-2xx answer to the hand-written client, described with the start of the body.
struct UnexpectedResponse: Error, CustomStringConvertible {
    let url: URL
    let status: Int?
    let body: Data

    var description: String {
        let snippet = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .joined(separator: " ")
        return "\(url.absoluteString) answered \(status.map(String.init) ?? "without an HTTP status"): \(snippet)"
    }
}
