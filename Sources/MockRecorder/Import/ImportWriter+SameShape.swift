#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Paths of one shape: a stub goes into the file that already serves its path's shape, with
/// that file's parameter names.
extension ImportWriter {
    /// Two paths of one shape (`orgs/{org}.json`, `orgs/{orgId}.json`) would compete, and one
    /// would never answer (audit I1): the stub goes into the file already there, or chosen
    /// earlier in this import, with that file's parameter names.
    mutating func adoptSameShape(_ stub: inout ConvertedStub) {
        guard !stub.parameterNames.isEmpty else { return }
        let shape = Self.shape(of: stub.file)
        if shapes[shape] == nil { shapes[shape] = existingFile(ofShape: stub.file) ?? stub.file }
        let existing = shapes[shape]!
        guard existing != stub.file else { return }
        let names = Self.parameterNames(in: existing)
        guard names.count == stub.parameterNames.count else { return }
        let renames = Dictionary(zip(stub.parameterNames, names).filter { $0 != $1 }, uniquingKeysWith: { first, _ in first })
        let templated = stub.entry["template"] == .bool(true)
        stub.entry = Self.renamingParameters(stub.entry, renames, inStrings: templated)
        if templated {
            stub.bodyFiles = stub.bodyFiles.map { file in
                guard file.converted, let text = String(validating: file.bytes, as: UTF8.self) else { return file }
                var renamed = file
                renamed.bytes = Array(Self.renamed(text, renames).utf8)
                return renamed
            }
        }
        stub.file = existing
        stub.parameterNames = names
        for (old, new) in renames.sorted(by: { $0.key < $1.key }) {
            stub.notes.append("the path parameter {\(old)} is {\(new)} here: \(existing) serves the same paths")
        }
    }

    /// The file path with every parameter written `{}` (a catch-all `{...}`), and a folder's
    /// `index.json` as the folder.
    static func shape(of file: String) -> String {
        var segments = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count > 1, segments.last == "index.json" {
            segments.removeLast()
            segments[segments.count - 1] += ".json"
        }
        return segments.map { segment in
            let (name, suffix) = segment.hasSuffix(".json") ? (segment.dropLast(5), ".json") : (segment[...], "")
            // Only what the loader reads as a parameter (audit I3: `{1}.json` is a literal name).
            guard let parameter = parameterName(name) else { return segment }
            return (parameter.isRest ? "{...}" : "{}") + suffix
        }.joined(separator: "/")
    }

    /// `{name}` or `{name...}` with a name the loader takes, read by the loader's own
    /// `PathTemplate`, or nil for a literal name.
    private static func parameterName(_ segment: Substring) -> (name: String, isRest: Bool)? {
        switch PathTemplate(key: segment).segments.first {
        case .parameter(let name)?: (name, false)
        case .catchAll(let name)?: (name, true)
        default: nil
        }
    }

    private static func parameterNames(in file: String) -> [String] {
        file.split(separator: "/").compactMap { segment in
            parameterName(segment.hasSuffix(".json") ? segment.dropLast(5) : segment[...])?.name
        }
    }

    /// A fixture file in the root of `file`'s shape (`{x}.json` or `{x}/index.json` at each
    /// parameter, every folder of the shape tried), or nil.
    private mutating func existingFile(ofShape file: String) -> String? {
        let segments = file.split(separator: "/").map(String.init)
        return find(segments[...], in: "")
    }

    private mutating func find(_ segments: ArraySlice<String>, in folder: String) -> String? {
        guard let segment = segments.first else { return nil }
        let isLast = segments.count == 1
        let shape = Self.shape(of: segment)
        let candidates = shape == segment ? (listing(folder).contains(segment) ? [segment] : []) : shapeIndex(folder)[shape] ?? []
        let prefix = folder.isEmpty ? "" : folder + "/"
        for candidate in candidates {
            if isLast {
                if candidate.hasSuffix(".json"), isFile(prefix + candidate) { return prefix + candidate }
                let base = candidate.hasSuffix(".json") ? String(candidate.dropLast(5)) : candidate
                if isFile(prefix + base + "/index.json") { return prefix + base + "/index.json" }
            } else if let found = find(segments.dropFirst(), in: prefix + candidate) {
                return found
            }
        }
        return nil
    }

    /// A folder's names by shape (a folder `{id}` also under the shape `{}.json` of the file it
    /// stands for), built once per folder (audit I3: filtered per stub, 10,000 took 122 s).
    private mutating func shapeIndex(_ folder: String) -> [String: [String]] {
        if let known = shapeIndexes[folder] { return known }
        var index: [String: [String]] = [:]
        for name in listing(folder) {
            let shapes = Set([Self.shape(of: name), Self.shape(of: name + ".json")])
            for shape in shapes where shape != name && shape != name + ".json" { index[shape, default: []].append(name) }
        }
        shapeIndexes[folder] = index
        return index
    }

    private mutating func listing(_ folder: String) -> [String] {
        if let known = listings[folder] { return known }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: rootPath + (folder.isEmpty ? "" : "/" + folder))) ?? []).sorted()
        listings[folder] = names
        return names
    }

    private func isFile(_ relative: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: rootPath + "/" + relative, isDirectory: &isDirectory) && !isDirectory
    }

    /// `entry` with `pathParameters` keys renamed, and with `inStrings` its `{{path.NAME}}`
    /// placeholders (a text sent as written keeps its braces: audit I2).
    private static func renamingParameters(_ value: JSONValue, _ renames: [String: String], inStrings: Bool) -> JSONValue {
        guard !renames.isEmpty else { return value }
        switch value {
        case .string(let text):
            return inStrings ? .string(renamed(text, renames)) : value
        case .array(let elements):
            return .makeArray(elements.map { renamingParameters($0.value, renames, inStrings: inStrings) })
        case .object(let members):
            return .makeObject(members.map { member in
                if member.key == "pathParameters", case .object(let parameters) = member.value.value {
                    return (member.key, .makeObject(parameters.map { (renames[$0.key] ?? $0.key, $0.value.value) }))
                }
                return (member.key, renamingParameters(member.value.value, renames, inStrings: inStrings))
            })
        default:
            return value
        }
    }

    /// `{{path.OLD}}` (and `{{path.OLD | …}}`) as `{{path.NEW}}`, through markers so two names
    /// swapping places do not run into each other.
    private static func renamed(_ text: String, _ renames: [String: String]) -> String {
        guard text.contains("{{path.") else { return text }
        var renamed = text
        let olds = renames.keys.sorted()
        for (offset, old) in olds.enumerated() {
            renamed = renamed.replacing("{{path.\(old)}}", with: "{{path.\u{0}\(offset)}}").replacing("{{path.\(old) |", with: "{{path.\u{0}\(offset) |")
        }
        for (offset, old) in olds.enumerated() {
            renamed = renamed.replacing("{{path.\u{0}\(offset)", with: "{{path.\(renames[old]!)")
        }
        return renamed
    }
}
