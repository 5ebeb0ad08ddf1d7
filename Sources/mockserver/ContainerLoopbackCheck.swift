#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockServer
import MockTLS

/// A server that is a container's entry point and listens on loopback is reachable from nowhere
/// outside it: a published port (`docker run -p 8080:8080`) forwards to the container's own
/// address, not to its 127.0.0.1. That happens when flags given after the image name replace
/// its default `CMD` and leave out `--host 0.0.0.0`, and the image's HEALTHCHECK, run inside,
/// still says healthy. Only the entry point (PID 1) is warned about: in a dev container or a CI
/// job's container the tests run beside the server, where loopback is right.
enum ContainerLoopbackCheck {
    /// Files Docker (`/.dockerenv`) and Podman (`/run/.containerenv`) put into every container.
    static let markers = ["/.dockerenv", "/run/.containerenv"]

    /// Whether this process is the entry point (PID 1) of a Docker or Podman container.
    ///
    /// Maps to `getpid` and `access(F_OK)`.
    static func isContainerEntryPoint(processID: Int32 = getpid(),
                                      fileExists: (String) -> Bool = { access($0, F_OK) == 0 }) -> Bool {
        processID == 1 && markers.contains(where: fileExists)
    }

    /// Prints ``warning(listeningHost:isContainerEntryPoint:)`` for the address `server` bound.
    static func printWarning(for server: MockHTTPServer) {
        if let warning = warning(listeningHost: server.url.host ?? server.configuration.host, isContainerEntryPoint: isContainerEntryPoint()) {
            StandardStreams.writeError(warning + "\n")
        }
    }

    /// The warning for listening on `host`, or nil. Give it the address the server bound (its
    /// URL's host), not `--host` as written: `LOCALHOST` or a hosts-file alias are loopback too.
    static func warning(listeningHost host: String, isContainerEntryPoint: Bool) -> String? {
        guard isContainerEntryPoint, host == "localhost" || IPAddress(host)?.isLoopback == true else { return nil }
        return "warning: listening on \(host) inside a container, where a published port (-p) cannot reach it; "
            + "add --host 0.0.0.0 (flags given after the image name replace its default, which has it)"
    }
}
