/// Why an exchange could not be recorded. Nothing was changed on disk when this is thrown.
///
/// ```swift
/// do { try recorder.record(exchange) } catch { print(error) }
/// // "api/people.json is not valid JSON (3:7: expected ',' or '}'); it is never overwritten: fix or move it, then record again."
/// ```
public enum RecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root is missing or not a folder.
    case unusableRoot(String, reason: String)
    /// The fixture file exists but does not parse as JSON.
    case unparseableFixture(file: String, problem: String)
    /// The fixture file parses but holds neither an array of entries nor one entry object.
    case notAnEntryList(file: String, found: String)
    /// The fixture file declares a resource (`{"$resource": …}`), whose items recording must not replace.
    case resourceDeclaration(file: String)
    /// A folder or file could not be created or written.
    case writeFailed(path: String, reason: String)
    /// The path would be written outside the root (a symbolic link inside the root leads out).
    case outsideRoot(path: String)

    public var description: String {
        switch self {
        case .unusableRoot(let root, let reason):
            "cannot record into \(root): \(reason)."
        case .unparseableFixture(let file, let problem):
            "\(file) is not valid JSON (\(problem)); it is never overwritten: fix or move it, then record again."
        case .notAnEntryList(let file, let found):
            "\(file) holds a \(found), not an array of entries or one entry object; it is never overwritten: fix or move it, then record again."
        case .resourceDeclaration(let file):
            "\(file) declares a resource ({\"$resource\": …}), whose answers come from its items; it is never overwritten: record into another folder, or move it while recording."
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)."
        case .outsideRoot(let path):
            "\(path) leads outside the fixture root through a symbolic link; nothing is written there."
        }
    }
}
