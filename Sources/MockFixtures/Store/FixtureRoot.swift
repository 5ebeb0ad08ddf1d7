/// Finds a fixture folder next to a source file, so `swift test` finds it on Linux and macOS
/// whatever the working directory.
///
/// ```swift
/// // Tests/AppTests/CheckoutTests.swift, fixtures in Tests/AppTests/Mocks
/// let root = FixtureRoot.path("Mocks")
/// // fixtures at the package root: Tests/AppTests/… → ../../Mocks
/// let shared = FixtureRoot.path("../../Mocks")
/// ```
public enum FixtureRoot {
    /// `relativePath` resolved against the folder of `file` (the caller's source file by default).
    /// An absolute `relativePath` is returned as it is.
    public static func path(_ relativePath: String, nextTo file: StaticString = #filePath) -> String {
        if relativePath.hasPrefix("/") { return relativePath }
        let source = "\(file)"
        guard let slash = source.lastIndex(of: "/") else { return relativePath }
        return String(source[..<slash]) + "/" + relativePath
    }
}
