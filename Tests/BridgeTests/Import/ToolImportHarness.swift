import Foundation
import MockFixtures
@testable import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// How one tool's file is imported, for ``ToolImportHarness``.
protocol ImportedTool {
    /// The name the source file is written under.
    static var sourceName: String { get }
    /// The temporary folder's label.
    static var label: String { get }
    static func importFile(_ path: String, into root: String) throws -> ImportReport
}

/// One file of a tool (a Hoverfly simulation, MockServer expectations, a Mockoon environment)
/// and a fixture root to import it into, with the means to serve what was imported. WireMock's
/// folders have ``ImportHarness``.
struct ToolImportHarness<Tool: ImportedTool> {
    let folder: TemporaryFolder
    let root: TemporaryFolder

    /// `contents` as the tool's file; `files` beside it (body files).
    init(_ contents: String, files: [String: String] = [:]) throws {
        folder = try TemporaryFolder(files.merging([Tool.sourceName: contents]) { $1 }, label: Tool.label)
        root = try TemporaryFolder(label: "imported")
    }

    @discardableResult
    func run() throws -> ImportReport {
        try Tool.importFile(folder.path + "/" + Tool.sourceName, into: root.path)
    }

    /// Imports, expecting everything imported and the root loaded without a problem.
    @discardableResult
    func importCleanly(sourceLocation: SourceLocation = #_sourceLocation) throws -> ImportReport {
        try expectImportedCleanly(try run(), root: root.path, sourceLocation: sourceLocation)
    }

    /// The entries of an imported file.
    func entries(_ file: String) throws -> [JSONValue] {
        let value = try JSONParser.parse(try root.bytes(file)).root.value
        guard case .array(let elements) = value else { return [value] }
        return elements.map(\.value)
    }

    /// `"status body"` of each request, served on a thread of its own.
    func answers(_ requests: [(String, String, [String: String], String)]) async throws -> [String] {
        try await servedAnswers(root: root.path, requests)
    }

    /// Serves the root on a thread of its own (see ``ImportHarness/served(_:)``).
    func served<Result: Sendable>(_ body: @escaping @Sendable ((String, String, [String: String], String) throws -> UpstreamResponse) throws -> Result) async throws -> Result {
        try await onOwnThread { [root] in try serveFixtures(root: root.path, body) }
    }
}

enum HoverflySimulation: ImportedTool {
    static let sourceName = "simulation.json"
    static let label = "hoverfly"
    static func importFile(_ path: String, into root: String) throws -> ImportReport {
        try HoverflyImporter(root: root).importSimulations(from: [path])
    }
}

enum MockServerExpectations: ImportedTool {
    static let sourceName = "expectations.json"
    static let label = "mockserver"
    static func importFile(_ path: String, into root: String) throws -> ImportReport {
        try MockServerImporter(root: root).importExpectations(from: [path])
    }
}

enum MockoonEnvironment: ImportedTool {
    static let sourceName = "env.json"
    static let label = "mockoon"
    static func importFile(_ path: String, into root: String) throws -> ImportReport {
        try MockoonImporter(root: root).importEnvironments(from: [path])
    }
}
