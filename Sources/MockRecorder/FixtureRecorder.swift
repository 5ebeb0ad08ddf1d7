import MockFixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes recorded exchanges into a fixture folder, in the fixture format `mockserver` serves.
///
/// Each exchange lands in the file that serves its path (`/api/people` → `api/people.json`,
/// `/` → `index.json`, an existing `api/people/index.json` is used when there is one) as an
/// entry with `method`, `status`, `request` (from a JSON, form or multipart body, or from the
/// query of a body-less request; none when there is neither, so the entry matches any request),
/// the response headers a client reacts to, and the body as `response` (JSON), `responseText`
/// (text) or `responseFile` (anything else, written under ``RecorderOptions/responseFilesFolder``).
///
/// An entry with the same method and `request` is replaced; others are appended, so hand-written
/// files are merged into, never rewritten: only the new entry's lines change. A file that does
/// not parse is never touched. Writes are atomic (temporary file, then rename) and one file is
/// written by one exchange at a time. Thread-safe.
///
/// ```swift
/// let recorder = try FixtureRecorder(root: "Mocks", options: RecorderOptions(redactedKeys: ["token"]))
/// let outcome = try recorder.record(RecordedExchange(method: "GET", target: "/api/people?page=2", status: 200,
///     responseHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")], responseBody: Array(#"{"count":82}"#.utf8)))
/// print(outcome)   // GET /api/people?page=2 200 → api/people.json entry 0 (added)
/// ```
public final class FixtureRecorder: Sendable {
    /// The root, absolute, symbolic links resolved.
    public let rootPath: String
    public let options: RecorderOptions
    private let writer: AtomicFileWriter
    private let serializer = FileSerializer()
    private let crossProcessLock: RecordingLock

    /// The lock file recorders of this root share (in the temporary folder; it outlives them:
    /// see ``RecordingLock``). Tests that record into throwaway roots remove it.
    package var lockFilePath: String { crossProcessLock.path }

