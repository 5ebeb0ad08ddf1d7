/// A resource's items in the order they were added, with their ids indexed: adding one checks
/// its id and finds the next one, and a request finds its item, without looking at every item.
/// (Both scanned all items: filling a collection with 10,000 POSTs took 88 s, and reading the
/// last of 400,000 items 629 ms; audit F3.) A deleted item leaves an empty slot, dropped in bulk
/// once they are the greater part, so deleting one does not rebuild the index (audit R21: 119 ms
/// a delete at 100,000 items when it did).
struct ResourceItems {
    /// In order; `nil` where an item was deleted.
    private var slots: [JSONValue?]
    private var emptySlots = 0
    /// The ids in use and the next whole-number id.
    private(set) var ids: MockEngine.ResourceIDs
    /// Each id's slot, by the UTF-8 of ``Resource/key(of:)`` (compared byte for byte).
    private var positions: [[UInt8]: Int] = [:]
    let idField: String

    init(_ items: [JSONValue], idField: String) {
        slots = items
        self.idField = idField
        ids = MockEngine.ResourceIDs(items, idField: idField)
        indexPositions()
    }

    /// The items now, in the order they were added.
    var items: [JSONValue] { slots.compactMap { $0 } }

    var count: Int { slots.count - emptySlots }

    /// The first `limit` items, without copying the rest (for a 404's hint).
    func prefix(_ limit: Int) -> [JSONValue] {
        Array(slots.lazy.compactMap { $0 }.prefix(limit))
    }

    /// The item in `slot` (from ``index(ofID:)``, which names only filled slots).
    subscript(slot: Int) -> JSONValue {
        slots[slot] ?? .null
    }

    /// The slot of the item whose id the path segment `text` names (``Resource/id(_:is:)``).
    func index(ofID text: Substring) -> Int? {
        positions[Array(Resource.key(of: .string(String(text))).utf8)]
    }

    /// `item`, checked and given an id as a POST gives one (``MockEngine/identified(_:in:known:)``),
    /// without adding it.
    func identified(_ item: JSONValue, in shape: Resource.Shape) -> Result<JSONValue, MockEngine.ResourceProblem> {
        MockEngine.identified(item, in: shape, among: ids)
    }

    /// Adds an item ``identified(_:in:)`` returned.
    mutating func append(_ item: JSONValue) {
        slots.append(item)
        if let id = item[idField] {
            ids.insert(id)
            positions[Array(Resource.key(of: id).utf8)] = slots.count - 1
        }
    }

    /// Replaces the item in `slot` by one with the same id.
    mutating func replace(at slot: Int, with item: JSONValue) {
        slots[slot] = item
    }

    /// Deletes the item in `slot`: its id is free again, and the next made-up id is worked out
    /// from the items left (as before the index).
    mutating func remove(at slot: Int) {
        guard let removed = slots[slot] else { return }
        slots[slot] = nil
        emptySlots += 1
        if let id = removed[idField] {
            positions[Array(Resource.key(of: id).utf8)] = nil
            ids.remove(id)
        }
        if emptySlots > 64, emptySlots * 2 > slots.count {
            // Typed, or `compactMap` keeps the nils as `JSONValue??` (audit R23: the count went
            // to 0 with the empty slots still there, and the next list read trapped).
            let live: [JSONValue] = slots.compactMap { $0 }
            slots = live.map(Optional.some)
            emptySlots = 0
            indexPositions()
        }
    }

    /// Each id's first item, as a scan from the start finds it.
    private mutating func indexPositions() {
        positions.removeAll(keepingCapacity: true)
        positions.reserveCapacity(slots.count)
        for (slot, item) in slots.enumerated() {
            guard let id = item?[idField] else { continue }
            let key = Array(Resource.key(of: id).utf8)
            if positions[key] == nil { positions[key] = slot }
        }
    }
}
