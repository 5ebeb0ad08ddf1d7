#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockTLS

/// A server inside a container that listens on loopback is reachable from nowhere: a published
/// port (`docker run -p 8080:8080`) forwards to the container's own address, not to its
/// 127.0.0.1. That happens when flags given after the image name replace its default `CMD`
/// and leave out `--host 0.0.0.0`, and the image's HEALTHCHECK, run inside, still says healthy.
enum ContainerLoopbackCheck {
    /// Files Docker (`/.dockerenv`) and Podman (`/run/.containerenv`) put into every container.
    static let markers = ["/.dockerenv", "/run/.containerenv"]

    /// Whether this process runs in a Docker or Podman container.
    static func isInContainer(fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Bool {
        markers.contains(where: fileExists)
    }

    /// The warning for listening on `host` (the address the server bound), or nil.
    static func warning(listeningHost host: String, inContainer: Bool) -> String? {
        guard inContainer, host == "localhost" || IPAddress(host)?.isLoopback == true else { return nil }
        return "warning: listening on \(host) inside a container, where a published port (-p) cannot reach it; "
            + "add --host 0.0.0.0 (flags given after the image name replace its default, which has it)"
    }
}
