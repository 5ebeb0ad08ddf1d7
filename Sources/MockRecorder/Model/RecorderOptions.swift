/// How a ``FixtureRecorder`` writes.
///
/// ```swift
/// let recorder = try FixtureRecorder(root: "Mocks", options: RecorderOptions(redactedKeys: ["token", "password"]))
/// ```
public struct RecorderOptions: Sendable, Equatable {
    /// JSON object keys whose values are not written, wherever they occur (at any depth): in
    /// recorded `response` values they become `"REDACTED"`; in `request` constraints the matcher
    /// `{"$any": true}`, so the replayed request still matches whatever value it carries.
    public var redactedKeys: Set<String>
    /// The folder, relative to the root, that holds bodies recorded as `responseFile`.
    public var responseFilesFolder: String

    /// The text redacted values become.
    public static let redactedText = "REDACTED"

    public init(redactedKeys: Set<String> = [], responseFilesFolder: String = "__files") {
        self.redactedKeys = redactedKeys
        self.responseFilesFolder = responseFilesFolder
    }
}
