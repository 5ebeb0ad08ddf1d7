/// Idle kept-alive connections by `scheme://host:port`, so consecutive requests to one upstream
/// skip the TCP and TLS handshakes.
final class ConnectionPool: Sendable {
    /// Connections idle longer are closed rather than reused: servers commonly drop idle
    /// connections after 5–60 s, and a request on a connection the server is closing fails.
    static let maximumIdleTime = Duration.seconds(4)
    static let maximumIdlePerUpstream = 8

    private let idle = LockedValue<[String: [UpstreamConnection]]>([:])

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

    /// Keeps a connection whose last exchange left it reusable.
    func give(_ connection: UpstreamConnection) {
        connection.idleSince = .now
        let overflow: UpstreamConnection? = idle.withLock { byKey in
            var list = byKey[connection.key, default: []]
            list.append(connection)
            let dropped = list.count > Self.maximumIdlePerUpstream ? list.removeFirst() : nil
            byKey[connection.key] = list
            return dropped
        }
        _ = overflow   // the oldest one beyond the limit closes here, outside the lock
    }
}
