/// The error body type for `JSONRequest`. The benchmark never expects a non-2xx answer; when one
/// comes, the raw body is what gets reported, so no fields are needed here.
struct ServerErrorBody: Decodable, Sendable {}
