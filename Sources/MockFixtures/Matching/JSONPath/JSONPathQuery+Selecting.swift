extension JSONPathQuery {
    /// The values the query selects in `root`, in document order (depth first under `..`).
    package func select(from root: JSONValue) -> [JSONValue] {
        select(current: root, root: root)
    }

    /// `current` is what `@` stands for inside a filter.
    func select(current: JSONValue, root: JSONValue) -> [JSONValue] {
        var nodes = [isRelative ? current : root]
        for segment in segments {
            var next: [JSONValue] = []
            for node in nodes { segment.apply(to: node, root: root, into: &next) }
            nodes = next
            if nodes.isEmpty { return [] }
        }
        return endsWithLength ? nodes.compactMap(Self.length(of:)) : nodes
    }

    /// A string's length in Unicode scalars, an array's element count, an object's member count
    /// (RFC 9535's `length()`); `nil` for numbers, booleans and null.
    static func length(of value: JSONValue) -> JSONValue? {
        switch value {
        case .string(let text): .number(JSONNumber(text.unicodeScalars.count))
        case .array(let elements): .number(JSONNumber(elements.count))
        case .object(let members): .number(JSONNumber(JSONPathSelector.distinctMembers(members).count))
        case .null, .bool, .number: nil
        }
    }
}

extension JSONPathSegment {
    func apply(to node: JSONValue, root: JSONValue, into results: inout [JSONValue]) {
        if isDescendant {
            visit(node, root: root, into: &results)
        } else {
            for selector in selectors { selector.select(from: node, root: root, into: &results) }
        }
    }

    /// `..`: the selectors on the value, then on each value nested in it, depth first (a value
    /// before what it holds, arrays in order, RFC 9535 §2.5.2.2).
    private func visit(_ node: JSONValue, root: JSONValue, into results: inout [JSONValue]) {
        for selector in selectors { selector.select(from: node, root: root, into: &results) }
        switch node {
        case .array(let elements):
            for element in elements { visit(element.value, root: root, into: &results) }
        case .object(let members):
            for member in JSONPathSelector.distinctMembers(members) { visit(member.value.value, root: root, into: &results) }
        case .null, .bool, .number, .string:
            break
        }
    }
}

extension JSONPathSelector {
    func select(from node: JSONValue, root: JSONValue, into results: inout [JSONValue]) {
        switch self {
        case .name(let name):
            if let value = node[name] { results.append(value) }
        case .wildcard:
            Self.forEachChild(of: node) { results.append($0) }
        case .index(let index):
            guard case .array(let elements) = node else { return }
            let position = index < 0 ? elements.count + index : index
            if position >= 0, position < elements.count { results.append(elements[position].value) }
        case .slice(let start, let end, let step):
            guard case .array(let elements) = node else { return }
            for position in Self.slicePositions(count: elements.count, start: start, end: end, step: step ?? 1) {
                results.append(elements[position].value)
            }
        case .filter(let filter):
            Self.forEachChild(of: node) { child in
                if filter.holds(current: child, root: root) { results.append(child) }
            }
        }
    }

    /// An array's elements or an object's member values (the last of repeated keys).
    private static func forEachChild(of node: JSONValue, _ body: (JSONValue) -> Void) {
        switch node {
        case .array(let elements):
            for element in elements { body(element.value) }
        case .object(let members):
            for member in distinctMembers(members) { body(member.value.value) }
        case .null, .bool, .number, .string:
            break
        }
    }

    /// The members of an object without the earlier of repeated keys: parsing keeps the last
    /// one, and so does every other place that reads a member.
    static func distinctMembers(_ members: [JSONMember]) -> [JSONMember] {
        if members.count <= 16 {
            return members.enumerated().filter { offset, member in
                !members[(offset + 1)...].contains { $0.key == member.key }
            }.map(\.element)
        }
        var lastOffset: [String: Int] = [:]
        for (offset, member) in members.enumerated() { lastOffset[member.key] = offset }
        guard lastOffset.count < members.count else { return members }
        return members.enumerated().filter { lastOffset[$0.element.key] == $0.offset }.map(\.element)
    }

    /// RFC 9535 §2.3.4.2.2: the positions a slice selects, forwards or backwards; none for step 0.
    static func slicePositions(count: Int, start: Int?, end: Int?, step: Int) -> StrideTo<Int> {
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return stride(from: lower, to: max(lower, upper), by: step)
        }
        guard step < 0 else { return stride(from: 0, to: 0, by: 1) }
        let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
        let lower = min(max(normalized(end ?? -count - 1), -1), count - 1)
        return stride(from: upper, to: min(lower, upper), by: step)
    }
}
