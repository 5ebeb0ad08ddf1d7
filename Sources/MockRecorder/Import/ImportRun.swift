#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// A converted stub, checked and waiting to be written, or refused; `source` names it in the
/// report (`mappings/orders.json#2 ("Create order")`), `shown` its method and URL as written.
struct PendingStub {
    let source: String
    let shown: String
    let result: Result<ConvertedStub, StubRefusal>
    let filesFolder: String?
}

/// What every importer shares: the root, the loader's check of each converted stub, and writing
/// them under the recorders' lock with the problems the import brings.
struct ImportRun {
    /// The fixture root, as given.
    let root: String
    /// The most bytes one fixture file may hold (the loader's limit; smaller in tests).
    let maximumFileBytes: Int

    /// The root, absolute with symbolic links resolved; created unless `creating` is false (a
    /// dry run), when a missing root is returned as given.
    func resolvedRoot(creating: Bool) throws(ImportError) -> String {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) {
            guard isDirectory else { throw ImportError("cannot import into \(root): it is a file, not a folder") }
        } else if creating {
            do {
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            } catch {
                throw ImportError("cannot create \(root): \(error)")
            }
        } else {
            return root
        }
        switch AtomicFileWriter.resolve(root) {
        case .success(let resolved): return resolved
        case .failure(let reason): throw ImportError("cannot import into \(root): \(reason.text)")
        }
    }

    /// Whether `path` is inside the root at `rootPath` (so it is the import's own output).
    func isInside(_ rootPath: String, _ path: String) -> Bool {
        guard let realRoot = try? AtomicFileWriter.resolve(rootPath).get(), let real = try? AtomicFileWriter.resolve(path).get() else { return false }
        return real.hasPrefix(realRoot + "/")
    }

    /// Writes `pending` (under the lock `record` takes too, so an import and a recording never
    /// interleave) and reports, with the problems the written files have that the root did not
    /// have before.
    func finish(_ pending: [PendingStub], rootPath: String, dryRun: Bool) throws(ImportError) -> ImportReport {
        var report = ImportReport(root: root, dryRun: dryRun)
        let problemsBefore = dryRun ? [] : Self.problems(inRoot: rootPath)
        var writer = ImportWriter(rootPath: rootPath, dryRun: dryRun, maximumFileBytes: maximumFileBytes)
        if dryRun {
            writer.write(pending, into: &report)
        } else {
            do {
                try RecordingLock(root: rootPath).withLock { () throws(RecordError) -> Void in writer.write(pending, into: &report) }
            } catch {
                throw ImportError("\(error)")
            }
        }
        if !dryRun, !report.filesWritten.isEmpty {
            let before = Set(problemsBefore.map(\.description))
            let written = Set(report.filesWritten)
            report.problems = Self.problems(inRoot: rootPath).filter { written.contains($0.file) && !before.contains($0.description) }
        }
        return report
    }

    /// The problems of the fixtures under `rootPath`, as the server would load them.
    private static func problems(inRoot rootPath: String) -> [FixtureProblem] {
        (try? FixtureStore.load(root: rootPath))?.problems ?? []
    }

    /// The stub's entry as the loader checks it, its body files staged in a temporary folder as
    /// they will be written: an error refuses the stub in the loader's words, a warning becomes a
    /// note.
    static func checked(_ stub: ConvertedStub) throws(StubRefusal) -> ConvertedStub {
        var stub = stub
        var staging: String?
        defer { if let staging { try? FileManager.default.removeItem(atPath: staging) } }
        if !stub.bodyFiles.isEmpty {
            let folder = FileManager.default.temporaryDirectory.path + "/mockserver-import-\(UInt64.random(in: 0 ... .max))"
            staging = folder
            for file in stub.bodyFiles {
                let path = folder + "/" + WireMockStub.filesFolder + "/" + file.path
                do {
                    try FileManager.default.createDirectory(atPath: ImportPaths.parent(of: path), withIntermediateDirectories: true)
                } catch {
                    throw StubRefusal("response.bodyFileName", "cannot stage \(file.path) for checking: \(error)")
                }
                guard FileManager.default.createFile(atPath: path, contents: Data(file.bytes)) else {
                    throw StubRefusal("response.bodyFileName", "cannot stage \(file.path) for checking")
                }
            }
        }
        let bytes = Array("[\n".utf8) + EntryBuilder.arrayElementText(stub.entry) + Array("\n]\n".utf8)
        let problems = FixtureEntryCheck.problems(of: bytes, asFile: stub.file, pathParameterNames: stub.parameterNames, responseFilesRoot: staging)
        if let error = problems.first(where: { $0.severity == .error }) {
            throw StubRefusal("", "the converted entry would not load: \(error.message) (\(error.hint))")
        }
        stub.notes += problems.map { "the loader warns: \($0.message)" }
        return stub
    }
}
