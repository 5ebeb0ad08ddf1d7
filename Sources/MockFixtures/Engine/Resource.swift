/// A collection a test sets up with `POST /__admin/resources`: the mock keeps its items and
/// answers the usual create, read, update and delete calls on them, so "POST a person, then the
/// list shows it" needs no scenario per list (MockServer's CRUD expectations, Mockoon's data
/// buckets; audit W2's G9).
///
/// `GET /api/people` lists the items, `POST /api/people` adds one, `GET`, `PUT`, `PATCH` (JSON
/// merge patch) and `DELETE /api/people/{id}` act on one.
package final class Resource: Sendable {
    /// How an item added without an id gets one.
    package enum IDs: String, Sendable, CaseIterable {
        /// One more than the largest whole-number id so far (1 for the first), as a JSON number.
        case increment
        /// A random UUID, as a string.
        case uuid
    }

    /// Where a resource is and how its items are identified: what checking an item needs, known
    /// before the resource (and its id) exists.
    struct Shape: Sendable, Equatable {
        /// As posted, for `Location` and listings.
        let path: String
        /// The decoded path without its outer slashes: the collection's lookup key.
        let key: String
        let idField: String
        let ids: IDs
    }

    /// `resource-1`, `resource-2`, …
    package let id: String
    let shape: Shape
    private let items: LockedState<ResourceItems>

    package var path: String { shape.path }
    var key: String { shape.key }
    package var idField: String { shape.idField }
    package var ids: IDs { shape.ids }

    /// What a fixture file declares (`{"$resource": …}`) for it; nil for one a test posted.
    let declaration: ResourceDeclaration?
    /// The fixture file that declares it; nil for one a test posted.
    package var file: String? { declaration?.file }

    init(id: String, shape: Shape, items: [JSONValue], declaration: ResourceDeclaration? = nil) {
        self.id = id
        self.shape = shape
        self.items = LockedState(ResourceItems(items, idField: shape.idField))
        self.declaration = declaration
    }

    /// The items now, in the order they were added.
    package var currentItems: [JSONValue] { items.withLock { $0.items } }

    /// Whether `item`'s id is the path segment `text`: by ``key(of:)``, so `/7`, `/7.0` and `/1e0`
    /// name the id `7` (or `"7"`), and lookup and duplicates agree. Text compares byte for byte
    /// (RFC 3986 §6.2.1), not by Unicode equivalence as `String`'s `==` does: `café` written
    /// with a combining accent is another id (audit H3).
    static func id(_ value: JSONValue?, is text: Substring) -> Bool {
        guard let value else { return false }
        return key(of: value).utf8.elementsEqual(key(of: .string(String(text))).utf8)
    }

    /// The id an item is written under in a path: a string as it is, a number as written.
    static func pathText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number.literal
        default: value.compactText
        }
    }

    /// Runs `body` with the items while no other request changes them.
    func withItems<Result>(_ body: (inout ResourceItems) -> Result) -> Result {
        items.withLock(body)
    }

    /// What makes two ids the same, and a path segment name them: a number by its exact value
    /// (``JSONNumber/canonicalDecimal``: `7`, `7.0`, `1e0` are one; so are `2.5` and `25e-1`), a
    /// string that is a JSON number as that number (`"7"` is `7`, `"1e2"` is `100`), any other
    /// string by its text (`"07"`, `"a b"`).
    static func key(of id: JSONValue) -> String {
        switch id {
        case .number(let number):
            return number.canonicalDecimal ?? number.literal
        case .string(let text):
            if let number = JSONNumber(parsing: text) { return number.canonicalDecimal ?? number.literal }
            return text
        default:
            return id.compactText
        }
    }

    /// The whole part of an id's numeric key (`"2.5"` → 2, `"-3"` → -3); nil for a key that is
    /// no number, and `.max` for a whole part past `Int.max` (no next id after it).
    static func wholePart(ofKey key: String) -> Int? {
        let whole = key.prefix { $0 != "." }
        guard !whole.isEmpty, whole.allSatisfy({ $0 == "-" || $0.isASCII && $0.isNumber }), whole.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if let value = Int(whole) { return value }
        return whole.hasPrefix("-") ? .min : .max
    }

    /// RFC 7396 JSON merge patch: members of `patch` replace those of `target`, objects merge,
    /// `null` removes a member.
    static func merge(_ patch: JSONValue, into target: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members: [(String, JSONValue)] = target.objectMembers?.map { ($0.key, $0.value.value) } ?? []
        for change in changes {
            let index = members.firstIndex { $0.0 == change.key }
            if case .null = change.value.value {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].1 = merge(change.value.value, into: members[index].1)
            } else {
                members.append((change.key, merge(change.value.value, into: .null)))
            }
        }
        return .makeObject(members)
    }
}
