/// A route whose path has `{name}` segments, as the store's trie holds it.
struct TemplatedRoute: Sendable {
    let route: FixtureRoute
    /// The names of its parameter segments, in path order.
    let parameterNames: [String]
    /// The file that serves it, relative to the root (`people/{id}.json`).
    let file: String
}
