import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGINT or SIGTERM through Dispatch sources, so the handler runs as ordinary code
/// and the server can stop cleanly.
///
/// Installed before anything slow (loading a large fixture tree takes seconds): a signal that
/// arrives before ``serve()`` ends the process at once with exit 0, as there is nothing to stop
/// yet. Before, such a signal had its default action, and in a container (mockserver is PID 1,
/// where the kernel drops default-action signals) `docker stop` waited out its timeout.
final class ShutdownSignals: @unchecked Sendable {
    // @unchecked: `sources` and `phase` are only set in init; `name` and `serving` are only
    // written on `queue` and read there or through `queue.sync`.
    private let received = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "mockserver.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var name = "signal"
    private var serving = false
    /// What the process is doing until ``serve()``, for the line printed when a signal ends it.
    private let phase: String

    /// Installs the sources and returns once they receive the signals; the default actions are
    /// ignored first so that the signals are only delivered to the sources and never kill the
    /// process half-way through a stop. `phase` says what happens until ``serve()``
    /// (`loading fixtures`).
    init(phase: String) {
        self.phase = phase
        signal(SIGPIPE, SIG_IGN)
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                name = label
                guard serving else {
                    StandardStreams.writeError("mockserver: stopped on \(label) while \(self.phase)\n")
                    // `_exit`: nothing is buffered (StandardStreams writes through), and exit's
                    // handlers could wait on a lock the loading thread holds.
                    _exit(0)
                }
                received.signal()
            }
            source.resumeRegistered()
            sources.append(source)
        }
    }

    /// From now on a signal asks for a clean stop, which ``wait()`` returns; call it before
    /// starting the server.
    func serve() {
        queue.sync { serving = true }
    }

    /// Blocks until the first signal arrives and returns its name.
    func wait() -> String {
        received.wait()
        return queue.sync { name }
    }
}
