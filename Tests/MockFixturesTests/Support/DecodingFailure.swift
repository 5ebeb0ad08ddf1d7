/// A response body that is not a JSON object.
struct DecodingFailure: Error {
    let body: String
}
