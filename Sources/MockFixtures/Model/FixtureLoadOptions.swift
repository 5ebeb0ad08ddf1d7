/// Limits applied while loading a fixture tree.
///
/// ```swift
/// var options = FixtureLoadOptions()
/// options.maxStaticFileBytes = 1 << 20
/// let store = try FixtureStore.load(root: "Mocks", options: options)
/// ```
public struct FixtureLoadOptions: Sendable, Equatable {
    /// Static (non-JSON) files larger than this are reported as a warning and not served. 64 MiB.
    public var maxStaticFileBytes: Int
    /// `.json` fixture files larger than this are an error (the path answers 500 saying so),
    /// because parsing keeps several times the file in memory. 64 MiB.
    public var maxFixtureFileBytes: Int

    public init() {
        self.maxStaticFileBytes = 64 << 20
        self.maxFixtureFileBytes = 64 << 20
    }
}
