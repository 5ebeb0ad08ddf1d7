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

    /// Whether `path` is inside the folder `folder`, symbolic links resolved.
    func isInside(_ folder: String, _ path: String) -> Bool {
        guard let realFolder = try? AtomicFileWriter.resolve(folder).get(), let real = try? AtomicFileWriter.resolve(path).get() else { return false }
        return real.hasPrefix(realFolder + "/")
    }

    /// Writes `pending` (under the lock `record` takes too, so an import and a recording never
    /// interleave) and reports, with the problems the written files have that the root did not
    /// have before.
    func finish(_ pending: [PendingStub], rootPath: String, dryRun: Bool) throws(ImportError) -> ImportReport {
        if dryRun { return try rehearsed(pending, rootPath: rootPath) }
        var report = ImportReport(root: root, dryRun: false)
        let problemsBefore = Self.problems(inRoot: rootPath)
        var writer = ImportWriter(rootPath: rootPath, maximumFileBytes: maximumFileBytes)
        do {
            try RecordingLock(root: rootPath).withLock { () throws(RecordError) -> Void in writer.write(pending, into: &report) }
        } catch {
            throw ImportError("\(error)")
        }
        if !report.filesWritten.isEmpty {
            // Anywhere in the root (a written file can shadow one it did not write: audit I2), and
            // without line:column (an appended file moves its old problems).
            let key = { (problem: FixtureProblem) in "\(problem.file)\u{0}\(problem.severity)\u{0}\(problem.message)" }
            let before = Set(problemsBefore.map(key))
            report.problems = Self.problems(inRoot: rootPath).filter { !before.contains(key($0)) }
        }
        return report
    }

    /// A dry run: the import made into a temporary copy of the root, so the report holds what the
    /// real run would — the problems that would make it exit 1 too (audit I2/I3: a dry run said
    /// "would import" and exit 0 where the real run failed) — and the root is not touched.
    private func rehearsed(_ pending: [PendingStub], rootPath: String) throws(ImportError) -> ImportReport {
        let scratch = FileManager.default.temporaryDirectory.path + "/mockserver-dry-run-\(UInt64.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let copy = scratch + "/root"
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            var isDirectory = false
            if FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDirectory), isDirectory {
                try FileManager.default.copyItem(atPath: rootPath, toPath: copy)
            } else {
                try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            }
        } catch {
            throw ImportError("cannot copy \(root) into a temporary folder for the dry run: \(error)")
        }
        let copyPath = (try? AtomicFileWriter.resolve(copy).get()) ?? copy
        // The lock file of the copy would outlive it in the temporary folder.
        defer { try? FileManager.default.removeItem(atPath: RecordingLock(root: copyPath).path) }
        let real = try ImportRun(root: root, maximumFileBytes: maximumFileBytes).finish(pending, rootPath: copyPath, dryRun: false)
        var report = ImportReport(root: root, dryRun: true)
        report.stubs = real.stubs.map { stub in
            guard case .added(let file, _) = stub.outcome else { return stub }
            return .init(source: stub.source, shown: stub.shown, outcome: .wouldAdd(file: file), notes: stub.notes)
        }
        report.problems = real.problems
        report.notes = real.notes
        return report
    }

    /// The problems of the fixtures under `rootPath`, as the server would load them.
    private static func problems(inRoot rootPath: String) -> [FixtureProblem] {
        (try? FixtureStore.load(root: rootPath))?.problems ?? []
    }
}
