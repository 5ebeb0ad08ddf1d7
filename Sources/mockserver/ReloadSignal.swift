import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockServer

/// Reloads the server's fixtures on SIGHUP, the usual "re-read your configuration" signal.
final class ReloadSignal: @unchecked Sendable {
    // @unchecked: `source` is set once, by reload(_:) or ignore(saying:) on the main thread,
    // before the handler it installs can run.
    private let queue = DispatchQueue(label: "mockserver.sighup")
    private var source: (any DispatchSourceSignal)?

    /// Makes SIGHUP harmless at once (its default action ends the process), before the server
    /// exists to reload.
    init() {
        signal(SIGHUP, SIG_IGN)
    }

    /// From now on each SIGHUP is answered by a line on stderr saying why it changes nothing
    /// (`mockserver record` writes fixtures, it has none to reload), rather than ending the
    /// process as its default action would.
    func ignore(saying reason: String) {
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        source.setEventHandler {
            StandardStreams.writeError("mockserver: SIGHUP ignored: \(reason)\n")
        }
        source.resumeRegistered()
        self.source = source
    }

    /// From now on each SIGHUP reloads `server`; the server logs the outcome.
    func reload(_ server: MockHTTPServer) {
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        source.setEventHandler {
            _ = try? server.reload()
        }
        source.resumeRegistered()
        self.source = source
    }
}
