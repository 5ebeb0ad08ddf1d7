#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Places converted stubs into fixture files: appended after what a file holds (kept byte for
/// byte), an entry already there not added twice, into the file of the same shape when one
/// serves the path already (its parameter names taken over), body files copied under
/// `__files/` first, each fixture file written once, atomically. A file that cannot be written
/// refuses its stubs and the others go on.
struct ImportWriter {
    let rootPath: String
    let dryRun: Bool

    /// Per fixture file: its text as found, the entries it holds, and those this import adds
    /// (written in one splice at the end).
    private var documents: [String: (bytes: [UInt8], entries: [JSONValue], added: [JSONValue])] = [:]
    private var order: [String] = []
    /// Per fixture file: the index of each entry it holds, by value (the first of equal ones).
    private var indexes: [String: [EntryKey: Int]] = [:]
    /// Per fixture file: the report lines of the stubs this import adds to it.
    private var addedStubs: [String: [Int]] = [:]
    /// Body files placed so far, by path under the root, with their bytes.
    private var placedBodies: [String: [UInt8]] = [:]
    /// Files of the same shape (parameters as `{}`) planned in this import, by shape.
    private var shapes: [String: String] = [:]

    /// The longest path this writes (Linux's `PATH_MAX` less room for the temporary file's name).
    static let maximumPathBytes = 4_000

    /// The loader's limit for one fixture file.
    let maximumFileBytes: Int

