/// One validated entry of a fixture file, ready for matching.
struct FixtureEntry: Sendable {
    struct HeaderRequirement: Sendable {
        let lowercasedName: String
        let value: String
    }

    /// 0-based index in its file.
    let index: Int
    let position: JSONPosition
    /// Upper-cased HTTP method.
    let method: String
    /// What the request body (or query) must equal; `nil` matches anything.
    let request: JSONValue?
    let requiredHeaders: [HeaderRequirement]
    let delayMilliseconds: Int
    let preparedID: Int

    var isWildcard: Bool { request == nil && requiredHeaders.isEmpty }
}
