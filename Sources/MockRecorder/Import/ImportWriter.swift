#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Places converted stubs into fixture files: appended after what a file holds (kept byte for
/// byte), an entry already there not added twice, body files copied under `__files/` first,
/// each file written once, atomically.
struct ImportWriter {
    let rootPath: String
    let dryRun: Bool

    /// Per fixture file: its text so far and its entries' values.
    private var documents: [String: (bytes: [UInt8], entries: [JSONValue], changed: Bool)] = [:]
    private var order: [String] = []
    private var copied: Set<String> = []

    init(rootPath: String, dryRun: Bool) {
        self.rootPath = rootPath
        self.dryRun = dryRun
    }

    mutating func write(_ pending: [WireMockImporter.PendingStub], into report: inout ImportReport) throws(ImportError) {
        for item in pending {
            switch item.result {
            case .failure(let refusal):
                report.stubs.append(.init(source: item.source, shown: item.shown, outcome: .notImported(reason: refusal.description), notes: []))
            case .success(let stub):
                let outcome: ImportReport.Outcome
                do {
                    outcome = try place(stub, filesFolder: item.filesFolder, report: &report)
                } catch {
                    report.stubs.append(.init(source: item.source, shown: item.shown, outcome: .notImported(reason: error.description), notes: stub.notes))
                    continue
                }
                report.stubs.append(.init(source: item.source, shown: item.shown, outcome: outcome, notes: stub.notes))
            }
        }
        guard !dryRun else { return }
        let writer = AtomicFileWriter(root: rootPath)
        for file in order where documents[file]!.changed {
            do {
                try writer.store(documents[file]!.bytes, at: file)
            } catch {
                throw ImportError("\(error.description) The files listed before it were written; nothing else was.")
            }
            report.filesWritten.append(file)
        }
    }

    private mutating func place(_ stub: ConvertedStub, filesFolder: String?, report: inout ImportReport) throws(StubRefusal) -> ImportReport.Outcome {
        let file = destination(of: stub.file)
        try load(file)
        if let index = documents[file]!.entries.firstIndex(of: stub.entry) {
            return .alreadyThere(file: file, entry: index)
        }
        for bodyFile in stub.bodyFiles {
            try copyBodyFiles(bodyFile, from: filesFolder!, report: &report)
        }
        var document = documents[file]!
        let parsed: FixtureDocument
        do {
            parsed = document.bytes.isEmpty ? .empty : try FixtureDocument(parsing: document.bytes, file: file)
        } catch {
            throw StubRefusal("", error.description.replacing("record again", with: "import again"))
        }
        let appended = parsed.appending(stub.entry)
        document.bytes = appended.bytes
        document.entries.append(stub.entry)
        document.changed = true
        documents[file] = document
        return dryRun ? .wouldAdd(file: file) : .added(file: file, entry: appended.index)
    }

    /// `api/people.json`, or the existing `api/people/index.json` serving the same path.
    private func destination(of file: String) -> String {
        guard file.hasSuffix(".json"), !file.hasSuffix("/index.json"), file != "index.json" else { return file }
        let folderIndex = String(file.dropLast(".json".count)) + "/index.json"
        if documents[file] == nil, !FileManager.default.fileExists(atPath: rootPath + "/" + file),
           documents[folderIndex] != nil || FileManager.default.fileExists(atPath: rootPath + "/" + folderIndex) {
            return folderIndex
        }
        return file
    }

    /// Reads `file` once: a file that does not parse, holds no entry list or declares a
    /// resource is refused, never overwritten.
    private mutating func load(_ file: String) throws(StubRefusal) {
        guard documents[file] == nil else { return }
        let path = rootPath + "/" + file
        var isDirectory = false
        var bytes: [UInt8] = []
        var entries: [JSONValue] = []
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory, let data = FileManager.default.contents(atPath: path) else {
                throw StubRefusal("", "\(file) exists and is not a readable fixture file")
            }
            bytes = Array(data)
            do {
                _ = try FixtureDocument(parsing: bytes, file: file)
            } catch {
                throw StubRefusal("", error.description.replacing("record again", with: "import again"))
            }
            switch (try? JSONParser.parse(bytes))?.root.value {
            case .array(let elements)?: entries = elements.map(\.value)
            case let single?: entries = [single]
            case nil: break
            }
        }
        documents[file] = (bytes, entries, false)
        order.append(file)
    }

    /// Copies `relative` (a file, or a folder's files; "" for the whole folder) from WireMock's
    /// `__files` to the root's. A different file already there refuses the stub.
    private mutating func copyBodyFiles(_ relative: String, from filesFolder: String, report: inout ImportReport) throws(StubRefusal) {
        let source = relative.isEmpty ? filesFolder : filesFolder + "/" + relative
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw StubRefusal("response.bodyFileName", "\(source) does not exist")
        }
        var files: [String] = []
        if isDirectory {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: source)) ?? []
            for name in names.sorted() where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                var nested = false
                if FileManager.default.fileExists(atPath: source + "/" + name, isDirectory: &nested), !nested {
                    files.append(relative.isEmpty ? name : relative + "/" + name)
                }
            }
        } else {
            files = [relative]
        }
        for file in files where !copied.contains(file) {
            guard let data = FileManager.default.contents(atPath: filesFolder + "/" + file) else {
                throw StubRefusal("response.bodyFileName", "\(filesFolder)/\(file) cannot be read")
            }
            let destination = WireMockStub.filesFolder + "/" + file
            if let existing = FileManager.default.contents(atPath: rootPath + "/" + destination) {
                guard existing == data else {
                    throw StubRefusal("response.bodyFileName", "\(destination) is already in the root with other content; move it, or import into another folder")
                }
                copied.insert(file)
                continue
            }
            if !dryRun {
                do {
                    try AtomicFileWriter(root: rootPath).store(Array(data), at: destination)
                } catch {
                    throw StubRefusal("response.bodyFileName", error.description)
                }
                report.bodyFilesCopied.append(destination)
            }
            copied.insert(file)
        }
    }
}
