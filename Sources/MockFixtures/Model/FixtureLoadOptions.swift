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

    /// The most bytes of header lines the front can send beside a request's head (`mockserver`:
    /// what its per-connection memory leaves); an entry whose fixed headers are over it is
    /// warned about at load, since every request to it would get a 431. `nil` (in-process): no
    /// limit.
    public var answerHeaderBytesLimit: Int?

    /// Fill in `{{placeholders}}` in every entry that holds some, as if each had
    /// `"template": true` (`mockserver --template-all`, WireMock's global response templating);
    /// `"template": false` still sends an entry as written, and entries without placeholders
    /// stay prebuilt. Off by default.
    public var templateAll: Bool

    public init() {
        self.maxStaticFileBytes = 64 << 20
        self.maxFixtureFileBytes = 64 << 20
        self.answerHeaderBytesLimit = nil
        self.templateAll = false
    }
}