    /// Records into `root`, which must be an existing folder.
    public init(root: String, options: RecorderOptions = RecorderOptions()) throws(RecordError) {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw .unusableRoot(root, reason: "it does not exist; create the folder first")
        }
        guard isDirectory else { throw .unusableRoot(root, reason: "it is a file, not a folder") }
        switch AtomicFileWriter.resolve(root) {
        case .success(let resolved): rootPath = resolved
        case .failure(let reason): throw .unusableRoot(root, reason: reason.text)
        }
        self.options = options
        writer = AtomicFileWriter(root: rootPath)
        crossProcessLock = RecordingLock(root: rootPath)
    }

    /// Writes one exchange. Returns what was added, replaced or skipped (with the reason);
    /// throws, without changing anything, when the target file cannot be merged into or written.
    @discardableResult
    public func record(_ exchange: RecordedExchange) throws(RecordError) -> RecordOutcome {
        let method = exchange.method
        let line = "\(method) \(exchange.target) \(exchange.status)"
        if let reason = Self.skipReason(forStatus: exchange.status) {
            return .skipped(line, reason)
        }
        // A fixture's method is written in any case and means the upper-case one, while a request's
        // is compared exactly: an entry written for `patch` would answer PATCH, never the `patch`
        // recorded (Fetch's `method: "patch"` sends it as it is).
        if method != method.uppercased() {
            return .skipped(line, "the method \(method) is not upper-case, and a fixture answers only \(method.uppercased()) "
                + "(methods are case-sensitive, RFC 9110 §9.1); send \(method.uppercased()) from the app, which production servers expect too")
        }
        let target: RequestTarget
        switch RequestTarget.parse(exchange.target) {
        case .success(let parsed): target = parsed
        case .failure(let rejection): return .skipped(line, "the path is refused: \(rejection)")
        }
        let location: FixtureLocation
        switch FixtureLocation.resolve(target, root: rootPath, filesFolder: options.responseFilesFolder) {
        case .success(let resolved): location = resolved
        case .failure(let refusal): return .skipped(line, refusal.reason)
        }
        var absentParameters: [String] = []
        switch Self.redirectWithinEntry(exchange, method: method, target: target, root: rootPath,
                                        filesFolder: options.responseFilesFolder, file: location.file) {
        case .sameRequest(let redirected):
            return .skipped(line, file: location.file, "its Location \(redirected) is answered by the same entry of \(location.file) "
                + "(a file answers its path with and without the trailing /), so the replay would redirect to itself; "
                + "the answer at \(redirected) is what gets recorded when it is requested")
        case .addsParameters(let names):
            // `/login` → 302 `?step=2`: the entry asks for `step` to be absent, so it never
            // answers its own Location, whether or not the answer there is recorded too.
            absentParameters = names
        case nil:
            break
        }
        let constraint = RequestConstraint(exchange, target: target, redactedKeys: options.redactedKeys, absentParameters: absentParameters)
        let content = ResponseContent(exchange, redactedKeys: options.redactedKeys)
        if let reason = content.unredactableReason {
            return .skipped(line, reason)
        }
        return try serializer.serially(for: location.file) { () throws(RecordError) in
            try crossProcessLock.withLock { () throws(RecordError) in
                try merge(method: method, line: line, status: exchange.status, location: location, constraint: constraint,
                          headers: Redaction.apply(to: RecordedHeaders.filter(exchange.responseHeaders), keys: options.redactedKeys), content: content)
            }
        }
    }

    /// `304` answers a conditional request and `206` a range request: neither is the resource,
    /// and request headers are not recorded, so replaying them would answer plain requests wrongly.
    static func skipReason(forStatus status: Int) -> String? {
        switch status {
        case 304: "304 Not Modified answers a conditional request (If-None-Match / If-Modified-Since), and fixtures do not match on request headers; record without the condition"
        case 206: "206 Partial Content answers a Range request with part of the body; record the whole resource instead"
        case 100...199: "interim 1xx answers are not recorded"
        default: nil
        }
    }

    /// Where a redirect leads when the recorded entry could answer its Location too.
    enum RedirectWithinEntry: Equatable {
        /// The same request again, as the fixtures see it (same file, same query parameters):
        /// `/items` → 301 `/items/`, both answered by `items.json`, as Django's APPEND_SLASH does.
        /// Recorded, the replay would redirect to itself forever; it is skipped.
        case sameRequest(location: String)
        /// The same request with more query parameters (`/login` → 302 `?step=2`), which the
        /// entry would answer too, having none of them; their names, for `{"$absent": true}`.
        case addsParameters([String])
    }

    /// Whether a redirect's relative `Location` leads back to the entry recorded for it: same
    /// fixture file, every query parameter of the request still there, and a method the client
    /// keeps when following it (303, and 301/302 after a POST, are followed with GET: another
    /// entry). An absolute Location names the real API.
    static func redirectWithinEntry(_ exchange: RecordedExchange, method: String, target: RequestTarget, root: String,
                                    filesFolder: String, file: String) -> RedirectWithinEntry? {
        guard [301, 302, 303, 307, 308].contains(exchange.status), let location = exchange.responseHeader("location"),
              !location.isEmpty, !location.contains("://"), !location.hasPrefix("//") else { return nil }
        let followedWithGET = exchange.status == 303 || ([301, 302].contains(exchange.status) && method == "POST")
        guard !followedWithGET || method == "GET" else { return nil }
        let reference = location.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let requestPath = exchange.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "/"
        guard case .success(let redirected) = RequestTarget.parse(Self.resolve(reference, against: requestPath)),
              case .success(let redirectedLocation) = FixtureLocation.resolve(redirected, root: root, filesFolder: filesFolder),
              redirectedLocation.file == file else { return nil }
        let asked = QueryParameters(decoding: target.query ?? "").parameters
        var offered = QueryParameters(decoding: redirected.query ?? "").parameters
        for parameter in asked {
            guard let index = offered.firstIndex(of: parameter) else { return nil }
            offered.remove(at: index)
        }
        guard !offered.isEmpty else { return .sameRequest(location: location) }
        let askedNames = Set(asked.map(\.name))
        let added = offered.map(\.name).filter { !askedNames.contains($0) }
        // A parameter the request had, given again with another value, cannot be told apart.
        guard !added.isEmpty else { return nil }
        var seen = Set<String>()
        return .addsParameters(added.filter { seen.insert($0).inserted })
    }

    /// `reference` (a relative `Location` without fragment) resolved against `path`, with dot
    /// segments removed (RFC 3986 §5.2): `?page=2` keeps the path, `items/` and `./items/` are
    /// relative to its folder, `../x` leaves it.
    package static func resolve(_ reference: String, against path: String) -> String {
        let parts = reference.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let referencePath = String(parts.first ?? "")
        let query = parts.count > 1 ? "?" + parts[1] : ""
        let merged: String
        if referencePath.isEmpty {
            merged = path
        } else if referencePath.hasPrefix("/") {
            merged = referencePath
        } else {
            merged = String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) + referencePath
        }
        var output: [Substring] = []
        let segments = merged.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/") + query
    }

    private func merge(
        method: String,
        line: String,
        status: Int,
        location: FixtureLocation,
        constraint: RequestConstraint,
        headers: [HTTPHeader],
        content: ResponseContent
    ) throws(RecordError) -> RecordOutcome {
        let document: FixtureDocument
        if let data = FileManager.default.contents(atPath: rootPath + "/" + location.file) {
            document = try FixtureDocument(parsing: [UInt8](data), file: location.file)
        } else {
            document = .empty
        }
        let sameRequest = { (entry: FixtureDocument.Entry) in
            let existing = constraint.existingConstraints(request: entry.request, query: entry.query)
            return !entry.hasOtherConstraints && constraint.isEquivalent(to: existing.request) && constraint.queryIsEquivalent(to: existing.query)
        }
        let replaceable = document.entries.firstIndex { $0.method == method && sameRequest($0) }
        if method == "HEAD", replaceable == nil, document.entries.contains(where: { $0.method == "GET" && sameRequest($0) }) {
            return .skipped(line, file: location.file, "the file's GET entry for the same request already answers HEAD")
        }
        var headers = headers
        if let contentType = content.contentTypeHeader {
            headers.insert(HTTPHeader(name: "Content-Type", value: contentType), at: 0)
        }
        var responseFile: String?
        if case .bytes(let bytes, let fileExtension) = content.body {
            let name = responseFileName(key: location.key, method: method, request: constraint.identity, fileExtension: fileExtension)
            try writer.store(bytes, at: name)
            responseFile = name
        }
        let entry = EntryBuilder.entry(method: method, status: status, request: constraint.value, query: constraint.query, headers: headers,
                                       body: content.body, responseFile: responseFile)
        let action: RecordOutcome.Action
        let index: Int
        let bytes: [UInt8]
        if let replaceable {
            (action, index, bytes) = (.replaced, replaceable, document.replacing(replaceable, with: entry))
        } else if let shadowing = document.entries.firstIndex(where: { entry in
            let existing = constraint.existingConstraints(request: entry.request, query: entry.query)
            return entry.method == method && !entry.hasOtherConstraints && constraint.isShadowed(byRequest: existing.request, query: existing.query)
        }) {
            // An entry asking for fewer parameters would answer this request first: go before it.
            (action, index, bytes) = (.added, shadowing, document.inserting(entry, before: shadowing))
        } else {
            let appended = document.appending(entry)
            (action, index, bytes) = (.added, appended.index, appended.bytes)
        }
        try writer.store(bytes, at: location.file)
        if let replaceable, let old = document.entries[replaceable].responseFile, old != responseFile,
           old.hasPrefix(options.responseFilesFolder + "/"),
           !document.entries.enumerated().contains(where: { $0.offset != replaceable && $0.element.responseFile == old }),
           !isNamed(old, byAFixtureOtherThan: location.file) {
            // The replaced entry's body file is used by no other entry, here or in another file.
            writer.remove(old)
        }
        var notes = constraint.note.map { [$0] } ?? []
        // A recorded entry ranks at the default priority; an entry of a lower number is tried
        // before it, wherever it stands, and may answer this request in its place.
        if let earlier = document.entries.enumerated().first(where: { ($0.element.method == method || $0.element.method == "ANY")
                && ($0.element.priority ?? EntryPriority.defaultValue) < EntryPriority.defaultValue }),
           let priority = earlier.element.priority {
            let shifted = action == .added && earlier.offset >= index ? earlier.offset + 1 : earlier.offset
            notes.append("entry \(shifted) of \(location.file) has \"priority\" \(priority), so it is tried before the recorded one; check that it does not answer this request")
        }
        return RecordOutcome(action: action, exchange: line, file: location.file, entry: index, responseFile: responseFile, notes: notes)
    }

    /// Whether a fixture file other than `file` mentions `bodyFile` (as its `responseFile`, say):
    /// then the body stays. A plain text search over the root's `.json` files, so it errs on the
    /// side of keeping a file; it runs only when a replaced entry drops its body file.
    private func isNamed(_ bodyFile: String, byAFixtureOtherThan file: String) -> Bool {
        let needle = Array("\"\(bodyFile)\"".utf8)
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: rootPath) else { return true }
        for path in paths where path.hasSuffix(".json") && path != file && !path.hasPrefix(options.responseFilesFolder + "/") {
            guard let data = FileManager.default.contents(atPath: rootPath + "/" + path) else { continue }
            if [UInt8](data).firstRange(of: needle) != nil { return true }
        }
        return false
    }

    /// `__files/<path>[.<method>][-<hash of request>].<ext>`: stable for the same method and
    /// request (a replaced entry reuses its file), distinct otherwise. A path that already ends
    /// in the right extension keeps it last: `images/luke.png` → `__files/images/luke.png`.
    private func responseFileName(key: String, method: String, request: JSONValue?, fileExtension: String) -> String {
        var stem = key.isEmpty ? "index" : key
        let lastSegment = stem.split(separator: "/").last ?? ""
        if let dot = lastSegment.lastIndex(of: "."), lastSegment[lastSegment.index(after: dot)...].lowercased() == fileExtension {
            stem = String(stem.dropLast(fileExtension.count + 1))
        }
        if method != "GET" { stem += "." + method.lowercased() }
        if let request { stem += "-" + Self.shortHash(request.serializedBytes()) }
        return "\(options.responseFilesFolder)/\(stem).\(fileExtension)"
    }

    /// 8 hex digits of FNV-1a over `bytes`: short, stable across runs and platforms.
    static func shortHash(_ bytes: [UInt8]) -> String {
        FNV1a.hex(FNV1a.hash(bytes), digits: 8)
    }
}