    init(rootPath: String, dryRun: Bool, maximumFileBytes: Int = FixtureLoadOptions().maxFixtureFileBytes) {
        self.rootPath = rootPath
        self.dryRun = dryRun
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
                    let outcome = try place(stub, notes: &notes, report: &report)
                    if case .added(let file, _) = outcome { addedStubs[file, default: []].append(report.stubs.count) }
                    if case .wouldAdd(let file) = outcome { addedStubs[file, default: []].append(report.stubs.count) }
                    report.stubs.append(.init(source: item.source, shown: item.shown, outcome: outcome, notes: notes))
                } catch {
                    report.stubs.append(.init(source: item.source, shown: item.shown, outcome: .notImported(reason: error.description), notes: notes))
                }
            }
        }
        let writer = AtomicFileWriter(root: rootPath)
        let limit = maximumFileBytes
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
            if bytes.count > limit {
                // The loader would refuse the whole file (audit I1: a 59 MB stub became a 99 MB file answering 500).
                refuse(file, "\(file) would be \(bytes.count) bytes, more than the \(limit) a fixture file may hold; "
                    + "put a body this large in a bodyFileName (a responseFile here), or split the stubs across paths", in: &report)
                continue
            }
            guard !dryRun else { continue }
            do {
                try writer.store(bytes, at: file)
                report.filesWritten.append(file)
            } catch {
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

    private mutating func place(_ stub: ConvertedStub, notes: inout [String], report: inout ImportReport) throws(StubRefusal) -> ImportReport.Outcome {
        var stub = stub
        adoptSameShape(&stub, notes: &notes)
        let file = destination(of: stub.file)
        guard (rootPath + "/" + file).utf8.count <= Self.maximumPathBytes else {
            throw StubRefusal("", "\(file.prefix(60))… would be a path of \((rootPath + "/" + file).utf8.count) bytes, longer than file systems take; shorten the stub's URL")
        }
        try load(file)
        let key = EntryKey(stub.entry)
        if let index = indexes[file]?[key] {
            return .alreadyThere(file: file, entry: index)
        }
        for bodyFile in stub.bodyFiles {
            try placeBody(bodyFile, report: &report)
        }
        // By semantic equality, hashed: a linear search made importing 4,000 stubs into one file
        // again take 30 s.
        let index = documents[file]!.entries.count
        indexes[file, default: [:]][key] = index
        documents[file]!.entries.append(stub.entry)
        documents[file]!.added.append(stub.entry)
        return dryRun ? .wouldAdd(file: file) : .added(file: file, entry: index)
    }

    /// Two paths of one shape (`orgs/{org}.json`, `orgs/{orgId}.json`) would compete, and one
    /// would never answer (audit I1): the stub goes into the file already there, or planned in
    /// this import, with that file's parameter names.
    private mutating func adoptSameShape(_ stub: inout ConvertedStub, notes: inout [String]) {
        guard !stub.parameterNames.isEmpty else { return }
        let shape = Self.shape(of: stub.file)
        let existing = shapes[shape] ?? existingFile(ofShape: stub.file)
        guard let existing, existing != stub.file else {
            shapes[shape] = shapes[shape] ?? stub.file
            return
        }
        shapes[shape] = existing
        let names = Self.parameterNames(in: existing)
        guard names.count == stub.parameterNames.count else { return }
        let renames = Dictionary(zip(stub.parameterNames, names).filter { $0 != $1 }, uniquingKeysWith: { first, _ in first })
        stub.entry = Self.renamingParameters(stub.entry, renames)
        stub.file = existing
        stub.parameterNames = names
        for (old, new) in renames.sorted(by: { $0.key < $1.key }) {
            notes.append("the path parameter {\(old)} is {\(new)} here: \(existing) serves the same paths")
        }
    }

    /// The file path with every parameter written `{}` (a catch-all `{...}`).
    private static func shape(of file: String) -> String {
        file.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let (name, suffix) = segment.hasSuffix(".json") ? (segment.dropLast(5), ".json") : (segment[...], "")
            guard name.hasPrefix("{"), name.hasSuffix("}") else { return String(segment) }
            return (name.hasSuffix("...}") ? "{...}" : "{}") + suffix
        }.joined(separator: "/")
    }

    private static func parameterNames(in file: String) -> [String] {
        file.split(separator: "/").compactMap { segment in
            let name = segment.hasSuffix(".json") ? segment.dropLast(5) : segment[...]
            guard name.hasPrefix("{"), name.hasSuffix("}") else { return nil }
            let inner = name.dropFirst().dropLast()
            return String(inner.hasSuffix("...") ? inner.dropLast(3) : inner)
        }
    }

    /// A file in the root of `file`'s shape with other parameter names, if one exists.
    private func existingFile(ofShape file: String) -> String? {
        var folder = rootPath
        var found: [String] = []
        let segments = file.split(separator: "/").map(String.init)
        for (index, segment) in segments.enumerated() {
            let shape = Self.shape(of: segment)
            if shape == segment {
                found.append(segment)
            } else {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                guard let match = names.first(where: { Self.shape(of: $0) == shape && (index == segments.count - 1) == $0.hasSuffix(".json") }) else {
                    return nil
                }
                found.append(match)
            }
            folder += "/" + found.last!
        }
        let path = found.joined(separator: "/")
        var isDirectory = false
        return FileManager.default.fileExists(atPath: rootPath + "/" + path, isDirectory: &isDirectory) && !isDirectory ? path : nil
    }

    /// `entry` with `pathParameters` keys and `{{path.NAME}}` placeholders renamed.
    private static func renamingParameters(_ value: JSONValue, _ renames: [String: String]) -> JSONValue {
        guard !renames.isEmpty else { return value }
        switch value {
        case .string(let text):
            guard text.contains("{{path.") else { return value }
            // Through markers, so two names swapping places do not run into each other.
            var renamed = text
            for (offset, old) in renames.keys.sorted().enumerated() {
                renamed = renamed.replacing("{{path.\(old)}}", with: "{{path.\u{0}\(offset)}}").replacing("{{path.\(old) |", with: "{{path.\u{0}\(offset) |")
            }
            for (offset, old) in renames.keys.sorted().enumerated() {
                renamed = renamed.replacing("{{path.\u{0}\(offset)", with: "{{path.\(renames[old]!)")
            }
            return .string(renamed)
        case .array(let elements):
            return .makeArray(elements.map { renamingParameters($0.value, renames) })
        case .object(let members):
            return .makeObject(members.map { member in
                if member.key == "pathParameters", case .object(let parameters) = member.value.value {
                    return (member.key, .makeObject(parameters.map { (renames[$0.key] ?? $0.key, renamingParameters($0.value.value, renames)) }))
                }
                return (member.key, renamingParameters(member.value.value, renames))
            })
        default:
            return value
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
                throw StubRefusal("", Self.reason(error))
            }
            switch (try? JSONParser.parse(bytes))?.root.value {
            case .array(let elements)?: entries = elements.map(\.value)
            case let single?: entries = [single]
            case nil: break
            }
        }
        documents[file] = (bytes, entries, [])
        var byValue: [EntryKey: Int] = [:]
        for (index, entry) in entries.enumerated() where byValue[EntryKey(entry)] == nil {
            byValue[EntryKey(entry)] = index
        }
        indexes[file] = byValue
        order.append(file)
    }

    /// Writes a body file under the root's `__files/`, unless the same bytes are there already;
    /// other bytes there (or placed by another stub of this import) refuse the stub.
    private mutating func placeBody(_ file: BodyFile, report: inout ImportReport) throws(StubRefusal) {
        let destination = WireMockStub.filesFolder + "/" + file.path
        if let placed = placedBodies[destination] {
            guard placed == file.bytes else {
                throw StubRefusal("response.bodyFileName", "\(destination) is also the body file of an earlier stub of this import, with other content "
                    + "(two WireMock folders holding the same name); import them into separate folders, or rename one")
            }
            return
        }
        if let existing = FileManager.default.contents(atPath: rootPath + "/" + destination) {
            guard Array(existing) == file.bytes else {
                throw StubRefusal("response.bodyFileName", "\(destination) is already in the root with other content; move it, or import into another folder")
            }
            placedBodies[destination] = file.bytes
            return
        }
        if !dryRun {
            do {
                try AtomicFileWriter(root: rootPath).store(file.bytes, at: destination)
            } catch {
                throw StubRefusal("response.bodyFileName", Self.reason(error))
            }
            report.bodyFilesCopied.append(destination)
        }
        placedBodies[destination] = file.bytes
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
private struct EntryKey: Hashable {
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
