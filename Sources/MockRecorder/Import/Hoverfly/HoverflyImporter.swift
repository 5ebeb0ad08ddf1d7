#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Imports Hoverfly simulations (`hoverctl export`, schema v5, and v3/v4 upgraded as Hoverfly
/// upgrades them) into a fixture folder: each pair becomes an entry in the file serving its
/// path (`exact "/api/users/1"` → `api/users/1.json`, `glob "/api/users/*"` →
/// `api/users/{p2...}.json`), its matchers request constraints, its state a scenario, and its
/// response the answer — checked as the loader checks them and written as
/// `mockserver import --from wiremock` writes stubs. Hoverfly answers with the pair of highest
/// score, the last of equals; pairs one request could reach two of get priorities that keep
/// that choice.
///
/// ```swift
/// let report = try HoverflyImporter(root: "Mocks").importSimulations(from: ["simulation.json"])
/// print(report)
/// ```
public struct HoverflyImporter: Sendable {
    /// The fixture root, as given.
    public let root: String
    let maximumFileBytes: Int

    /// Imports into `root`, created when missing.
    public init(root: String) {
        self.root = root
        maximumFileBytes = FixtureLoadOptions().maxFixtureFileBytes
    }

    /// Imports every pair of the simulation files `sources` (or of the `.json` files in a
    /// folder). `filesFolder` is where a relative `bodyFile` is read (Hoverfly's
    /// `-response-body-files-path`; default: the simulation's folder). With `dryRun`, nothing
    /// is written.
    public func importSimulations(from sources: [String], filesFolder: String? = nil, dryRun: Bool = false) throws(ImportError) -> ImportReport {
        guard !sources.isEmpty else { throw ImportError("no simulation to import: name a Hoverfly simulation file (.json)") }
        let (simulations, folderNotes, brokenFiles) = try Self.readSimulations(sources)
        guard !simulations.isEmpty || !brokenFiles.isEmpty else { throw ImportError("no Hoverfly simulation among \(sources.joined(separator: ", ")): \(folderNotes.joined(separator: "; "))") }
        let run = ImportRun(root: root, maximumFileBytes: maximumFileBytes)
        let rootPath = try run.resolvedRoot(creating: !dryRun)
        var converted: [(source: String, result: Result<HoverflyPair, StubRefusal>, shown: String)] = []
        var notes = folderNotes
        var seenRequests: [EntryKey: String] = [:]
        var recordedDates = 0
        var destinations: [String] = []
        var schemes = false
        for (path, document) in simulations {
            let upgrade = document["meta"]?["schemaVersion"]?.stringValue.map { ["v3", "v4"].contains($0) } ?? false
            let literals = Self.literals(document)
            let folder = filesFolder ?? ImportPaths.parent(of: path)
            guard case .array(let pairs)? = document["data"]?["pairs"] else { continue }
            let delays = HoverflyGlobalDelays(document, path: path)
            for (index, node) in pairs.enumerated() {
                let source = "\(path)#\(index)"
                let pair = upgrade ? HoverflyUpgrade.pair(node.value) : node.value
                let request = pair["request"] ?? .object([])
                // Compared as Hoverfly compares them (deep equality: key order aside).
                if let earlier = seenRequests[EntryKey(request)] {
                    // Hoverfly keeps the first of two pairs with the same request matchers.
                    notes.append("\(source) is not imported: its request matchers are \(earlier)'s, and Hoverfly keeps the first of two such pairs, so it never answers")
                    continue
                }
                seenRequests[EntryKey(request)] = source
                if let method = request["method"]?.arrayElementValues, method.count == 1, method[0]["matcher"]?.stringValue.map({ ["exact", ""].contains($0.lowercased()) }) ?? true,
                   let text = method[0]["value"]?.stringValue, !text.isEmpty, text != text.uppercased() {
                    // Hoverfly compares methods as sent, so no client's GET reaches a "get" pair;
                    // as GET here it would take them from the pair Hoverfly answers (audit H1).
                    notes.append("\(source) is not imported: its method \"\(text)\" answers only requests sending \"\(text)\" in Hoverfly, which no client does")
                    continue
                }
                if request["scheme"] != nil { schemes = true }
                let shown = Self.shown(request)
                do {
                    var imported = try HoverflyPair(pair, literals: literals, filesFolder: folder)
                    delays.apply(to: &imported)
                    // Counted for the pairs imported only (audit R2).
                    if pair["response"]?["headers"]?.objectMembers?.contains(where: { $0.key.lowercased() == "date" }) == true { recordedDates += 1 }
                    for destination in imported.destinations where !destinations.contains(destination) { destinations.append(destination) }
                    converted.append((source, .success(imported), shown))
                } catch {
                    converted.append((source, .failure(error), shown))
                }
            }
            notes += delays.notes
        }
        converted = ImportRanking.withRootCopies(converted)
        Self.order(&converted)
        if !destinations.isEmpty {
            notes.append(destinations.count == 1
                ? "the destination \(destinations[0]) is not matched: a mockserver is one host; point the app at it (Hoverfly in webserver mode does not match destinations either)"
                : "the destinations \(destinations.joined(separator: ", ")) are not matched, so their pairs are served from one root: a mockserver is one host; import each host's simulation into a root of its own, and point each backend at its own server")
        }
        if recordedDates > 0 {
            notes.append("the recorded Date header of \(recordedDates) pair\(recordedDates == 1 ? "" : "s") is left out: the server sends the current date")
        }
        if schemes {
            notes.append("scheme matchers are left out: Hoverfly does not match on them either")
        }
        let pending = brokenFiles + converted.map { item in
            PendingStub(source: item.source, shown: (try? item.result.get().stub.shown) ?? item.shown, result: item.result.map(\.stub), filesFolder: nil)
        }
        var report = try run.finish(pending, rootPath: rootPath, dryRun: dryRun)
        report.notes = notes
        report.unit = "pair"
        return report
    }

