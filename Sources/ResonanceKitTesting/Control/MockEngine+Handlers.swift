import Foundation
import MockFixtures

extension MockEngine {
    /// Answers the requests to `path` with what `handler` returns for each — Swift code in the
    /// test's process, as OHHTTPStubs' `stub(condition:response:)` — or lets what comes after it
    /// answer when it returns nil. Tried like a runtime fixture's entry of `priority` (at the same
    /// priority, before the files' entries), journaled as that fixture's entry 0, removed by
    /// ``MockControlling/removeFixture(_:)`` or a reset. `path` may have `{name}` segments, whose
    /// values come in ``MockRequest/pathParameters``. Works with `FixtureTransport` and an
    /// in-process `MockHTTPServer` (`server.engine`), not over the admin API of another process.
    ///
    /// The entry answers the request it was given: its request keys (`request`, `query`, …),
    /// `times`, `priority` and scenario keys are refused with a 500 naming them; the rest
    /// (`status`, `response`, `headers`, `delay`, `fault`, `template`, …) work as in a file.
    /// `handler` runs on the thread serving the request (which serves other connections too):
    /// keep it quick and never wait on it; a reset from inside it is refused (409).
    ///
    /// ```swift
    /// let transport = try FixtureTransport(root: "Mocks")
    /// try transport.engine.addHandler(path: "/api/people/{id}") { request in
    ///     guard let id = Int(request.pathParameters["id"] ?? ""), id > 0 else { return FixtureEntry(status: 404) }
    ///     return FixtureEntry(response: Person(id: id, name: "Rey"))
    /// }
    /// ```
    /// - Parameter encoder: encodes the entries' values (`response:`); give the app session's
    ///   (`session.makeEncoder()`) so its key and date strategies apply.
    /// - Returns: the runtime fixture's id.
    /// - Throws: ``MockControlError`` (400) for a path or priority that cannot be used.
    @discardableResult
    public func addHandler(path: String, priority: Int = 5, encoder: JSONEncoder = JSONEncoder(),
                           _ handler: @escaping @Sendable (MockRequest) -> FixtureEntry?) throws -> String {
        let added = addHandler(path: path, priority: priority) { seen in
            guard let entry = handler(MockRequest(seen)) else { return .pass }
            do {
                let object = try entry.jsonObject(encoder: encoder)
                return .entry(Array(try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])))
            } catch {
                return .failed("its entry could not be encoded: \(error)")
            }
        }
        switch added {
        case .success(let id):
            return id
        case .failure(let problem):
            throw MockControlError(status: 400, message: problem.message, hint: problem.hint, problems: [], warnings: [])
        }
    }
}

extension MockRequest {
    init(_ seen: HandlerRequest) {
        var query: [String: [String]] = [:]
        for parameter in seen.query { query[parameter.name, default: []].append(parameter.value) }
        // Combined as the journal combines them (`CombinedHeaderValue`).
        var combined: [String: CombinedHeaderValue] = [:]
        for header in seen.headers {
            let name = header.name.lowercased()
            combined[name, default: CombinedHeaderValue(lowercasedName: name)].append(header.value)
        }
        let headers = combined.compactMapValues(\.value)
        self.init(method: seen.method, path: seen.path, query: query, headers: headers, body: Data(seen.body),
                  pathParameters: Dictionary(seen.pathParameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }
}
