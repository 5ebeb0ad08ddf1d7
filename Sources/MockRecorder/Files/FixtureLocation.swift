import MockFixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which fixture file serves a request path, by the fixture format's own mapping: `/api/people`
/// and `/api/people/` → `api/people.json` (or an existing `api/people/index.json`), `/` →
/// `index.json`; a path whose last segment is `index` → `…/index/index.json`, since
/// `…/index.json` would serve the parent.
struct FixtureLocation {
    /// The route key: the decoded path without leading and trailing `/`.
    let key: String
    /// The fixture file, relative to the root.
    let file: String

    /// The longest file name common file systems take (ext4, APFS, NTFS: 255 bytes).
    static let maximumFileNameBytes = 255

    /// `segments` as a fixture file with `segment` replaced by a `{name}` parameter.
    private static func parameterExample(_ segments: [Substring], replacing segment: Substring) -> String {
        segments.map { $0 == segment ? "{id}" : String($0) }.joined(separator: "/") + ".json"
    }

    /// The location for `target`, or the reason it cannot be recorded.
    static func resolve(_ target: RequestTarget, root: String, filesFolder: String) -> Result<FixtureLocation, Refusal> {
        let key = String(target.lookupKey)
        let segments = key.split(separator: "/")
        if let hidden = HiddenName.firstHiddenSegment(of: key) {
            return .failure(Refusal("the path segment '\(hidden)' starts with '.', and hidden files are not loaded as fixtures (only .well-known is)"))
        }
        if let braced = segments.first(where: { $0.contains("{") || $0.contains("}") }) {
            // As a file name, `{id}` is a path parameter: the recording would answer every path.
            return .failure(Refusal("the path segment '\(braced)' has braces, which a fixture file name reads as a {name} parameter matching any segment (a client sending an unexpanded template?)"))
        }
        // A long opaque id (a JWT, a base64 key) in the path: no file system takes the name. A
        // folder's name is the segment; the last one gets ".json" added.
        if let long = segments.enumerated().first(where: { index, segment in
            segment.utf8.count + (index == segments.count - 1 ? ".json".utf8.count : 0) > Self.maximumFileNameBytes
        })?.element {
            let asFile = long == segments.last
            return .failure(Refusal("the path segment '\(long.prefix(40))…' is \(long.utf8.count) bytes, longer than a \(asFile ? "file" : "folder") name can be "
                + "(\(Self.maximumFileNameBytes)\(asFile ? " with .json" : "")); serve such paths from a {name} \(asFile ? "file" : "folder") instead, "
                + "e.g. \(Self.parameterExample(segments, replacing: long))"))
        }
        if segments.first == "__admin" {
            return .failure(Refusal("paths under /__admin are the server's own endpoints"))
        }
        if segments.first.map(String.init) == filesFolder {
            return .failure(Refusal("paths under /\(filesFolder) are where recorded response bodies are kept"))
        }
        let manager = FileManager.default
        if !key.isEmpty, manager.isRegularFile(root + "/" + key), !key.hasSuffix(".json") {
            return .failure(Refusal("the static file \(key) in the root already serves this path"))
        }
        let direct = key.isEmpty ? "index.json" : key + ".json"
        let index = key.isEmpty ? "index.json" : key + "/index.json"
        let file: String
        if manager.isRegularFile(root + "/" + direct), segments.last != "index" {
            file = direct
        } else if manager.isRegularFile(root + "/" + index) {
            file = index
        } else if let templated = templatedFile(serving: segments, root: root) {
            // A new literal file would be tried first (files fall through only on a miss), and
            // answer in the templated file's place for what it records.
            return .failure(Refusal("\(templated) serves this path, and a recorded \(direct) would answer it first (a literal file is tried before a {name} one); add an entry with \"pathParameters\" to \(templated) instead"))
        } else {
            file = segments.last == "index" ? index : direct
        }
        return .success(FixtureLocation(key: key, file: file))
    }

    /// The fixture file with `{name}` segments (`people/{id}.json`, `{tenant}/index.json`) that
    /// serves `segments` when no literal file does: literal folders first at each level, as the
    /// loader prefers them; nil when none.
    static func templatedFile(serving segments: [Substring], root: String) -> String? {
        let manager = FileManager.default
        var folder = ""
        var usedParameter = false
        // The deepest catch-all on the way (`files/{path...}.json`): it serves the rest of the
        // path when nothing more specific does, and a literal file would take that away too.
        var catchAll: String?
        for (position, segment) in segments.enumerated() {
            let names = (try? manager.contentsOfDirectory(atPath: folder.isEmpty ? root : root + "/" + folder)) ?? []
            let parameterNames = names.filter { $0.hasPrefix("{") }.sorted()
            let prefix = folder.isEmpty ? "" : folder + "/"
            let catchAllFolder = PathTemplate.catchAllSuffix + "}"
            let catchAllFile = catchAllFolder + ".json"
            // Written as a file (`{path...}.json`) or as a folder's index (`{path...}/index.json`).
            if let file = parameterNames.first(where: { $0.hasSuffix(catchAllFile) }) {
                catchAll = prefix + file
            } else if let folder = parameterNames.first(where: { $0.hasSuffix(catchAllFolder) }),
                      manager.isRegularFile(root + "/" + prefix + folder + "/index.json") {
                catchAll = prefix + folder + "/index.json"
            }
            let plainParameters = parameterNames.filter { !$0.hasSuffix(catchAllFile) && !$0.hasSuffix(catchAllFolder) }
            if position == segments.count - 1 {
                if usedParameter, names.contains(segment + ".json") { return prefix + segment + ".json" }
                if let file = plainParameters.first(where: { $0.hasSuffix("}.json") }) { return prefix + file }
                if let child = plainParameters.first(where: { !$0.hasSuffix(".json") }), manager.isRegularFile(root + "/" + prefix + child + "/index.json") {
                    return prefix + child + "/index.json"
                }
                return catchAll
            }
            if names.contains(String(segment)) {
                folder = prefix + segment
            } else if let child = plainParameters.first(where: { !$0.hasSuffix(".json") }) {
                folder = prefix + child
                usedParameter = true
            } else {
                return catchAll
            }
        }
        return catchAll
    }

    struct Refusal: Error {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }
}

extension FileManager {
    func isRegularFile(_ path: String) -> Bool {
        var isDirectory = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
    }
}
