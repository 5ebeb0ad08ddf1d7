/// The `address` object of a benchmark person (see `scripts/bench/make_fixtures.py`).
struct Address: Decodable, Sendable, Equatable {
    let city: String
    let street: String
    let zip: String
}
