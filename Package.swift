// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResonanceKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ResonanceKit", targets: ["ResonanceKit"]),
        .library(name: "ResonanceKitTesting", targets: ["ResonanceKitTesting"]),
        // The transport over AsyncHTTPClient, a product of its own so apps using only ResonanceKit never build SwiftNIO.
        .library(name: "ResonanceKitAsyncHTTPClient", targets: ["ResonanceKitAsyncHTTPClient"]),
        .library(name: "MockFixtures", targets: ["MockFixtures"]),
        // The server as a library, for tests that start it in-process (needs libmicrohttpd on the
        // building machine: `apt-get install libmicrohttpd-dev` / `brew install libmicrohttpd`).
        .library(name: "MockServer", targets: ["MockServer"]),
        // MockServer plus ResonanceKitTesting, with `server.control` for verification in tests.
        .library(name: "MockServerTesting", targets: ["MockServerTesting"]),
        .executable(name: "mockserver", targets: ["mockserver"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // libmicrohttpd, through a shim header with fixed-signature wrappers for its variadic calls.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // GnuTLS (already linked by libmicrohttpd): `mockserver tls-cert`, checking TLS key pairs,
        // and the TLS side of the upstream client. See docs/ARCHITECTURE.md, "The upstream HTTP client".
        .systemLibrary(
            name: "CGnuTLS",
            path: "CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"]), .brew(["gnutls"])]
        ),
        // zlib (in every Debian image) to decode gzip and deflate answers from upstreams.
        .systemLibrary(
            name: "CZlib",
            path: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The fixture format: loading, path mapping, matching, diagnostics. Pure Swift: no C, no sockets.
        .target(name: "MockFixtures", dependencies: [.product(name: "Atomics", package: "swift-atomics")]),
        // Self-signed certificates, checked certificate/key pairs and TLS client sessions (GnuTLS underneath).
        .target(name: "MockTLS", dependencies: ["CGnuTLS"]),
        // The HTTP/1.1 client that forwards requests to a real API (record, proxy, HTTPS health check).
        .target(name: "MockUpstream", dependencies: ["MockTLS", "CZlib", "MockFixtures"]),
        // Writes fixture files: recorded exchanges, and stubs imported from WireMock. Pure Swift, like MockFixtures.
        .target(name: "MockRecorder", dependencies: ["MockFixtures"]),
        // Record and proxy: forwards what no fixture answers to a real API (MockUpstream) and
        // writes the exchanges as fixtures (MockRecorder), for the server's RequestForwarder.
        .target(
            name: "MockProxy",
            dependencies: [
                "MockServer",
                "MockUpstream",
                "MockRecorder",
                "MockFixtures",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The HTTP front: the only code that touches libmicrohttpd.
        .target(
            name: "MockServer",
            dependencies: [
                "CMicroHTTPD",
                "MockFixtures",
                "MockTLS",
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The daemon's command line: flags and wiring only.
        .executableTarget(
            name: "mockserver",
            dependencies: [
                "MockServer",
                "MockFixtures",
                "MockTLS",
                "MockUpstream",
                "MockProxy",
                "MockRecorder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The client. It never imports server code.
        .target(
            name: "ResonanceKit",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // An HTTPTransport over AsyncHTTPClient for server-side Swift. The only client code that
        // imports SwiftNIO, so it is its own product.
        .target(
            name: "ResonanceKitAsyncHTTPClient",
            dependencies: [
                "ResonanceKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),
        // Client benchmark: JSONRequest.perform through both transports vs hand-written URLSession
        // and AsyncHTTPClient loops (scripts/bench-client.sh). Not part of any library product.
        .executableTarget(
            name: "resonance-bench",
            dependencies: [
                "ResonanceKit",
                "ResonanceKitAsyncHTTPClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),
        // `server.control`: the server and the test client together, for app tests.
        .target(name: "MockServerTesting", dependencies: ["MockServer", "MockProxy", "MockUpstream", "ResonanceKitTesting", "ResonanceKit",
                                                 .product(name: "Logging", package: "swift-log")]),
        // In-process fixture transport for the client's unit tests.
        .target(name: "ResonanceKitTesting", dependencies: ["ResonanceKit", "MockFixtures"]),
        // What every test target shares: blocking work off the cooperative pool, polling, child
        // processes, temporary folders (docs/ARCHITECTURE.md, "Tests and the cooperative pool").
        // Foundation only; no product depends on it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MockFixturesTests", dependencies: ["MockFixtures", "TestSupport"]),
        .testTarget(name: "MockServerTests", dependencies: ["MockServer", "MockFixtures", "mockserver", "TestSupport"]),
        // The production bridge: upstream client, recorder, TLS.
        .testTarget(
            name: "BridgeTests",
            dependencies: [
                "MockUpstream", "MockRecorder", "MockTLS", "MockServer", "MockProxy", "MockFixtures", "mockserver", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ResonanceKitTestingTests",
            dependencies: ["ResonanceKitTesting", "ResonanceKit", "MockServer", "MockServerTesting", "MockFixtures", "TestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "ResonanceKitTests",
            dependencies: [
                "ResonanceKit", "ResonanceKitTesting", "MockServer", "MockFixtures", "TestSupport",
                "ResonanceKitAsyncHTTPClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
