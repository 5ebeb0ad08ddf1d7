#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// A file a stub's `bodyFileName` needs, relative to `__files`, and the bytes to write for it:
/// as found, or with WireMock's placeholders converted when the stub is templated (audit I1: a
/// body file's `{{request.query.name}}` was copied as written, and refused or never answered).
struct BodyFile: Equatable {
    /// Relative to `__files`: where WireMock had it, then where it is written (a converted file
    /// goes into a folder named after its content, as stubs convert one file differently).
    var path: String
    var bytes: [UInt8]
    /// Whether `bytes` were converted from the file's (placeholders rewritten).
    var converted = false

    /// The most files a templated `bodyFileName` may choose among (the loader reads as many).
    static let maximumCandidates = 10_000

    /// The file `written` names under `filesFolder`, or for a templated path every file its
    /// placeholders can choose (each standing for one or more characters of one name), and only
    /// those: a note beside them in the folder is not copied.
    static func read(_ written: String, from filesFolder: String, templated: Bool, template: WireMockTemplate,
                     notes: inout [String]) throws(StubRefusal) -> [BodyFile] {
        let key = "response.bodyFileName"
        var paths: [String]
        let realFolder = (try? AtomicFileWriter.resolve(filesFolder).get()) ?? filesFolder
        if written.contains("{{") {
            let all = (try? FileManager.default.subpathsOfDirectory(atPath: filesFolder)) ?? []
            paths = all.filter { isRegularFile(filesFolder + "/" + $0) && fits($0, template: written) }.sorted()
            guard paths.count <= maximumCandidates else {
                throw StubRefusal(key, "\"\(written)\" can name \(paths.count) files, more than the \(maximumCandidates) a templated responseFile may choose among")
            }
        } else {
            paths = [written]
        }
        var files: [BodyFile] = []
        for path in paths {
            // WireMock refuses a body file outside its folder (a symbolic link leading out), and
            // so does this: a cloned project's stubs must not copy any readable file into a root.
            guard let real = try? AtomicFileWriter.resolve(filesFolder + "/" + path).get(), real.hasPrefix(realFolder + "/") else {
                throw StubRefusal(key, "\(filesFolder)/\(path) does not exist, or leads outside the WireMock __files folder through a symbolic link")
            }
            var bytes: [UInt8]
            switch ImportPaths.regularFileBytes(filesFolder + "/" + path) {
            case .success(let read): bytes = read
            case .failure(let refusal): throw StubRefusal(key, refusal.reason)
            }
            var converted = false
            if templated, bytes.firstRange(of: Array("{{".utf8)) != nil, let text = String(validating: bytes, as: UTF8.self) {
                bytes = try Self.converted(text, path: path, template: template, notes: &notes)
                converted = true
            }
            files.append(BodyFile(path: path, bytes: bytes, converted: converted))
        }
        return files
    }

    /// A JSON file (by the loader's extensions) with its strings converted as a `jsonBody` is;
    /// any other text converted as a `body`.
    private static func converted(_ text: String, path: String, template: WireMockTemplate, notes: inout [String]) throws(StubRefusal) -> [UInt8] {
        let key = "response.bodyFileName (\(path))"
        guard MediaType.isJSON(MediaType.forFileName(path)) else {
            return Array(try template.converted(text, at: key).utf8)
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw StubRefusal(key, "is not valid JSON (\(error.position): \(error.message)); WireMock fills it in as text, which a JSON file here cannot be")
        }
        return try WireMockResponse.templatedJSON(document.root.value, at: key, template: template, notes: &notes).prettyPrintedBytes()
    }

    /// Whether `path` fits `template`: its text between placeholders as written, each
    /// placeholder one or more characters other than `/`.
    static func fits(_ path: String, template: String) -> Bool {
        var pieces: [Substring] = []
        var rest = Substring(template)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            pieces.append(rest[..<open.lowerBound])
            rest = rest[close.upperBound...]
        }
        pieces.append(rest)
        return matches(Substring(path), pieces[...])
    }

    private static func matches(_ path: Substring, _ pieces: ArraySlice<Substring>) -> Bool {
        guard let first = pieces.first else { return path.isEmpty }
        guard path.hasPrefix(first) else { return false }
        let after = path.dropFirst(first.count)
        guard pieces.count > 1 else { return after.isEmpty }
        // A placeholder: one or more characters of one name, as short as the rest allows.
        var end = after.startIndex
        while end < after.endIndex, after[end] != "/" {
            end = after.index(after: end)
            if matches(after[end...], pieces.dropFirst()) { return true }
        }
        return false
    }

    /// A regular file, symbolic links followed (a FIFO would block the read).
    private static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular
    }
}
