#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Imports Mockoon environments (the JSON file the app and `mockoon-cli` serve) into a fixture
/// folder: each route's responses become entries in the file serving its endpoint
/// (`users/:id` under the prefix `api` → `api/users/{id}.json`), their rules request
/// constraints, a file body a `responseFile` under `__files/`, and callbacks webhooks — checked
/// as the loader checks them and written as `mockserver import --from wiremock` writes stubs.
///
/// ```swift
/// let report = try MockoonImporter(root: "Mocks").importEnvironments(from: ["mockoon/demo.json"])
/// print(report)
/// ```
public struct MockoonImporter: Sendable {
    /// The fixture root, as given.
    public let root: String
    let maximumFileBytes: Int

    /// Imports into `root`, created when missing.
    public init(root: String) {
        self.root = root
        maximumFileBytes = FixtureLoadOptions().maxFixtureFileBytes
    }

    /// Imports every route of the environment files `sources`. With `dryRun`, nothing is written.
    public func importEnvironments(from sources: [String], dryRun: Bool = false) throws(ImportError) -> ImportReport {
        guard !sources.isEmpty else { throw ImportError("no environment to import: name a Mockoon environment file (.json)") }
        var environments: [(path: String, document: JSONValue)] = []
        for source in sources {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory,
                  let data = FileManager.default.contents(atPath: source) else {
                throw ImportError("\(source) is not a readable file; name a Mockoon environment file (.json)")
            }
            do {
                environments.append((source, try JSONParser.parse(Array(data)).root.value))
            } catch {
                throw ImportError("\(source) is not valid JSON (\(error.position): \(error.message))")
            }
            guard case .array? = environments.last!.document["routes"] else {
                throw ImportError("\(source) is not a Mockoon environment (it has no \"routes\")" + ImportSourceHint.otherTool(environments.last!.document, not: "mockoon"))
            }
        }
        let run = ImportRun(root: root, maximumFileBytes: maximumFileBytes)
        let rootPath = try run.resolvedRoot(creating: !dryRun)
        var pending: [PendingStub] = []
        var notes: [String] = []
        for (path, document) in environments {
            let (stubs, environmentNotes) = converted(document, path: path)
            pending += stubs
            notes += environmentNotes.map { "\(path): \($0)" }
        }
        var report = try run.finish(pending, rootPath: rootPath, dryRun: dryRun)
        report.notes = notes
        report.unit = "response"
        return report
    }

    private func converted(_ document: JSONValue, path: String) -> ([PendingStub], [String]) {
        var notes: [String] = []
        let prefix = (document["endpointPrefix"]?.stringValue ?? "").split(separator: "/").joined(separator: "/")
        var headers: [(String, String)] = []
        if case .array(let list)? = document["headers"] {
            for header in list.map(\.value) {
                guard let name = header["key"]?.stringValue, !name.isEmpty else { continue }
                headers.append((name, header["value"]?.importedText ?? ""))
            }
        }
        var callbacks: [String: JSONValue] = [:]
        if case .array(let list)? = document["callbacks"] {
            for callback in list.map(\.value) {
                if let uuid = callback["uuid"]?.stringValue { callbacks[uuid] = callback }
            }
        }
        let environment = MockoonEnvironment(prefix: prefix, latency: document["latency"]?.integer ?? 0, headers: headers,
                                             callbacks: callbacks, folder: ImportPaths.parent(of: path))
        if document["proxyMode"] == .bool(true), let host = document["proxyHost"]?.stringValue, !host.isEmpty {
            notes.append("proxyMode forwards what no route answers to \(host): serve with --proxy-unmatched \(host)")
        }
        if document["cors"] == .bool(true) {
            notes.append("cors answers browsers' preflights: serve with --cors")
        }
        if document["tlsOptions"]?["enabled"] == .bool(true) {
            notes.append("TLS is on: serve with --tls-cert and --tls-key (mockserver tls-cert makes a pair)")
        }
        var seen: Set<String> = []
        var stubs: [PendingStub] = []
        let routes = Self.orderedRoutes(document)
        // The default priority (5) for the first of the routes one request could reach, one more
        // for each later one: Mockoon's order among them, and runtime fixtures and a root's own
        // entries still first (audit M2: 1, 2, … beat both).
        let priorities = Self.routePriorities(routes, prefix: prefix)
        for (index, route) in routes.enumerated() {
            let source = "\(path)#\(index)"
            let method = (route["method"]?.stringValue ?? "get").lowercased()
            let key = "\(method) \(prefix)/\(route["endpoint"]?.stringValue ?? "")"
            for piece in MockoonRoute.converted(route, environment: environment) {
                var result = piece.result
                if let priority = priorities[index], case .success(var stub) = result {
                    // Mockoon answers with the first route that matches, where ours prefer the
                    // most specific file: a priority per route keeps Mockoon's order (audit M1).
                    stub.entry = ImportRanking.prioritized(stub.entry, priority)
                    result = .success(stub)
                }
                if seen.contains(key) {
                    // Express serves the first route of a method and path; a later one never
                    // answers, so nothing is lost by leaving it out.
                    let note = "\(source) (\(piece.shown)) is not imported: an earlier route answers the same method and endpoint, so Mockoon never serves it"
                    if !notes.contains(note) { notes.append(note) }
                    continue
                }
                stubs.append(PendingStub(source: source, shown: piece.shown, result: result, filesFolder: nil))
            }
            seen.insert(key)
        }
        return (stubs, notes)
    }

