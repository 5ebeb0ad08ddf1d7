/// The request paths a store serves, grouped by folder, for "did you mean" suggestions on a miss.
///
/// Cost stays bounded on large trees: paths in the request's own folder are compared first, and
/// the fallback over other folders looks at no more than ``fallbackLimit`` paths.
struct ServedPathIndex: Sendable {
    static let fallbackLimit = 2_000

    /// "/" + key for every route, sorted.
    let allPaths: [String]
    private let pathsByFolder: [String: [String]]
    private let pathsByFirstSegment: [String: [String]]

    init(keys: [String]) {
        allPaths = keys.map { "/" + $0 }.sorted()
        var byFolder: [String: [String]] = [:]
        var byFirstSegment: [String: [String]] = [:]
        for path in allPaths {
            let key = path.dropFirst()
            byFolder[Self.folder(of: key), default: []].append(path)
            byFirstSegment[Self.firstSegment(of: key), default: []].append(path)
        }
        pathsByFolder = byFolder
        pathsByFirstSegment = byFirstSegment
    }

    static func folder(of key: Substring) -> String {
        guard let slash = key.lastIndex(of: "/") else { return "" }
        return String(key[..<slash])
    }

    static func firstSegment(of key: Substring) -> String {
        String(key.prefix { $0 != "/" })
    }

    /// Up to `limit` served paths closest to `lookupKey` by edit distance, nearest first.
    func similarPaths(to lookupKey: Substring, limit: Int = 3) -> [String] {
        let requested = Array(("/" + lookupKey).utf8)
        let maximumDistance = max(2, requested.count / 3)
        var scored: [(distance: Int, path: String)] = []
        var compared: Set<String> = []
        func consider(_ paths: some Sequence<String>) {
            for path in paths where compared.insert(path).inserted {
                if let distance = EditDistance.distance(requested, Array(path.utf8), maximum: maximumDistance) {
                    scored.append((distance, path))
                }
            }
        }
        consider(pathsByFolder[Self.folder(of: lookupKey)] ?? [])
        if scored.count < limit {
            if allPaths.count <= Self.fallbackLimit {
                consider(allPaths)
            } else {
                consider((pathsByFirstSegment[Self.firstSegment(of: lookupKey)] ?? []).prefix(Self.fallbackLimit))
            }
        }
        return scored.sorted { ($0.distance, $0.path) < ($1.distance, $1.path) }.prefix(limit).map(\.path)
    }
}
