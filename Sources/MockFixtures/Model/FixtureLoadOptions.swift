/// Limits applied while loading a fixture tree.
///
/// ```swift
/// var options = FixtureLoadOptions()
/// options.maxStaticFileBytes = 1 << 20
/// let store = try FixtureStore.load(root: "Mocks", options: options)
/// ```
public struct FixtureLoadOptions: Sendable {
    /// Static (non-JSON) files larger than this are reported as a warning and not served. 64 MiB.
    public var maxStaticFileBytes: Int

    public init() {
        self.maxStaticFileBytes = 64 << 20
    }
}
