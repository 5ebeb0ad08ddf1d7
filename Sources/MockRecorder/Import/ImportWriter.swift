#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Places converted stubs into fixture files: into the file of the same shape when one serves
/// the path already (its parameter names taken over), checked there as the loader checks it,
/// appended after what a file holds (kept byte for byte), an entry already there not added
/// twice; each fixture file written once, atomically, after the body files its new entries
/// name. A stub that cannot be placed, or a file that cannot be written, refuses its stubs alone.
struct ImportWriter {
    let rootPath: String
    /// The loader's limit for one fixture file.
    let maximumFileBytes: Int

    /// Per fixture file: its text as found, the entries it holds, and those this import adds
    /// (written in one splice at the end), with the bytes they will add.
    private var documents: [String: (bytes: [UInt8], entries: [JSONValue], added: [JSONValue], addedBytes: Int)] = [:]
    private var order: [String] = []
    /// Per fixture file: the index of each entry it holds, by value (the first of equal ones).
    private var indexes: [String: [EntryKey: Int]] = [:]
    /// Per fixture file: the report lines of the stubs this import adds to it.
    private var addedStubs: [String: [Int]] = [:]
    /// Per fixture file: the body files its new entries name, written just before it.
    private var pendingBodies: [String: [(path: String, bytes: [UInt8])]] = [:]
    /// Body files placed so far, by path under the root, with their bytes.
    private var placedBodies: [String: [UInt8]] = [:]
    /// Files of one shape (parameters as `{}`) chosen in this import, by shape.
    var shapes: [String: String] = [:]
    /// Folder listings, read once per import (audit I2: one per stub made 10,000 quadratic).
    var listings: [String: [String]] = [:]
    var shapeIndexes: [String: [String: [String]]] = [:]
    private let checker = StubChecker()

    /// The longest path this writes (Linux's `PATH_MAX` less room for the temporary file's name).
    static let maximumPathBytes = 4_000

    init(rootPath: String, maximumFileBytes: Int = FixtureLoadOptions().maxFixtureFileBytes) {
        self.rootPath = rootPath
        self.maximumFileBytes = maximumFileBytes
    }

    mutating func write(_ pending: [PendingStub], into report: inout ImportReport) {
        for item in pending {
            switch item.result {
            case .failure(let refusal):
                report.stubs.append(.init(source: item.source, shown: item.shown, outcome: .notImported(reason: refusal.description), notes: []))
            case .success(let stub):
                var notes = stub.notes
                do {
                    let (outcome, placedNotes) = try place(stub, notes: notes)
                    notes = placedNotes
                    switch outcome {
                    case .added(let file, _): addedStubs[file, default: []].append(report.stubs.count)
                    default: break
                    }
                    report.stubs.append(.init(source: item.source, shown: item.shown, outcome: outcome, notes: notes))
                } catch {
                    report.stubs.append(.init(source: item.source, shown: item.shown, outcome: .notImported(reason: error.description), notes: notes))
                }
            }
        }
        let writer = AtomicFileWriter(root: rootPath)
        for file in order where !documents[file]!.added.isEmpty {
            let document = documents[file]!
            let bytes: [UInt8]
            do {
                // Parsed when the file was first read, so it cannot fail here.
                let parsed = document.bytes.isEmpty ? FixtureDocument.empty : try FixtureDocument(parsing: document.bytes, file: file)
                bytes = parsed.appending(contentsOf: document.added)
            } catch {
                refuse(file, Self.reason(error), in: &report)
                continue
            }
            guard bytes.count <= maximumFileBytes else {
                refuse(file, "\(file) would be \(bytes.count) bytes, more than the \(maximumFileBytes) a fixture file may hold; split the stubs across paths", in: &report)
                continue
            }
            var copied: [String] = []
            do {
                for body in pendingBodies[file] ?? [] where FileManager.default.contents(atPath: rootPath + "/" + body.path) == nil {
                    try writer.store(body.bytes, at: body.path)
                    copied.append(body.path)
                }
                try writer.store(bytes, at: file)
                report.filesWritten.append(file)
                report.bodyFilesCopied += copied
            } catch {
                // No entry names them now (audit I3: they stayed, served as static files).
                for path in copied { writer.remove(path) }
                refuse(file, Self.reason(error), in: &report)
            }
        }
    }

