/// One person in the benchmark fixture's `results` (see `scripts/bench/make_fixtures.py`).
struct Person: Decodable, Sendable, Equatable {
    let active: Bool
    let address: Address
    let email: String
    let id: Int
    let name: String
    let scores: [Int]
    let tags: [String]
}
