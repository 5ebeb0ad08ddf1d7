/// The benchmark fixture's response body: `{"count": N, "results": [Person]}`.
struct PeoplePage: Decodable, Sendable, Equatable {
    let count: Int
    let results: [Person]
}
