/// How a ``FixtureRecorder`` writes.
///
/// ```swift
/// let recorder = try FixtureRecorder(root: "Mocks", options: RecorderOptions(redactedKeys: ["token", "password"]))
/// ```
public struct RecorderOptions: Sendable, Equatable {
    /// JSON object keys whose values are replaced with `"REDACTED"` wherever they occur (at any
    /// depth) in recorded `request` and `response` values.
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
