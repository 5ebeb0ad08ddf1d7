/// The response type for endpoints whose body you do not need, such as a `204 No Content`.
///
/// Decodes from an empty body and from any body at all, which it ignores.
///
/// ```swift
/// _ = try await JSONRequest<EmptyResponse, APIError>(method: .delete, path: "people/1", session: session)
///     .perform()
/// ```
public struct EmptyResponse: Codable, Sendable, Hashable, EmptyBodyRepresentable {
    public init() {}

    public init(from decoder: any Decoder) throws {}

    /// Encodes as an empty JSON object, `{}`.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }

    public static var emptyBodyValue: EmptyResponse { EmptyResponse() }

    private enum NoKeys: CodingKey {}
}
