/// What sets a resource up — `idField`, `ids` and `items` — whether posted to
/// `POST /__admin/resources` or written in a fixture file as `{"$resource": {…}}`: one set of
/// rules and messages for both.
struct ResourceDeclaration: Sendable, Equatable {
    let shape: Resource.Shape
    let items: [JSONValue]
    /// The fixture file that declares it, relative to the root; nil for one posted by a test.
    let file: String?

    /// What keeps a declared resource's id and its removal across reloads: its file.
    var origin: String { file ?? shape.path }

    /// Why a declaration cannot be used, and where (a file reports the line and column).
    struct Problem: Error {
        let message: String
        let hint: String
        let position: JSONPosition?
    }

    static let example = #"{"path": "/api/people", "idField": "id", "ids": "increment", "items": [{"id": 1, "name": "Rey"}]}"#
    static let fileExample = #"{"$resource": {"idField": "id", "ids": "increment", "items": [{"id": 1, "name": "Rey"}]}}"#

    /// Checks `members` (other than `path`, which the caller has read) for the resource at `path`
    /// (lookup key `key`): the id member, how ids are made, and items whose ids, given or made,
    /// differ.
    static func compile(_ members: [JSONMember], path: String, key: String, file: String?, example: String) -> Result<ResourceDeclaration, Problem> {
        var idField = "id"
        if let member = members.last(where: { $0.key == "idField" }) {
            guard case .string(let name) = member.value.value, !name.isEmpty else {
                return .failure(Problem(message: "\"idField\" must be a non-empty string, found \(JSONValue.excerpt(member.value.value))",
                                        hint: "name the items' id member, such as \"id\" or \"uuid\"", position: member.value.position))
            }
            idField = name
        }
        var ids = Resource.IDs.increment
        if let member = members.last(where: { $0.key == "ids" }) {
            guard case .string(let name) = member.value.value, let known = Resource.IDs(rawValue: name) else {
                return .failure(Problem(message: "\"ids\" must be \"increment\" or \"uuid\", found \(JSONValue.excerpt(member.value.value))",
                                        hint: "\"increment\": 1, 2, 3 … (one more than the largest); \"uuid\": random UUIDs", position: member.value.position))
            }
            ids = known
        }
        let shape = Resource.Shape(path: path, key: key, idField: idField, ids: ids)
        var items: [JSONValue] = []
        if let member = members.last(where: { $0.key == "items" }) {
            guard case .array(let elements) = member.value.value else {
                return .failure(Problem(message: "\"items\" must be an array of objects, found \(JSONValue.excerpt(member.value.value))",
                                        hint: "write \(example)", position: member.value.position))
            }
            var known = MockEngine.ResourceIDs()
            for (index, element) in elements.enumerated() {
                guard case .object = element.value else {
                    return .failure(Problem(message: "item \(index) is \(element.value.kindNameWithArticle), not an object", hint: "write each item as a JSON object",
                                            position: element.position))
                }
                switch MockEngine.identified(element.value, in: shape, known: &known) {
                case .success(let item): items.append(item)
                case .failure(let problem):
                    // In a file, the advice is about the file, not about the API.
                    let hint = file != nil && problem.status == 409 ? "give each item its own \"\(idField)\", or leave it out for one made by the mock" : problem.hint
                    return .failure(Problem(message: "item \(index): \(problem.error)", hint: hint, position: element.position))
                }
            }
        }
        return .success(ResourceDeclaration(shape: shape, items: items, file: file))
    }
}
