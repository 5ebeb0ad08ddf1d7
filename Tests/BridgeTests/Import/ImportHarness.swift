import Foundation
import Logging
import MockFixtures
@testable import MockRecorder
import MockServer
import MockUpstream
import TestSupport
import Testing

/// A WireMock folder (`mappings/`, `__files/`) and a fixture root to import it into, with the
/// means to serve what was imported.
final class ImportHarness: Sendable {
    let wiremock: TemporaryFolder
    let root: TemporaryFolder

    /// `mappings` by file name under `mappings/`; `files` under `__files/`; `existing` in the root.
    init(mappings: [String: String], files: [String: String] = [:], existing: [String: String] = [:]) throws {
        var tree: [String: String] = [:]
        for (name, text) in mappings { tree["mappings/" + name] = text }
        for (name, text) in files { tree["__files/" + name] = text }
        wiremock = try TemporaryFolder(tree, label: "wiremock")
        root = try TemporaryFolder(existing, label: "imported")
    }

    /// One stub, as the file `mappings/stub.json`.
    convenience init(stub: String, files: [String: String] = [:], existing: [String: String] = [:]) throws {
        try self.init(mappings: ["stub.json": stub], files: files, existing: existing)
    }

    deinit {
        // The lock file of a throwaway root would otherwise stay in the temporary folder.
        let resolved = (try? FixtureRecorder(root: root.path))?.lockFilePath
        if let resolved { try? FileManager.default.removeItem(atPath: resolved) }
    }

    @discardableResult
    func run(dryRun: Bool = false, maximumFileBytes: Int? = nil) throws -> ImportReport {
        let importer = maximumFileBytes.map { WireMockImporter(root: root.path, maximumFileBytes: $0) } ?? WireMockImporter(root: root.path)
        return try importer.importStubs(from: [wiremock.path], dryRun: dryRun)
    }

    /// Imports, expecting every stub imported and loaded without a problem.
    @discardableResult
    func importCleanly(sourceLocation: SourceLocation = #_sourceLocation) throws -> ImportReport {
        let report = try run()
        #expect(report.isComplete, "\(report)", sourceLocation: sourceLocation)
        let store = try FixtureStore.load(root: root.path)
        #expect(store.problems.isEmpty, "imported fixtures have problems: \(store.problems.map(\.description))", sourceLocation: sourceLocation)
        return report
    }

    /// The one refusal reason of a single-stub import.
    func refusal(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let report = try run()
        guard report.stubs.count == 1, case .notImported(let reason) = report.stubs[0].outcome else {
            Issue.record("expected one stub not imported: \(report)", sourceLocation: sourceLocation)
            return ""
        }
        #expect(report.filesWritten.isEmpty, sourceLocation: sourceLocation)
        return reason
    }

    /// The entries of an imported file.
    func entries(_ file: String) throws -> [JSONValue] {
        let value = try JSONParser.parse(try root.bytes(file)).root.value
        guard case .array(let elements) = value else { return [value] }
        return elements.map(\.value)
    }

    /// Serves the root and runs `body` with a function sending one request, on a thread of its
    /// own: the sockets block, and the cooperative pool is every test's. `body` must not call
    /// `#expect` (it runs outside the test's task): return what to check.
    func served<Result: Sendable>(_ body: @escaping @Sendable ((String, String, [String: String], String) throws -> UpstreamResponse) throws -> Result) async throws -> Result {
        try await onOwnThread { [root] in try serveFixtures(root: root.path, body) }
    }

    /// Statuses of GETs of `targets`, with `headers` on each (on a thread of its own).
    func statuses(_ targets: [String], headers: [String: String] = [:]) async throws -> [Int] {
        try await served { send throws in try targets.map { try send("GET", $0, headers, "").status } }
    }
}

/// Serves the fixtures under `root` and runs `body` with a function sending one request
/// (method, target, headers, body) to them.
func serveFixtures<Result>(root: String, _ body: ((String, String, [String: String], String) throws -> UpstreamResponse) throws -> Result) throws -> Result {
    let server = try MockHTTPServer(store: try FixtureStore.load(root: root), configuration: ServerConfiguration(port: 0, logRequests: false),
                                    logger: Logger(label: "bridge-tests.import"))
    defer { server.stop() }
    let client = try UpstreamClient()
    let base = server.url.absoluteString
    return try body { method, target, headers, requestBody in
        try client.forward(UpstreamRequest(method: method, url: base + target,
                                           headers: headers.map { HTTPHeader(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name },
                                           body: Array(requestBody.utf8)))
    }
}

/// Expects an import complete and the root it wrote loading without a problem.
@discardableResult
func expectImportedCleanly(_ report: ImportReport, root: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ImportReport {
    #expect(report.isComplete, "\(report)", sourceLocation: sourceLocation)
    let problems = try FixtureStore.load(root: root).problems
    #expect(problems.isEmpty, "\(problems.map(\.description))", sourceLocation: sourceLocation)
    return report
}

/// "status body" for each request to the root served (a 404 as "404" alone, its explanation
/// left out), sent on a thread of its own: the sockets block, and the cooperative pool is
/// every test's.
func servedAnswers(root: String, _ requests: [(String, String, [String: String], String)]) async throws -> [String] {
    try await onOwnThread {
        try serveFixtures(root: root) { send throws in
            try requests.map { method, target, headers, body throws in
                let response = try send(method, target, headers, body)
                return response.status == 404 ? "404" : "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
            }
        }
    }
}

