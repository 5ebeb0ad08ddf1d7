/// The values a request's path gave the `{name}` segments of the fixture path that serves it:
/// `/people/7` served by `people/{id}.json` has `id` = `7`.
struct PathParameters: Sendable {
    static let none = PathParameters(names: [], values: [])

    /// In path order.
    let names: [String]
    /// Decoded segments of the request path, one per name.
    let values: [Substring]

    var isEmpty: Bool { names.isEmpty }

    /// The value of `name`, or `nil` when the path has no such parameter.
    func value(named name: String) -> Substring? {
        guard let index = names.firstIndex(of: name) else { return nil }
        return values[index]
    }

    /// `{"id": "7"}`, for the 404 diagnostics.
    var json: JSONValue {
        .makeObject(zip(names, values).map { ($0, .string(String($1))) })
    }
}
