import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// Sends `first` and, as `policy` says, the redirects it leads to, each under what is left
    /// until `deadline`. Transports return 3xx responses untouched, so the rules (307/308 keep
    /// method and body, credentials stay with their origin) are the same whatever the transport.
    /// `onRedirect` sees each redirect before it is followed, for logs and traces.
    func exchangeFollowingRedirects(
        _ first: URLRequest,
        policy: RedirectPolicy,
        deadline: ContinuousClock.Instant,
        onRedirect: (_ status: Int, _ from: URLRequest, _ to: URLRequest) -> Void = { _, _, _ in }
    ) async throws(HopFailure) -> Hop {
        var request = first
        var redirectCount = 0
        while true {
            let hopStarted = ContinuousClock.now
            let exchange: TransportResponse
            do {
                let remaining = hopStarted.duration(to: deadline)
                if remaining <= .zero { throw DeadlineExceeded() }
                exchange = try await self.exchange(request, deadlineSeconds: JSONSession.seconds(remaining))
            } catch {
                throw HopFailure(underlying: error, url: request.url)
            }
            let hop = Hop(
                request: request,
                exchange: exchange,
                redirectCount: redirectCount,
                timeToFirstByte: exchange.firstByteAt.map { $0 - hopStarted }
            )
            let status = exchange.head.statusCode
            guard policy.followsRedirects, Redirect.statuses.contains(status),
                  let next = Redirect.nextRequest(after: status, headers: HTTPHeaders(exchange.head.headerDictionary), for: request),
                  let target = next.url
            else { return hop }
            if redirectCount >= policy.maximumRedirects {
                throw HopFailure(underlying: TooManyRedirects(count: redirectCount, lastLocation: target.absoluteString), url: request.url)
            }
            redirectCount += 1
            onRedirect(status, request, next)
            request = next
        }
    }
}
