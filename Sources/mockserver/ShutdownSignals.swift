import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGINT or SIGTERM through Dispatch sources, so the handler runs as ordinary code
/// and the server can stop cleanly.
final class ShutdownSignals: @unchecked Sendable {
    // @unchecked: `sources` is only set in init; `name` is only written on `queue` and read
    // through `queue.sync`.
    private let received = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "mockserver.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var name = "signal"

    /// Installs the sources and returns once they receive the signals; the default actions are
    /// ignored first so that the signals are only delivered to the sources and never kill the
    /// process half-way through a stop.
    init() {
        signal(SIGPIPE, SIG_IGN)
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                name = label
                received.signal()
            }
            source.resumeRegistered()
            sources.append(source)
        }
    }

    /// Blocks until the first signal arrives and returns its name.
    func wait() -> String {
        received.wait()
        return queue.sync { name }
    }
}