    /// Marks the stubs added to `file` not imported, for `reason`.
    private func refuse(_ file: String, _ reason: String, in report: inout ImportReport) {
        for index in addedStubs[file] ?? [] {
            let stub = report.stubs[index]
            report.stubs[index] = .init(source: stub.source, shown: stub.shown, outcome: .notImported(reason: reason), notes: stub.notes)
        }
    }

    private mutating func place(_ stub: ConvertedStub, notes: [String]) throws(StubRefusal) -> (ImportReport.Outcome, [String]) {
        var stub = stub
        stub.notes = notes
        adoptSameShape(&stub)
        storeConvertedBodies(&stub)
        // Checked where it goes, after any renaming (audit I2: checked before, a renamed entry's
        // body file still named the old parameter and broke the whole file).
        stub = try checker.checked(stub)
        let file = destination(of: stub.file)
        guard (rootPath + "/" + file).utf8.count <= Self.maximumPathBytes else {
            throw StubRefusal("", "\(file.prefix(60))… would be a path of \((rootPath + "/" + file).utf8.count) bytes, longer than file systems take; shorten the stub's URL")
        }
        try load(file, parameterNames: stub.parameterNames)
        let key = EntryKey(Self.withoutConvertedFolder(stub.entry))
        if let index = indexes[file]?[key] {
            // The same stub, its converted body files from another version of the WireMock file
            // (audit I3: a second entry was added that never answered).
            guard documents[file]!.entries[index] == stub.entry else {
                throw StubRefusal("response.bodyFileName", "its body file changed since \(file) entry \(index) was imported from it; "
                    + "remove that entry (and its __files/converted-… folder), then import again")
            }
            // Its body files must still be those in the root (audit I2: a changed file was kept stale).
            for body in stub.bodyFiles {
                let destination = WireMockStub.filesFolder + "/" + body.path
                if let there = placedBodies[destination] ?? FileManager.default.contents(atPath: rootPath + "/" + destination).map(Array.init), there != body.bytes {
                    throw StubRefusal("response.bodyFileName", "\(destination) is already in the root with other content; move it, or import into another folder")
                }
            }
            return (.alreadyThere(file: file, entry: index), stub.notes)
        }
        // At the widest indentation a file may have (8), so a file indented more than 2 cannot
        // slip past the limit (audit I3).
        let size = EntryBuilder.arrayElementText(stub.entry, indent: 8).count + 10
        let document = documents[file]!
        guard document.bytes.count + document.addedBytes + size <= maximumFileBytes else {
            // The loader would refuse the whole file (audit I1: a 59 MB stub became a 99 MB file answering 500).
            throw StubRefusal("", "\(file) would grow past the \(maximumFileBytes) bytes a fixture file may hold; "
                + "put a body this large in a bodyFileName (a responseFile here), or split the stubs across paths")
        }
        var bodies: [(path: String, bytes: [UInt8])] = []
        for body in stub.bodyFiles {
            let destination = WireMockStub.filesFolder + "/" + body.path
            let there = placedBodies[destination] ?? FileManager.default.contents(atPath: rootPath + "/" + destination).map(Array.init)
            if let there {
                guard there == body.bytes else {
                    throw StubRefusal("response.bodyFileName", "\(destination) is already in the root with other content, or another source of this import has a file of that name; "
                        + "move it, or import the sources into separate folders")
                }
            } else {
                bodies.append((destination, body.bytes))
            }
        }
        for body in bodies { placedBodies[body.path] = body.bytes }
        pendingBodies[file, default: []] += bodies
        let index = documents[file]!.entries.count
        indexes[file, default: [:]][key] = index
        documents[file]!.entries.append(stub.entry)
        documents[file]!.added.append(stub.entry)
        documents[file]!.addedBytes += size
        return (.added(file: file, entry: index), stub.notes)
    }

