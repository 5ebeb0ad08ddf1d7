import Dispatch

/// Polls a server's fixture root and reloads the server when the tree changes (a file added,
/// removed or modified), as `mockserver --watch` does.
///
/// Each poll is one ``FixtureTreeSignature`` walk on a Dispatch timer (no thread of its own);
/// the reload itself runs on the server's reload queue and logs what it loaded, like
/// ``MockHTTPServer/reload()``. A root that disappears is reported once and reloaded again when
/// it comes back.
///
/// ```swift
/// let watcher = FixtureWatcher(server: server, intervalSeconds: 1)
/// watcher.start()
/// // … edit fixtures: the server picks them up within about a second …
/// watcher.stop()
/// ```
public final class FixtureWatcher: @unchecked Sendable {
    /// The server reloaded.
    public let server: MockHTTPServer
    /// Seconds between two polls.
    public let intervalSeconds: Double
    private let queue = DispatchQueue(label: "mockserver.watch")
    private let lock = Lock()
    private var timer: (any DispatchSourceTimer)?
    /// Only touched on `queue`.
    private var lastSignature: FixtureTreeSignature?

    /// A watcher for `server`'s fixture root; nothing happens until ``start()``.
    /// `intervalSeconds` must be positive (smaller values are raised to 10 ms).
    public init(server: MockHTTPServer, intervalSeconds: Double) {
        self.server = server
        self.intervalSeconds = max(intervalSeconds, 0.01)
    }

    deinit {
        timer?.cancel()
    }

    /// Takes the current tree as the baseline and starts polling; a second call does nothing.
    public func start() {
        lock.lock()
        defer { lock.unlock() }
        guard timer == nil else { return }
        let source = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.nanoseconds(Int(intervalSeconds * 1_000_000_000))
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        source.setEventHandler { [weak self] in
            self?.poll()
        }
        let root = server.fixtureRootPath
        queue.async { [self] in
            lastSignature = FixtureTreeSignature(root: root)
        }
        source.resume()
        timer = source
    }

    /// Stops polling; a reload already running finishes.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
    }

    private func poll() {
        let signature = FixtureTreeSignature(root: server.fixtureRootPath)
        guard signature != lastSignature else { return }
        // Recorded before loading: an edit made while the reload reads the tree changes the
        // signature again and is picked up by the next poll.
        lastSignature = signature
        // The server logs the outcome (and why, when the root has become unusable).
        _ = try? server.reload()
    }
}
