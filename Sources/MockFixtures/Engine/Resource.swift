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

    /// `resource-1`, `resource-2`, …
    package let id: String
    /// As posted, for `Location` and listings.
    package let path: String
    /// The decoded path without its outer slashes: the collection's lookup key.
    let key: String
    package let idField: String
    package let ids: IDs
    private let items: LockedState<[JSONValue]>

    init(id: String, path: String, key: String, idField: String, ids: IDs, items: [JSONValue]) {
        self.id = id
        self.path = path
        self.key = key
        self.idField = idField
        self.ids = ids
        self.items = LockedState(items)
    }

    /// The items now, in the order they were added.
    package var currentItems: [JSONValue] { items.withLock { $0 } }

    /// Whether `item`'s id is the path segment `text`: a number id by its value (`7` is `7.0`),
    /// a string id exactly.
    static func id(_ value: JSONValue?, is text: Substring) -> Bool {
        switch value {
        case .string(let id)?: id == text
        case .number(let number)?: number.literal == text || JSONNumber(parsing: text) == number
        case .bool(let flag)?: (flag ? "true" : "false") == text
        default: false
        }
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
    func withItems<Result>(_ body: (inout [JSONValue]) -> Result) -> Result {
        items.withLock(body)
    }

    /// An id's value as a number: exactly when it is whole (`7`, `7.0`, `1e2`, `"7"`), else as
    /// a `Double`. A string counts only when it is written as a whole number is (`"7"`, not
    /// `"07"` or `"1e2"`), as a path segment names it. Whole values above 2^53 stay exact: they
    /// come from the literal, not from a `Double`.
    enum NumericID: Equatable {
        case whole(Int)
        case fraction(Double)
    }

    static func numeric(_ id: JSONValue?) -> NumericID? {
        switch id {
        case .number(let number)?:
            if let whole = number.integerLiteralValue { return .whole(whole) }
            guard let value = Double(number.literal), value.isFinite else { return nil }
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return .whole(Int(value)) }
            return .fraction(value)
        case .string(let text)?:
            guard let whole = Int(text), String(whole) == text else { return nil }
            return .whole(whole)
        default:
            return nil
        }
    }

    /// What makes two ids the same: `7`, `7.0` and `"7"` are one (a path segment `7` names them
    /// all); other strings by their text, other numbers as written.
    static func key(of id: JSONValue) -> String {
        switch numeric(id) {
        case .whole(let whole)?: return String(whole)
        case .fraction?: if case .number(let number) = id { return number.literal }
        case nil: break
        }
        if case .string(let text) = id { return text }
        return id.compactText
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
