import MockFixtures
/// Idle kept-alive connections by `scheme://host:port`, so consecutive requests to one upstream
/// skip the TCP and TLS handshakes.
final class ConnectionPool: Sendable {
    /// Connections idle longer are closed rather than reused: servers commonly drop idle
    /// connections after 5–60 s, and a request on a connection the server is closing fails.
    static let maximumIdleTime = Duration.seconds(4)
    static let maximumIdlePerUpstream = 8

    private let idle = LockedState<[String: [UpstreamConnection]]>([:])

    /// The most recently used idle connection for `key` that is still open, if any.
    func take(_ key: String) -> UpstreamConnection? {
        let now = ContinuousClock.now
        var discarded: [UpstreamConnection] = []
        defer { _ = discarded }   // closed here, outside the lock
        return idle.withLock { byKey in
            while let connection = byKey[key]?.popLast() {
                if connection.idleSince.duration(to: now) < Self.maximumIdleTime, connection.isStillOpen {
                    return connection
                }
                discarded.append(connection)
            }
            return nil
        }
    }

    /// Keeps a connection whose last exchange left it reusable, dropping ones of the same
    /// upstream that have been idle too long (their sockets close outside the lock).
    func give(_ connection: UpstreamConnection) {
        let now = ContinuousClock.now
        connection.idleSince = now
        let dropped: [UpstreamConnection] = idle.withLock { byKey in
            var list = byKey[connection.key, default: []]
            var expired = list.filter { $0.idleSince.duration(to: now) >= Self.maximumIdleTime }
            list.removeAll { $0.idleSince.duration(to: now) >= Self.maximumIdleTime }
            list.append(connection)
            if list.count > Self.maximumIdlePerUpstream { expired.append(list.removeFirst()) }
            byKey[connection.key] = list
            return expired
        }
        _ = dropped
    }
}
