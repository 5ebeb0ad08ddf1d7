/// Path text helpers (FoundationEssentials has no `NSString` path methods).
enum ImportPaths {
    /// `a/b/c` → `c`.
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `a/b/c` → `a/b`; `c` → `.`; `/c` → `/`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
