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
    func makeClientRequest(from request: URLRequest) throws -> HTTPClientRequest {
        guard let url = request.url else {
            throw URLError(.badURL)
        }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        if requestsCompression, !outgoing.headers.contains(name: "Accept-Encoding") {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if let body = request.bodyData {
            outgoing.body = .bytes(ByteBuffer(data: body))
        }
        return outgoing
    }

    /// The response head as Foundation's type. A header sent more than once (names compared
    /// ignoring case) is folded into one comma-separated value, as HTTP allows and as
    /// URLSession does.
    func makeResponse(_ response: HTTPClientResponse, url: URL?) throws -> HTTPURLResponse {
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
