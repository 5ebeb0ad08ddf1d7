/// Why ``FixtureStore/load(root:options:)`` could not use the root folder at all.
///
/// ```swift
/// do { _ = try FixtureStore.load(root: "/no/such/dir") }
/// catch { print(error) }   // "fixture root /no/such/dir does not exist; …"
/// ```
public enum FixtureRootError: Error, CustomStringConvertible, Equatable {
    case missing(String)
    case notADirectory(String)
    case unreadable(String, reason: String)
    /// The load was abandoned because its caller asked (a server stopping mid-reload).
    case cancelled(String)

    public var description: String {
        switch self {
        case .missing(let path):
            "fixture root \(path) does not exist; pass the folder that holds your .json fixtures"
        case .notADirectory(let path):
            "fixture root \(path) is not a directory; pass the folder that holds your .json fixtures, not a file"
        case .unreadable(let path, let reason):
            "fixture root \(path) cannot be read (\(reason)); check its permissions"
        case .cancelled(let path):
            "loading fixture root \(path) was abandoned, as asked (the server is stopping)"
        }
    }
}
