// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResonanceKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ResonanceKit", targets: ["ResonanceKit"]),
        .library(name: "ResonanceKitTesting", targets: ["ResonanceKitTesting"]),
        .library(name: "MockFixtures", targets: ["MockFixtures"]),
        .executable(name: "mockserver", targets: ["mockserver"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    ],
    targets: [
        // libmicrohttpd, through a shim header with fixed-signature wrappers for its variadic calls.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // The fixture format: loading, path mapping, matching, diagnostics. Pure Swift: no C, no sockets.
        .target(name: "MockFixtures"),
        // The HTTP front: the only code that touches libmicrohttpd.
        .target(
            name: "MockServer",
            dependencies: [
                "CMicroHTTPD",
                "MockFixtures",
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
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The client. It never imports server code.
        .target(
            name: "ResonanceKit",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        // Client benchmark: JSONRequest.perform vs a hand-written URLSession loop
        // (scripts/bench-client.sh). Not part of any library product.
        .executableTarget(name: "resonance-bench", dependencies: ["ResonanceKit"]),
        // In-process fixture transport for the client's unit tests.
        .target(name: "ResonanceKitTesting", dependencies: ["ResonanceKit", "MockFixtures"]),
        .testTarget(name: "MockFixturesTests", dependencies: ["MockFixtures"]),
        .testTarget(name: "MockServerTests", dependencies: ["MockServer", "MockFixtures", "mockserver"]),
        .testTarget(
            name: "ResonanceKitTests",
            dependencies: ["ResonanceKit", "ResonanceKitTesting", "MockServer", "MockFixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