    /// The priority each route (by index) needs among the routes a request could reach two of
    /// (a path both endpoints match, with methods that agree or `all`): Mockoon's order, the
    /// first one matching, through ``ImportRanking``.
    static func routePriorities(_ routes: [JSONValue], prefix: String) -> [Int: Int] {
        var candidates: [ImportRanking.Candidate] = []
        var routeIndexes: [Int] = []
        for (index, route) in routes.enumerated() {
            let endpoint = route["endpoint"]?.stringValue ?? ""
            let text = "/" + [prefix, endpoint].filter { !$0.isEmpty }.joined(separator: "/")
            guard let path = try? MockoonRoute.path(text, key: "") else { continue }
            let method = (route["method"]?.stringValue ?? "get").lowercased()
            candidates.append(.init(method: method == "all" ? "ANY" : method.uppercased(), segments: path.segments))
            routeIndexes.append(index)
        }
        let byCandidate = ImportRanking.priorities(candidates) { $0 < $1 }
        return Dictionary(uniqueKeysWithValues: byCandidate.map { (routeIndexes[$0.key], $0.value) })
    }

    /// The routes in the order Mockoon serves them: `rootChildren` with folders opened, else
    /// as listed.
    static func orderedRoutes(_ document: JSONValue) -> [JSONValue] {
        guard case .array(let routeNodes)? = document["routes"] else { return [] }
        let routes = routeNodes.map(\.value)
        guard case .array(let children)? = document["rootChildren"], !children.isEmpty else { return routes }
        var byID: [String: JSONValue] = [:]
        for route in routes { if let uuid = route["uuid"]?.stringValue { byID[uuid] = route } }
        var folders: [String: [JSONValue]] = [:]
        if case .array(let list)? = document["folders"] {
            for folder in list.map(\.value) {
                if let uuid = folder["uuid"]?.stringValue, case .array(let inner)? = folder["children"] { folders[uuid] = inner.map(\.value) }
            }
        }
        var ordered: [JSONValue] = []
        var used: Set<String> = []
        func visit(_ child: JSONValue, depth: Int) {
            guard depth < 64, let uuid = child["uuid"]?.stringValue else { return }
            if child["type"]?.stringValue == "folder" {
                for inner in folders[uuid] ?? [] { visit(inner, depth: depth + 1) }
            } else if let route = byID[uuid], used.insert(uuid).inserted {
                ordered.append(route)
            }
        }
        for child in children.map(\.value) { visit(child, depth: 0) }
        // Routes no child names still serve, after the others.
        ordered += routes.filter { !used.contains($0["uuid"]?.stringValue ?? "") }
        return ordered
    }
}
