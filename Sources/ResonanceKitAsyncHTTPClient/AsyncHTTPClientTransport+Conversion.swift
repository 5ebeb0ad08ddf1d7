import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AsyncHTTPClientTransport {
    /// The `URLRequest` as AsyncHTTPClient's request: method, URL, every header, the body.
    func makeClientRequest(from request: URLRequest) throws -> HTTPClient.Request {
        guard let url = request.url else {
            throw URLError(.badURL)
        }
        var headers = HTTPHeaders()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers.add(name: name, value: value)
        }
        if requestsCompression, !headers.contains(name: "Accept-Encoding") {
            headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        return try HTTPClient.Request(
            url: url,
            method: NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            headers: headers,
            body: request.bodyData.map { .byteBuffer(ByteBuffer(data: $0)) }
        )
    }

    /// The response head as Foundation's type. A header sent more than once (names compared
    /// ignoring case) is folded into one comma-separated value, as HTTP allows and as
    /// URLSession does.
    func makeResponse(_ response: HTTPResponseHead, url: URL?) throws -> HTTPURLResponse {
        var fields: [String: String] = [:]
        var spelling: [String: String] = [:]
        for (name, value) in response.headers {
            let lowercased = name.lowercased()
            if let existing = spelling[lowercased] {
                fields[existing, default: ""] += ", " + value
            } else {
                spelling[lowercased] = name
                fields[name] = value
            }
        }
        let version = "HTTP/\(response.version.major).\(response.version.minor)"
        guard let target = url,
              let head = HTTPURLResponse(url: target, statusCode: Int(response.status.code), httpVersion: version, headerFields: fields)
        else {
            throw URLError(.badServerResponse)
        }
        return head
    }
}
