#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Imports MockServer expectations (its `initializationJsonPath` file, or what
/// `PUT /mockserver/retrieve?type=active_expectations` returns) into a fixture folder: each
/// expectation becomes an entry in the file serving its path, its request matchers constraints,
/// its `httpResponse` the answer, `times` `times` — checked as the loader checks them and
/// written as `mockserver import --from wiremock` writes stubs. MockServer answers with the
/// first active expectation in priority order (higher first), then the order they were added;
/// expectations one request could reach two of get priorities that keep that choice.
///
/// ```swift
/// let report = try MockServerImporter(root: "Mocks").importExpectations(from: ["expectations.json"])
/// print(report)
/// ```
public struct MockServerImporter: Sendable {
    /// The fixture root, as given.
    public let root: String
    let maximumFileBytes: Int

    /// Imports into `root`, created when missing.
    public init(root: String) {
        self.root = root
        maximumFileBytes = FixtureLoadOptions().maxFixtureFileBytes
    }

    /// Whether `times` makes an expectation never active: no `remainingTimes` (`{}`), or 0 or
    /// less. One that is not a number is left for the conversion to refuse, naming it.
    private static func neverActive(_ times: JSONValue) -> Bool {
        do {
            return try (MockServerValue.integer(times["remainingTimes"], at: "times.remainingTimes", in: Int.min...Int.max) ?? 0) <= 0
        } catch {
            return false
        }
    }

    /// Imports every expectation of the files `sources` (a JSON array of expectations, or one).
    /// With `dryRun`, nothing is written.
    public func importExpectations(from sources: [String], dryRun: Bool = false) throws(ImportError) -> ImportReport {
        guard !sources.isEmpty else { throw ImportError("no expectations to import: name a MockServer expectation file (.json)") }
        var expectations: [(source: String, value: JSONValue)] = []
        for path in sources {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory,
                  let data = FileManager.default.contents(atPath: path) else {
                throw ImportError("\(path) is not a readable file; name a MockServer expectation file (.json)")
            }
            let document: JSONValue
            do {
                document = try JSONParser.parse(Array(data)).root.value
            } catch {
                // MockServer's reader takes comments too (and single quotes, which ours do not).
                guard let uncommented = try? JSONParser.parse(JSONComments.stripped(Array(data))) else {
                    throw ImportError("\(path) is not valid JSON (\(error.position): \(error.message)); MockServer's lenient forms (single quotes, unquoted names, # comments) are not read: write it as JSON")
                }
                document = uncommented.root.value
            }
            switch document {
            case .array(let elements):
                expectations += elements.enumerated().map { ("\(path)#\($0.offset)", $0.element.value) }
            case .object:
                let hint = ImportSourceHint.otherTool(document, not: "mockserver")
                guard hint.isEmpty else { throw ImportError("\(path) is not MockServer expectations" + hint) }
                expectations.append((path, document))
            default:
                throw ImportError("\(path) is not MockServer expectations (a JSON array of {\"httpRequest\": …, \"httpResponse\": …}, or one)" + ImportSourceHint.otherTool(document, not: "mockserver"))
            }
        }
        var notes: [String] = []
        // A repeated id replaces the earlier expectation where it stood, as MockServer upserts.
        var positions: [String: Int] = [:]
        var ordered: [(source: String, value: JSONValue)] = []
        for item in expectations {
            if let times = item.value["times"], times["unlimited"] != .bool(true), Self.neverActive(times) {
                notes.append("\(item.source) is not imported: its times \(JSONValue.excerpt(times)) make it never active in MockServer (exactly 0 times)")
                continue
            }
            if let id = item.value["id"]?.stringValue, let position = positions[id] {
                notes.append("\(ordered[position].source) is replaced by \(item.source), which has the same id \(JSONValue.excerpt(.string(id))), as MockServer replaces it")
                ordered[position] = item
                continue
            }
            if let id = item.value["id"]?.stringValue { positions[id] = ordered.count }
            ordered.append(item)
        }
        var converted: [(source: String, result: Result<MockServerExpectation, StubRefusal>, shown: String)] = []
        for item in ordered {
            let shown = "\(item.value["httpRequest"]?["method"]?.stringValue ?? "ANY") \(item.value["httpRequest"]?["path"]?.stringValue ?? "(any path)")"
            do {
                converted.append((item.source, .success(try MockServerExpectation(item.value)), shown))
            } catch {
                converted.append((item.source, .failure(error), shown))
            }
        }
        converted = ImportRanking.withRootCopies(converted)
        let accepted: [(index: Int, expectation: MockServerExpectation)] = converted.enumerated().compactMap { index, item in
            (try? item.result.get()).map { (index, $0) }
        }
        let priorities = ImportRanking.priorities(accepted.map { .init(method: $0.expectation.method, segments: $0.expectation.segments) }) { a, b in
            let (first, second) = (accepted[a].expectation.priority, accepted[b].expectation.priority)
            return first != second ? first > second : a < b
        }
        for (position, priority) in priorities {
            var expectation = accepted[position].expectation
            expectation.stub.entry = ImportRanking.prioritized(expectation.stub.entry, priority)
            converted[accepted[position].index].result = .success(expectation)
        }
        let pending = converted.map { item in
            PendingStub(source: item.source, shown: (try? item.result.get().stub.shown) ?? item.shown, result: item.result.map(\.stub), filesFolder: nil)
        }
        let run = ImportRun(root: root, maximumFileBytes: maximumFileBytes)
        let rootPath = try run.resolvedRoot(creating: !dryRun)
        var report = try run.finish(pending, rootPath: rootPath, dryRun: dryRun)
        report.notes = notes
        report.unit = "expectation"
        return report
    }
}
