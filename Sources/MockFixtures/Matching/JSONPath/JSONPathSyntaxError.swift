/// Why a `requestJsonPath` key is not a JSONPath query: where (an offset in Unicode scalars from
/// the start of the query) and what was expected there.
///
/// ```swift
/// do { _ = try JSONPathQuery("$.items[") } catch { print(error.offset, error.message) }   // 8 expected a selector …
/// ```
package struct JSONPathSyntaxError: Error, Sendable, Equatable {
    /// Unicode scalars before the place the query went wrong.
    package let offset: Int
    package let message: String
}
