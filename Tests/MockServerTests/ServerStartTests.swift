import Foundation
import Logging
import MockFixtures
@testable import MockServer
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Start-up: addresses, URLs and every refusal sentence.
@Suite struct ServerStartTests {
    /// Starts a server on a thread of its own: a host name is looked up with `getaddrinfo`,
    /// which may ask a DNS server, and the pool's threads must not wait for that.
    static func start(_ configure: @escaping @Sendable (inout ServerConfiguration) -> Void) async throws -> MockHTTPServer {
        try await onOwnThread {
            let tree = try TemporaryFolder(["a.json": #"{"response": 1}"#])
            let store = try FixtureStore.load(root: tree.path)
            var configuration = ServerConfiguration(port: 0, logRequests: false)
            configure(&configuration)
            return try MockHTTPServer(store: store, configuration: configuration, logger: Logger(label: "tests"))
        }
    }

    @Test func ephemeralPortIsReportedInPortAndURL() async throws {
        let server = try await Self.start { _ in }
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)")
    }

    @Test func localhostResolvesToLoopback() async throws {
        let server = try await Self.start { $0.host = "localhost" }
        defer { server.stop() }
        let client = try RawHTTPClient(host: server.url.host ?? "", port: server.port)
        #expect(try client.request("GET", "/a").status == 200)
    }

    @Test func portInUseIsRefusedWithASentenceNamingThePort() async throws {
        let (holder, port) = try Self.listeningSocket()
        defer { close(holder) }
        await #expect(throws: ServerStartError.portInUse(host: "127.0.0.1", port: port)) {
            try await Self.start { $0.port = port }
        }
        let sentence = ServerStartError.portInUse(host: "127.0.0.1", port: port).description
        #expect(sentence.contains("\(port)") && sentence.contains("--port 0"))
    }

    @Test(arguments: ["not a host", "999.1.1.1", "[::1", "host/with/slash"])
    func invalidHostsAreRefused(host: String) async throws {
        await #expect(throws: ServerStartError.invalidHost(host)) {
            try await Self.start { $0.host = host }
        }
    }

    /// Multicast and broadcast addresses used to print "listening" and accept nothing.
    @Test(arguments: [("224.0.0.1", "a multicast address"), ("239.1.2.3", "a multicast address"),
                      ("255.255.255.255", "the broadcast address"), ("ff02::1", "a multicast address")])
    func addressesThatTakeNoConnectionsAreRefused(host: String, kind: String) async throws {
        let error = await #expect(throws: ServerStartError.self) { try await Self.start { $0.host = host } }
        #expect(error?.description == "address \(host) cannot be listened on: it is \(kind), which receives no TCP connections; "
            + "use 127.0.0.1, 0.0.0.0 or one of this machine's own addresses.")
    }

    /// Linux refuses to bind an IPv4-mapped address with EINVAL, which used to be reported as
    /// "Failed to bind to port N: Invalid argument", blaming the port.
    @Test func anAddressTheSystemCannotBindIsExplained() async throws {
        let error = await #expect(throws: ServerStartError.self) { try await Self.start { $0.host = "::ffff:127.0.0.1" } }
        #expect(error?.description.hasPrefix("address ::ffff:127.0.0.1 cannot be listened on: the system refused to bind it (a link-local IPv6 address needs its interface") == true,
                "\(String(describing: error))")
    }

    /// A scoped IPv6 address keeps its zone in the printed URL (RFC 6874), so the URL works.
    @Test func aScopedAddressKeepsItsZoneInTheURL() throws {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        #expect(inet_pton(AF_INET6, "fe80::1", &address.sin6_addr) == 1)
        address.sin6_scope_id = if_nametoindex("lo")
        #expect(address.sin6_scope_id != 0)
        #expect(BindAddress.ipv6(address).urlHost == "[fe80::1%25lo]")
        #expect(URL(string: "http://\(BindAddress.ipv6(address).urlHost):8080") != nil)
        address.sin6_scope_id = 0
        #expect(BindAddress.ipv6(address).urlHost == "[fe80::1]")
    }

    @Test func outOfRangeSettingsAreRefused() async throws {
        await #expect(throws: ServerStartError.invalidPort(70000)) { try await Self.start { $0.port = 70000 } }
        await #expect(throws: ServerStartError.invalidPort(-1)) { try await Self.start { $0.port = -1 } }
        await #expect(throws: ServerStartError.invalidMaxBodyBytes(0)) { try await Self.start { $0.maxBodyBytes = 0 } }
        await #expect(throws: ServerStartError.invalidIdleTimeout(-5)) { try await Self.start { $0.idleTimeoutSeconds = -5 } }
        await #expect(throws: ServerStartError.invalidThreadPoolSize(0)) { try await Self.start { $0.threadPoolSize = 0 } }
        await #expect(throws: ServerStartError.invalidThreadPoolSize(257)) { try await Self.start { $0.threadPoolSize = 257 } }
        await #expect(throws: ServerStartError.invalidIdleTimeout(86_401)) { try await Self.start { $0.idleTimeoutSeconds = 86_401 } }
        await #expect(throws: ServerStartError.invalidHeadTimeout(-1)) { try await Self.start { $0.headTimeoutSeconds = -1 } }
        await #expect(throws: ServerStartError.invalidHeadTimeout(3601)) { try await Self.start { $0.headTimeoutSeconds = 3601 } }
        await #expect(throws: ServerStartError.invalidMaxConnections(0)) { try await Self.start { $0.maxConnections = 0 } }
        await #expect(throws: ServerStartError.invalidHost("")) { try await Self.start { $0.host = "" } }
        #expect(ServerStartError.invalidThreadPoolSize(0).description == "thread count 0 must be between 1 and 256.")
    }

    @Test func theConnectionLimitLeavesRoomForTheServersOwnFiles() async throws {
        let server = try await Self.start { $0.maxConnections = 50 }
        defer { server.stop() }
        #expect(server.connectionLimit == 50)
        // With the usual soft limit of 1024, 10,000 wanted connections become what fits.
        let fitting = 1024 - 128 - 4 * 2
        #expect(OpenFileLimit.connections(wanted: 10_000, threads: 2, openFiles: 1024) == fitting)
        #expect(OpenFileLimit.connections(wanted: 100, threads: 2, openFiles: 1024) == 100)
        #expect(OpenFileLimit.connections(wanted: 100, threads: 2, openFiles: 64) == 1)
    }

    @Test func stopIsIdempotentAndClosesTheListener() async throws {
        let server = try await Self.start { _ in }
        let port = server.port
        server.stop()
        server.stop()
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port, timeout: 1) }
    }

    /// A socket bound and listening on a free loopback port, as another process would hold it.
    static func listeningSocket() throws -> (Int32, Int) {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(holder, pointer, length) == 0 && listen(holder, 4) == 0 && getsockname(holder, pointer, &length) == 0
            }
        }
        guard bound else {
            close(holder)
            throw RawHTTPClient.Failure(description: "could not hold a port")
        }
        return (holder, Int(UInt16(bigEndian: address.sin_port)))
    }
}
