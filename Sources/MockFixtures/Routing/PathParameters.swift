/// The values a request's path gave the `{name}` segments of the fixture path that serves it:
/// `/people/7` served by `people/{id}.json` has `id` = `7`.
///
/// One optional reference: a request to a literal path carries `.none`, which costs no
/// reference counting as requests are copied around.
struct PathParameters: Sendable {
    private final class Storage: Sendable {
        let names: [String]
        let values: [Substring]

        init(names: [String], values: [Substring]) {
            self.names = names
            self.values = values
        }
    }

    static let none = PathParameters()

    private let storage: Storage?

    private init() {
        storage = nil
    }

    /// `names` in path order, `values` the decoded segments, one per name.
    init(names: [String], values: [Substring]) {
        storage = names.isEmpty ? nil : Storage(names: names, values: values)
    }

    var isEmpty: Bool { storage == nil }

    /// The value of `name`, or `nil` when the path has no such parameter.
    func value(named name: String) -> Substring? {
        guard let storage, let index = storage.names.firstIndex(of: name) else { return nil }
        return storage.values[index]
    }

    /// Each name with its value, in path order.
    var pairs: [(name: String, value: String)] {
        guard let storage else { return [] }
        return zip(storage.names, storage.values).map { (name: $0, value: String($1)) }
    }

    /// `{"id": "7"}`, for the 404 diagnostics.
    var json: JSONValue {
        guard let storage else { return .makeObject([]) }
        return .makeObject(zip(storage.names, storage.values).map { ($0, .string(String($1))) })
    }
}
