import Dispatch

/// Polls a server's fixture root and reloads the server when what it serves changes (a fixture
/// or static file added, removed or modified), as `mockserver --watch` does.
///
/// Each poll runs on a Dispatch timer (no thread of its own): one cheap `stat` walk of the tree,
/// and a ``FixtureTreeSignature`` walk with the loader's rules only when that one changed;
/// the reload itself runs on the server's reload queue and logs what it loaded, like
/// ``MockHTTPServer/reload()``. A root that disappears is reported once and reloaded again when
/// it comes back.
///
/// ```swift
/// let watcher = try FixtureWatcher(server: server, intervalSeconds: 1)
/// watcher.start()
/// // … edit fixtures: the server picks them up within about a second …
/// watcher.stop()
/// ```
public final class FixtureWatcher: @unchecked Sendable {
    // @unchecked: `timer` is only touched under `lock`; `lastStamp`, `lastSignature` and
    // `polls` only on `queue`.
    /// The intervals accepted: from 50 ms (a poll of a large tree takes tens of milliseconds)
    /// to an hour.
    public static let intervalRange: ClosedRange<Double> = 0.05...3600

    /// The server reloaded.
    public let server: MockHTTPServer
    /// Seconds between two polls.
    public let intervalSeconds: Double
    private let queue = DispatchQueue(label: "mockserver.watch")
    private let lock = Lock()
    private var timer: (any DispatchSourceTimer)?
    private var lastStamp: FixtureTreeStamp?
    private var lastSignature: FixtureTreeSignature?
    private var polls = 0

    /// A watcher for `server`'s fixture root; nothing happens until ``start()``. Throws when
    /// `intervalSeconds` is not a number within ``intervalRange``.
    public init(server: MockHTTPServer, intervalSeconds: Double) throws(FixtureWatcherError) {
        try Self.check(intervalSeconds: intervalSeconds)
        self.server = server
        self.intervalSeconds = intervalSeconds
    }

    /// Throws unless `intervalSeconds` is finite and within ``intervalRange``.
    public static func check(intervalSeconds: Double) throws(FixtureWatcherError) {
        guard intervalSeconds.isFinite, intervalRange.contains(intervalSeconds) else {
            throw .invalidInterval(intervalSeconds)
        }
    }

    deinit {
        timer?.cancel()
    }

    /// Takes the current tree as the baseline, before returning, and starts polling; a second
    /// call does nothing. An edit made after `start()` returns is picked up by a later poll.
    public func start() {
        lock.lock()
        defer { lock.unlock() }
        guard timer == nil else { return }
        queue.sync {
            lastStamp = FixtureTreeStamp(root: server.fixtureRootPath)
            lastSignature = currentSignature()
        }
        let source = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.nanoseconds(Int(intervalSeconds * 1_000_000_000))
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        source.setEventHandler { [weak self] in
            self?.poll()
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

    private func currentSignature() -> FixtureTreeSignature {
        FixtureTreeSignature(root: server.fixtureRootPath, options: server.engine.store.loadOptions)
    }

    /// Polls finished so far, each with its reload if it found a change. For tests that must
    /// know the watcher has looked at the tree since they changed it.
    package var completedPolls: Int {
        queue.sync { polls }
    }

    private func poll() {
        defer { polls += 1 }
        // The raw stamp is cheap; only when it moved is the tree walked with the loader's rules.
        let stamp = FixtureTreeStamp(root: server.fixtureRootPath)
        guard stamp != lastStamp else { return }
        lastStamp = stamp
        let signature = currentSignature()
        guard signature != lastSignature else { return }
        // Recorded before loading: an edit made while the reload reads the tree changes the
        // signature again and is picked up by the next poll.
        lastSignature = signature
        // The server logs the outcome (and why, when the root has become unusable).
        _ = try? server.reload()
    }
}
