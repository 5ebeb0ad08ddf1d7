/// A response type with a value for an empty body (`204 No Content`, `HEAD`, an empty `200`).
///
/// ``EmptyResponse`` and every `Optional` conform, so `JSONRequest<Person?, APIError>`
/// yields `nil` for an empty body. Conform your own types to give them an empty value.
///
/// ```swift
/// extension Page: EmptyBodyRepresentable {
///     static var emptyBodyValue: Page { Page(items: []) }
/// }
/// ```
public protocol EmptyBodyRepresentable {
    /// The value a response decodes to when its body is empty.
    static var emptyBodyValue: Self { get }
}

extension Optional: EmptyBodyRepresentable {
    public static var emptyBodyValue: Wrapped? { nil }
}