    /// A stub's converted body files (placeholders rewritten for its own path) go into a folder
    /// named after their content, so two stubs converting one file differently each keep theirs
    /// and identical conversions share one (audit I2: the second stub was refused).
    private func storeConvertedBodies(_ stub: inout ConvertedStub) {
        guard stub.bodyFiles.contains(where: \.converted) else { return }
        var content: [UInt8] = []
        for file in stub.bodyFiles { content += Array(file.path.utf8) + [0] + file.bytes + [0] }
        let folder = "converted-" + FNV1a.hex(FNV1a.hash(content), digits: 12)
        stub.bodyFiles = stub.bodyFiles.map { file in
            var moved = file
            moved.path = folder + "/" + file.path
            return moved
        }
        let prefix = WireMockStub.filesFolder + "/"
        stub.entry = Self.mapping(stub.entry) { key, value in
            guard key == "responseFile", let path = value.stringValue, path.hasPrefix(prefix) else { return value }
            return .string(prefix + folder + "/" + path.dropFirst(prefix.count))
        }
    }

    /// `value` with every member `transform`ed (by its key), at any depth.
    private static func mapping(_ value: JSONValue, _ transform: (String, JSONValue) -> JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .makeArray(elements.map { mapping($0.value, transform) })
        case .object(let members): .makeObject(members.map { ($0.key, transform($0.key, mapping($0.value.value, transform))) })
        default: value
        }
    }

    /// `entry` with its `responseFile`'s `converted-<hash>/` folder left out: the same stub
    /// imported from another version of a body file.
    private static func withoutConvertedFolder(_ entry: JSONValue) -> JSONValue {
        mapping(entry) { key, value in
            guard key == "responseFile", let path = value.stringValue, path.hasPrefix(WireMockStub.filesFolder + "/converted-") else { return value }
            let rest = path.dropFirst(WireMockStub.filesFolder.count + 1)
            guard let slash = rest.firstIndex(of: "/") else { return value }
            return .string(WireMockStub.filesFolder + "/converted/" + rest[rest.index(after: slash)...])
        }
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

    /// Reads `file` once: a file that does not parse, holds no entry list, declares a resource
    /// or has a load error is refused, never written to (audit I2: stubs appended to a broken
    /// file were reported added, and answered 500).
    private mutating func load(_ file: String, parameterNames: [String]) throws(StubRefusal) {
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
                throw StubRefusal("", Self.reason(error))
            }
            let problems = FixtureEntryCheck.problems(of: bytes, asFile: file, pathParameterNames: parameterNames, responseFilesRoot: rootPath)
            if let error = problems.first(where: { $0.severity == .error }) {
                throw StubRefusal("", "\(file) has a load error (\(error.line.map { "\($0):\(error.column ?? 0): " } ?? "")\(error.message)), so it answers 500; fix it, then import again")
            }
            switch (try? JSONParser.parse(bytes))?.root.value {
            case .array(let elements)?: entries = elements.map(\.value)
            case let single?: entries = [single]
            case nil: break
            }
        }
        documents[file] = (bytes, entries, [], 0)
        var byValue: [EntryKey: Int] = [:]
        for (index, entry) in entries.enumerated() where byValue[EntryKey(Self.withoutConvertedFolder(entry))] == nil {
            byValue[EntryKey(Self.withoutConvertedFolder(entry))] = index
        }
        indexes[file] = byValue
        order.append(file)
    }

    /// A recorder's error in an import's words.
    private static func reason(_ error: RecordError) -> String {
        switch error {
        case .resourceDeclaration(let file):
            "\(file) declares a resource ({\"$resource\": …}), whose answers come from its items; it is never written to: import into another folder, or move it while importing"
        default:
            error.description.replacing("then record again", with: "then import again").replacing("cannot record into", with: "cannot import into")
        }
    }
}

/// An entry hashed consistently with `JSONValue`'s semantic equality: object members in key
/// order (the last of a repeated key, as equality counts it), numbers by value.
struct EntryKey: Hashable {
    let value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    static func == (lhs: EntryKey, rhs: EntryKey) -> Bool {
        lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        Self.hash(value, into: &hasher)
    }

    private static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0)
        case .bool(let flag):
            hasher.combine(1)
            hasher.combine(flag)
        case .number(let number):
            hasher.combine(2)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(3)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            for element in elements { hash(element.value, into: &hasher) }
        case .object(let members):
            hasher.combine(5)
            var last: [String: JSONValue] = [:]
            for member in members { last[member.key] = member.value.value }
            for key in last.keys.sorted() {
                hasher.combine(key)
                hash(last[key]!, into: &hasher)
            }
        }
    }
}
