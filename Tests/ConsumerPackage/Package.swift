// swift-tools-version: 6.0
// An app package outside ResonanceKit, as a new user writes one: it depends on ResonanceKit by
// path and runs its tests against a mockserver started in-process. scripts/test.sh runs
// `swift test --package-path Tests/ConsumerPackage`; README's "Start mockserver from your tests"
// shows exactly this code.
import PackageDescription

let package = Package(
    name: "PeopleApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "ResonanceKit", path: "../.."),
    ],
    targets: [
        .target(name: "PeopleApp", dependencies: [.product(name: "ResonanceKit", package: "ResonanceKit")]),
        .testTarget(
            name: "PeopleAppTests",
            dependencies: [
                "PeopleApp",
                // MockServer + ResonanceKitTesting; needs libmicrohttpd where the tests are built.
                .product(name: "MockServerTesting", package: "ResonanceKit"),
            ],
            exclude: ["Mocks"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
