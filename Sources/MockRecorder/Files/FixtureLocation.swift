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

    /// The location for `target`, or the reason it cannot be recorded.
    static func resolve(_ target: RequestTarget, root: String, filesFolder: String) -> Result<FixtureLocation, Refusal> {
        let key = String(target.lookupKey)
        let segments = key.split(separator: "/")
        if let hidden = segments.first(where: { $0.hasPrefix(".") }) {
            return .failure(Refusal("the path segment '\(hidden)' starts with '.', and hidden files are not loaded as fixtures"))
        }
        if let braced = segments.first(where: { $0.contains("{") || $0.contains("}") }) {
            // As a file name, `{id}` is a path parameter: the recording would answer every path.
            return .failure(Refusal("the path segment '\(braced)' has braces, which a fixture file name reads as a {name} parameter matching any segment (a client sending an unexpanded template?)"))
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
        } else {
            file = segments.last == "index" ? index : direct
        }
        return .success(FixtureLocation(key: key, file: file))
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
