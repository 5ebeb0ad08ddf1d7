extension JSONPathQuery {
    /// The values the query selects in `root`, in document order (depth first under `..`).
    package func select(from root: JSONValue) -> [JSONValue] {
        select(current: root, root: root, budget: .unlimited)
    }

    /// `current` is what `@` stands for inside a filter. Stops early, with what it has, once
    /// `budget` is exhausted (the caller checks it).
    func select(current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> [JSONValue] {
        var nodes = [isRelative ? current : root]
        for segment in segments {
            var next: [JSONValue] = []
            for node in nodes {
                segment.apply(to: node, root: root, budget: budget, into: &next)
                if budget.isExhausted { return [] }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        guard endsWithLength else { return nodes }
        // Jayway's `.length()`: of the value a definite path finds, or of the whole list an
        // indefinite one selects (`$..qty.length()` counts the quantities, 0 when there are none).
        return segments.allSatisfy(\.isSingular) ? nodes.compactMap(Self.length(of:)) : [.number(JSONNumber(nodes.count))]
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
    func apply(to node: JSONValue, root: JSONValue, budget: JSONPathBudget, into results: inout [JSONValue]) {
        if isDescendant {
            visit(node, root: root, budget: budget, into: &results)
        } else {
            for selector in selectors { selector.select(from: node, root: root, budget: budget, into: &results) }
        }
    }

    /// `..`: the selectors on the value, then on each value nested in it, depth first (a value
    /// before what it holds, arrays in order, RFC 9535 §2.5.2.2).
    private func visit(_ node: JSONValue, root: JSONValue, budget: JSONPathBudget, into results: inout [JSONValue]) {
        guard budget.spend() else { return }
        for selector in selectors { selector.select(from: node, root: root, budget: budget, into: &results) }
        switch node {
        case .array(let elements):
            for element in elements {
                visit(element.value, root: root, budget: budget, into: &results)
                if budget.isExhausted { return }
            }
        case .object(let members):
            for member in JSONPathSelector.distinctMembers(members) {
                visit(member.value.value, root: root, budget: budget, into: &results)
                if budget.isExhausted { return }
            }
        case .null, .bool, .number, .string:
            break
        }
    }
}

extension JSONPathSelector {
    func select(from node: JSONValue, root: JSONValue, budget: JSONPathBudget, into results: inout [JSONValue]) {
        switch self {
        case .name(let name):
            guard budget.spend(), let value = node[name] else { return }
            results.append(value)
        case .wildcard:
            Self.forEachChild(of: node) { child in
                guard budget.spend() else { return false }
                results.append(child)
                return true
            }
        case .index(let index):
            guard case .array(let elements) = node else { return }
            let position = index < 0 ? elements.count + index : index
            if position >= 0, position < elements.count { results.append(elements[position].value) }
        case .slice(let start, let end, let step):
            guard case .array(let elements) = node else { return }
            for position in Self.slicePositions(count: elements.count, start: start, end: end, step: step ?? 1) {
                guard budget.spend() else { return }
                results.append(elements[position].value)
            }
        case .filter(let filter):
            Self.forEachChild(of: node) { child in
                guard budget.spend() else { return false }
                if filter.holds(current: child, root: root, budget: budget) { results.append(child) }
                return !budget.isExhausted
            }
        }
    }

    /// An array's elements or an object's member values (the last of repeated keys), while
    /// `body` returns true.
    private static func forEachChild(of node: JSONValue, _ body: (JSONValue) -> Bool) {
        switch node {
        case .array(let elements):
            for element in elements where !body(element.value) { return }
        case .object(let members):
            for member in distinctMembers(members) where !body(member.value.value) { return }
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
