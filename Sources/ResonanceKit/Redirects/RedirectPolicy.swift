/// What a session does with a redirect: a 301, 302, 303, 307 or 308 response with a `Location`.
///
/// Following (the default) sends the request on to the new location, as curl and Apple's
/// URLSession do: 307 and 308 keep the method and body; 303 turns any method but HEAD into a GET
/// without body; 301 and 302 turn a POST into a GET without body and keep other methods. A
/// redirect to another origin (scheme, host or port) drops `Authorization`, `Proxy-Authorization`
/// and `Cookie`, so credentials never leak to a host they were not meant for. Following works the
/// same with every transport, because the session follows redirects itself.
///
/// Not following returns the 3xx response untouched: ``HTTPRequest`` hands it back, a typed
/// request throws ``RequestError/Kind/httpStatus(_:)`` whose `headers` carry the `Location`.
///
/// ```swift
/// session.redirectPolicy = .follow                  // the default: at most 10 redirects
/// session.redirectPolicy = .follow(maximumRedirects: 3)
/// let moved = try await session.send(HTTPRequest(path: "old/", redirectPolicy: .doNotFollow))
/// print(moved.statusCode, moved.headers["Location"] ?? "")   // 301 /new/
/// ```
public struct RedirectPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Whether redirects are followed.
    public let followsRedirects: Bool
    /// The most redirects followed for one attempt; one more fails the request with
    /// ``TransportFailure/tooManyRedirects(count:lastLocation:)``. 0 when not following.
    public let maximumRedirects: Int

    /// Follows up to 10 redirects per attempt.
    public static let follow = RedirectPolicy(followsRedirects: true, maximumRedirects: 10)

    /// Returns every 3xx response as it came.
    public static let doNotFollow = RedirectPolicy(followsRedirects: false, maximumRedirects: 0)

    /// Follows up to `maximumRedirects` redirects per attempt (at least 0; 0 fails on the first
    /// redirect instead of returning it, use ``doNotFollow`` for that).
    public static func follow(maximumRedirects: Int) -> RedirectPolicy {
        RedirectPolicy(followsRedirects: true, maximumRedirects: max(0, maximumRedirects))
    }

    private init(followsRedirects: Bool, maximumRedirects: Int) {
        self.followsRedirects = followsRedirects
        self.maximumRedirects = maximumRedirects
    }

    public var description: String {
        followsRedirects ? "follow (at most \(maximumRedirects) redirects)" : "do not follow"
    }
}
