import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How one redirect changes the request (RFC 9110 §15.4, as curl and browsers apply it).
enum Redirect {
    /// The statuses that are followed; 300, 304, 305 and 306 are answers, not redirects.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Headers describing a body, dropped with it.
    private static let bodyHeaders = ["Content-Type", "Content-Length", "Content-Encoding"]

    /// The request to send after `response` answered `request`, or `nil` when the response is not
    /// a redirect that can be followed (another status, no `Location`, a target that is not HTTP).
    static func nextRequest(after status: Int, headers: HTTPHeaders, for request: URLRequest) -> URLRequest? {
        guard statuses.contains(status),
              let location = headers["Location"]?.trimmingWhitespace, !location.isEmpty,
              let current = request.url,
              let target = URL(string: location, relativeTo: current)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
              target.host != nil
        else { return nil }

        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        let becomesGet = switch status {
        case 303: method != "HEAD" && method != "GET"
        case 301, 302: method == "POST"
        default: false
        }
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in bodyHeaders {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        if !isSameOrigin(current, target) {
            // Headers only the origin they were set for may see.
            for name in CredentialHeaders.names {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        first.scheme?.lowercased() == second.scheme?.lowercased()
            && first.host?.lowercased() == second.host?.lowercased()
            && effectivePort(first) == effectivePort(second)
    }

    static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
