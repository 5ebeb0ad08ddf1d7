/// `query`, and `"queryMatch": "exact"`: the parameters a query string must carry, and whether it
/// may carry any others.
///
/// A class, so that ``RequestConstraints`` stays the size it was: entries are copied on every
/// request, and a wider one made that copy a `memcpy` (callgrind). Immutable, so sharing it
/// between threads is safe.
final class QueryRequirement: Sendable {
    /// What the named parameters must hold; empty when the entry names none.
    let parameters: [NamedParameter]
    /// `"queryMatch": "exact"`: a parameter the entry does not name makes the request not match
    /// (WireMock's `url`, Hoverfly's query matcher). Otherwise others are allowed.
    let onlyNamed: Bool

    init(parameters: [NamedParameter], onlyNamed: Bool) {
        self.parameters = parameters
        self.onlyNamed = onlyNamed
    }
}
