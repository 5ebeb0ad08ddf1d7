@testable import mockserver
import MockTLS
import Testing

/// Flags after an image name replace its `CMD`, `--host 0.0.0.0` included: inside a container a
/// loopback listener is unreachable through `-p`, and the command says so.
@Suite struct ContainerLoopbackCheckTests {
    @Test(arguments: ["127.0.0.1", "127.8.0.1", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"])
    func loopbackInAContainerIsWarnedAbout(host: String) {
        let warning = ContainerLoopbackCheck.warning(listeningHost: host, isContainerEntryPoint: true)
        #expect(warning == "warning: listening on \(host) inside a container, where a published port (-p) cannot reach it; "
            + "add --host 0.0.0.0 (flags given after the image name replace its default, which has it)")
        #expect(ContainerLoopbackCheck.warning(listeningHost: host, isContainerEntryPoint: false) == nil,
                "outside a container, or beside the tests in one, loopback is the safe default")
    }

    @Test(arguments: ["0.0.0.0", "::", "10.0.0.5", "::ffff:10.0.0.5", "fe80::1"])
    func otherAddressesAreNot(host: String) {
        #expect(ContainerLoopbackCheck.warning(listeningHost: host, isContainerEntryPoint: true) == nil)
    }

    @Test func onlyAContainersEntryPointIsWarned() {
        #expect(ContainerLoopbackCheck.isContainerEntryPoint(processID: 1) { $0 == "/.dockerenv" })
        #expect(ContainerLoopbackCheck.isContainerEntryPoint(processID: 1) { $0 == "/run/.containerenv" })
        #expect(!ContainerLoopbackCheck.isContainerEntryPoint(processID: 1) { _ in false }, "PID 1 of a machine")
        #expect(!ContainerLoopbackCheck.isContainerEntryPoint(processID: 4_242) { _ in true }, "beside the tests in a dev or CI container")
    }
}