    /// The simulations of `sources`, parsed: what a folder holds beside them that is no
    /// simulation is passed over with a note, and a file there that is not JSON becomes a line
    /// of its own in the report.
    private static func readSimulations(_ sources: [String]) throws(ImportError)
        -> (simulations: [(path: String, document: JSONValue)], notes: [String], broken: [PendingStub]) {
        var simulations: [(path: String, document: JSONValue)] = []
        var folderNotes: [String] = []
        var brokenFiles: [PendingStub] = []
        for (path, isFolderFile) in try files(sources) {
            guard let data = FileManager.default.contents(atPath: path) else { throw ImportError("\(path) is not a readable file") }
            let document: JSONValue
            do {
                document = try JSONParser.parse(Array(data)).root.value
            } catch {
                guard isFolderFile else { throw ImportError("\(path) is not valid JSON (\(error.position): \(error.message))") }
                // In a folder, a line the report counts as not imported, so the run exits 1 while
                // the others import (audit R2: its pairs were lost without a word; R3: one broken
                // file stopped the whole folder).
                brokenFiles.append(PendingStub(source: path, shown: "", result: .failure(StubRefusal("", "not valid JSON (\(error.position): \(error.message))")), filesFolder: nil))
                continue
            }
            guard case .array? = document["data"]?["pairs"] else {
                if isFolderFile, document["data"] == nil {
                    // A body file or a package.json beside the simulations (audit H1).
                    folderNotes.append("\(path) is not a Hoverfly simulation (no \"data\": {\"pairs\": […]}), so it is not read")
                    continue
                }
                throw ImportError("\(path) is not a Hoverfly simulation (it has no \"data\": {\"pairs\": […]})" + ImportSourceHint.otherTool(document, not: "hoverfly"))
            }
            let version = document["meta"]?["schemaVersion"]?.stringValue ?? "v5"
            guard ["v3", "v4"].contains(version) || version.hasPrefix("v5") else {
                throw ImportError("\(path) is a Hoverfly simulation of schema \(version), which is not imported: load it into Hoverfly and export it again (hoverctl export) for schema v5")
            }
            simulations.append((path, document))
        }
        return (simulations, folderNotes, brokenFiles)
    }

    /// The files named, a folder's `.json` files in name order (marked: one that is no
    /// simulation is passed over there).
    private static func files(_ sources: [String]) throws(ImportError) -> [(path: String, inFolder: Bool)] {
        var files: [(path: String, inFolder: Bool)] = []
        for source in sources {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
                throw ImportError("\(source) does not exist; name a Hoverfly simulation file (.json) or a folder of them")
            }
            if isDirectory {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).filter { $0.hasSuffix(".json") && !HiddenName.isHidden($0) }.sorted()
                guard !names.isEmpty else { throw ImportError("\(source) holds no .json file to import") }
                files += names.map { (source + "/" + $0, true) }
            } else {
                files.append((source, false))
            }
        }
        return files
    }

    /// `data.literals`: `[{"name": "x", "value": …}]`, by name.
    private static func literals(_ document: JSONValue) -> [String: JSONValue] {
        guard case .array(let list)? = document["data"]?["literals"] else { return [:] }
        var literals: [String: JSONValue] = [:]
        for literal in list.map(\.value) {
            if let name = literal["name"]?.stringValue, let value = literal["value"] { literals[name] = value }
        }
        return literals
    }

    /// Method and path as the pair wrote them, for the report of a pair that is refused.
    private static func shown(_ request: JSONValue) -> String {
        let method = request["method"]?.arrayElementValues.first?["value"]?.stringValue ?? "ANY"
        let path = request["path"]?.arrayElementValues.first?["value"]?.stringValue ?? "(any path)"
        return "\(method) \(path)"
    }

    /// Hoverfly answers with the matching pair of highest score, the last of equals.
    private static func order(_ converted: inout [(source: String, result: Result<HoverflyPair, StubRefusal>, shown: String)]) {
        let pairs: [(index: Int, pair: HoverflyPair)] = converted.enumerated().compactMap { index, item in
            (try? item.result.get()).map { (index, $0) }
        }
        let priorities = ImportRanking.priorities(pairs.map { .init(method: $0.pair.method, segments: $0.pair.segments) }) { a, b in
            pairs[a].pair.score != pairs[b].pair.score ? pairs[a].pair.score > pairs[b].pair.score : a > b
        }
        for (position, priority) in priorities {
            var pair = pairs[position].pair
            pair.stub.entry = ImportRanking.prioritized(pair.stub.entry, priority)
            converted[pairs[position].index].result = .success(pair)
        }
    }
}

extension JSONValue {
    /// An array's element values; empty for anything else.
    var arrayElementValues: [JSONValue] {
        if case .array(let elements) = self { return elements.map(\.value) }
        return []
    }
}
