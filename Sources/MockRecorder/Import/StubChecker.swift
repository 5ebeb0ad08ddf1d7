#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Checks a stub's entry as the loader would, in the file it is about to go into, with its body
/// files staged in a temporary folder as they will be written: an error refuses the stub in the
/// loader's words, a warning becomes a note. Stubs sharing body files share one staging (audit
/// I2: 50 stubs over one 5,000-file folder staged it 50 times, 210 s).
final class StubChecker {
    private var stagings: [UInt64: String] = [:]

    deinit {
        for folder in stagings.values { try? FileManager.default.removeItem(atPath: folder) }
    }

    func checked(_ stub: ConvertedStub) throws(StubRefusal) -> ConvertedStub {
        var stub = stub
        let staging = stub.bodyFiles.isEmpty ? nil : try staged(stub.bodyFiles)
        let bytes = Array("[\n".utf8) + EntryBuilder.arrayElementText(stub.entry) + Array("\n]\n".utf8)
        let problems = FixtureEntryCheck.problems(of: bytes, asFile: stub.file, pathParameterNames: stub.parameterNames, responseFilesRoot: staging)
        if let error = problems.first(where: { $0.severity == .error }) {
            throw StubRefusal("", "the converted entry would not load: \(error.message) (\(error.hint))")
        }
        stub.notes += problems.map { "the loader warns: \($0.message)" }
        return stub
    }

    private func staged(_ files: [BodyFile]) throws(StubRefusal) -> String {
        var key: [UInt8] = []
        for file in files { key += Array(file.path.utf8) + [0] + file.bytes + [0] }
        let hash = FNV1a.hash(key)
        if let folder = stagings[hash] { return folder }
        let folder = FileManager.default.temporaryDirectory.path + "/mockserver-import-\(UInt64.random(in: 0 ... .max))"
        for file in files {
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
        stagings[hash] = folder
        return folder
    }
}
