/// Answers whose header block does not fit where the server must build it.
///
/// libmicrohttpd builds an answer's status line and headers in the same fixed memory per
/// connection that holds the request's head, so a large request head (an 18 KB token) and a large
/// header block (a long `Content-Security-Policy`, or a template echoing that token) can together
/// exceed it; the library then closes the connection without a byte. A server front tells the
/// engine how many header bytes the request left (``MockEngine/respond(method:target:headers:body:store:answerHeaderBytesLimit:)``),
/// and an answer over it is replaced here, before it is journaled, by one that says so.
extension MockEngine {
    /// `response`, or when its header lines (name, `: `, value, CR LF each) are over `limit`
    /// bytes, a `status` answer (431 for a fixture's answer: the request head is what a client can
    /// shrink; 502 for an upstream's) explaining both sizes. The outcome is kept, so the journal
    /// and the log still name the entry that answered; a forwarded answer's becomes
    /// `proxyFailed`, as for every forward that could not be delivered.
    package func fittingHeaderRoom(_ response: MockResponse, limit: Int, status: Int = 431) -> MockResponse {
        let bytes = response.headerLineBytes
        guard bytes > limit else { return response }
        let source = switch response.outcome {
        case .matched(let file, let entry), .fault(_, .matched(let file, let entry)): "the answer of \(file) entry \(entry)"
        case .matchedRuntime(let fixture, let entry), .fault(_, .matchedRuntime(let fixture, let entry)):
            "the answer of runtime fixture \(fixture) entry \(entry)"
        case .proxied(let upstream), .forwarded(.proxied(let upstream), _): "the answer of \(upstream)"
        default: "the answer"
        }
        let error = "\(source) has \(bytes) bytes of header lines, and this request's head leaves room for \(max(limit, 0)) "
            + "in the memory the server has per connection (libmicrohttpd builds the answer's head where the request's head is kept)"
        // A forwarded answer that cannot be sent is a failed forward, as the journal names them.
        let tooLarge = "its \(bytes) bytes of header lines did not fit beside the request's head"
        let outcome: MatchOutcome = switch response.outcome {
        case .proxied(let upstream): .proxyFailed(upstream: upstream, error: tooLarge)
        case .forwarded(.proxied(let upstream), let entry): .forwarded(.proxyFailed(upstream: upstream, error: tooLarge), entry: entry)
        default: response.outcome
        }
        return diagnosticResponse(status: status, outcome: outcome, [
            ("error", .string(error)),
            ("hint", .string(status == 431
                ? "send a smaller request head (a shorter token, fewer cookies), or shorten the entry's headers (a header that echoes the request counts twice)"
                : "send a smaller request head (a shorter token, fewer cookies); the upstream's headers cannot be shortened here")),
        ])
    }
}

extension MockResponse {
    /// The bytes its headers take on the wire: name, `: `, value and CR LF for each.
    package var headerLineBytes: Int {
        HTTPHeader.lineBytes(headers)
    }
}

extension HTTPHeader {
    /// The bytes `headers` take on the wire: name, `: `, value and CR LF for each.
    package static func lineBytes(_ headers: [HTTPHeader]) -> Int {
        var total = 0
        for header in headers {
            total += header.name.utf8.count + header.value.utf8.count + 4
        }
        return total
    }
}
