#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Imports WireMock stub mappings into a fixture folder: each stub becomes an entry in the file
/// that serves its path (`urlPath: /api/users/1` → `api/users/1.json`), its `bodyFileName` is
/// copied under `__files/`, and every entry is checked as the loader checks it before it is
/// written. A stub with something that has no faithful equivalent (a JSONPath filter, an XML
/// matcher, another transformer) is not imported, and the report names the key and what to
/// write instead. Existing files are appended to, never rewritten; an entry already there is not
/// added twice, so importing again is harmless.
///
/// ```swift
/// let report = try WireMockImporter(root: "Mocks").importStubs(from: ["wiremock"])   // wiremock/mappings, wiremock/__files
/// print(report)
/// ```
public struct WireMockImporter: Sendable {
    /// The fixture root, as given.
    public let root: String

    /// The most bytes one fixture file may hold (the loader's limit; smaller in tests).
    let maximumFileBytes: Int

    /// Imports into `root`, created when missing.
    public init(root: String) {
        self.init(root: root, maximumFileBytes: FixtureLoadOptions().maxFixtureFileBytes)
    }

    init(root: String, maximumFileBytes: Int) {
        self.root = root
        self.maximumFileBytes = maximumFileBytes
    }

    /// Imports every stub in `sources`: WireMock root folders (holding `mappings/` and
    /// `__files/`), `mappings` folders (read recursively) or mapping files (one stub, or
    /// `{"mappings": […]}`). `filesFolder` overrides where `bodyFileName`s are found (by default
    /// the `__files` beside `mappings`). With `dryRun`, nothing is written. `templateAll` reads
    /// every stub as if it had the `response-template` transformer, as WireMock run with
    /// `--global-response-templating` does.
    public func importStubs(from sources: [String], filesFolder: String? = nil, dryRun: Bool = false,
                            templateAll: Bool = false) throws(ImportError) -> ImportReport {
        guard !sources.isEmpty else { throw ImportError("no stubs to import: name a WireMock folder (holding mappings/) or mapping files") }
        var mappingFiles: [MappingFile] = []
        for source in sources {
            mappingFiles += try Self.mappingFiles(in: source, filesFolder: filesFolder)
        }
        let run = ImportRun(root: root, maximumFileBytes: maximumFileBytes)
        let rootPath = try run.resolvedRoot(creating: !dryRun)
        // A root inside a source would read its own output as stubs the next time (audit I1);
        // a source inside the root is read (audit I2: `--root .` imported nothing).
        let found = mappingFiles.count
        mappingFiles.removeAll { file in sources.contains { run.isInside($0, rootPath) } && run.isInside(rootPath, file.path) }
        guard !mappingFiles.isEmpty else {
            throw ImportError("all \(found) mapping files are under --root \(root), which is inside the source: they are what an earlier import wrote; import into a folder outside the source")
        }
        var pending: [PendingStub] = []
        for file in mappingFiles {
            pending += convertedStubs(in: file, templateAll: templateAll)
        }
        return try run.finish(pending, rootPath: rootPath, dryRun: dryRun)
    }

    /// A mapping file and the `__files` folder its `bodyFileName`s are in.
    struct MappingFile {
        let path: String
        let shown: String
        let filesFolder: String?
    }

    static func mappingFiles(in source: String, filesFolder override: String?) throws(ImportError) -> [MappingFile] {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw ImportError("\(source) does not exist; name a WireMock folder (holding mappings/), a mappings folder or a mapping file")
        }
        let trimmed = source.count > 1 && source.hasSuffix("/") ? String(source.dropLast()) : source
        guard isDirectory else {
            let parent = ImportPaths.parent(of: trimmed)
            let files = override ?? (ImportPaths.lastComponent(of: parent) == "mappings" ? existingFolder(ImportPaths.parent(of: parent) + "/__files") : nil)
            return [MappingFile(path: trimmed, shown: trimmed, filesFolder: files)]
        }
        var mappings = trimmed
        var files = override
        if existingFolder(trimmed + "/mappings") != nil {
            mappings = trimmed + "/mappings"
            files = files ?? existingFolder(trimmed + "/__files")
        } else if ImportPaths.lastComponent(of: trimmed) == "mappings" {
            files = files ?? existingFolder(ImportPaths.parent(of: trimmed) + "/__files")
        }
        let names: [String]
        do {
            names = try FileManager.default.subpathsOfDirectory(atPath: mappings)
        } catch {
            throw ImportError("cannot read \(mappings): \(error)")
        }
        let jsonFiles = names.filter { name in
            name.hasSuffix(".json") && !name.split(separator: "/").contains { $0.hasPrefix(".") }
                && existingFolder(mappings + "/" + name) == nil
        }.sorted()
        guard !jsonFiles.isEmpty else {
            throw ImportError("\(mappings) holds no .json mapping files; name a WireMock folder (holding mappings/), a mappings folder or mapping files")
        }
        return jsonFiles.map { MappingFile(path: mappings + "/" + $0, shown: mappings + "/" + $0, filesFolder: files) }
    }

    private static func existingFolder(_ path: String) -> String? {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory ? path : nil
    }

    private func convertedStubs(in file: MappingFile, templateAll: Bool) -> [PendingStub] {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return [PendingStub(source: file.shown, shown: "", result: .failure(StubRefusal("", "the file cannot be read")), filesFolder: nil)]
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(Array(data))
        } catch {
            // WireMock's reader takes `//` and `/* */` comments (Jackson's ALLOW_COMMENTS).
            guard let uncommented = try? JSONParser.parse(JSONComments.stripped(Array(data))) else {
                return [PendingStub(source: file.shown, shown: "", result: .failure(StubRefusal("", "not valid JSON (\(error.position): \(error.message))")), filesFolder: nil)]
            }
            document = uncommented
        }
        let otherTool = ImportSourceHint.otherTool(document.root.value, not: "wiremock")
        guard otherTool.isEmpty else {
            // A Hoverfly simulation or MockServer expectations handed to the wrong importer (audit R2).
            return [PendingStub(source: file.shown, shown: "", result: .failure(StubRefusal("", "not a WireMock stub file" + otherTool)), filesFolder: nil)]
        }
        var stubs: [JSONValue] = []
        switch document.root.value {
        case .object(let members) where members.contains(where: { $0.key == "mappings" }):
            guard case .array(let elements)? = document.root.value["mappings"] else {
                return [PendingStub(source: file.shown, shown: "", result: .failure(StubRefusal("", "\"mappings\" must be an array of stubs")), filesFolder: nil)]
            }
            stubs = elements.map(\.value)
        case .array(let elements):
            stubs = elements.map(\.value)
        default:
            stubs = [document.root.value]
        }
        var pending: [PendingStub] = []
        for (index, mapping) in stubs.enumerated() {
            var source = stubs.count > 1 ? "\(file.shown)#\(index)" : file.shown
            // As a JSON string: a name holding a line break or an escape sequence cannot forge report lines.
            if let name = mapping["name"]?.stringValue { source += " (\(JSONValue.string(name).compactText))" }
            let result: Result<ConvertedStub, StubRefusal>
            do {
                result = .success(try WireMockStub.converted(mapping, filesFolder: file.filesFolder, templateAll: templateAll))
            } catch {
                result = .failure(error)
            }
            pending.append(PendingStub(source: source, shown: WireMockStub.shownRequest(mapping), result: result, filesFolder: file.filesFolder))
        }
        return pending
    }
}
