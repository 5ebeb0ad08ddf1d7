/// Routes whose paths have `{name}` segments, indexed segment by segment as Hummingbird's router
/// does: each node has its literal children in a dictionary, at most one parameter child and at
/// most one catch-all child (`{name...}`, which takes the rest of the path).
///
/// A lookup walks the request's segments, trying the literal child before the parameter child
/// and that before the catch-all, backing up only when a branch dead-ends, so the most specific
/// route wins segment by segment from the left. Every node is entered at most once per lookup, and a node is only
/// entered when its path matches the request so far, so the cost depends on the request's
/// segments and the few templates sharing its prefix — never on how many routes exist.
///
/// ```swift
/// var trie = RouteTrie<String>()
/// trie.insert(PathTemplate(key: "people/{id}"), "people/{id}.json")
/// trie.firstMatch("people/7")   // ("people/{id}.json", ["7"])
/// ```
struct RouteTrie<Value: Sendable>: Sendable {
    private struct Node: Sendable {
        var literals: [Substring: Int] = [:]
        var parameter: Int?
        /// A `{name...}` child: a leaf, since a catch-all is always the last segment.
        var catchAll: Int?
        var value: Value?
    }

    /// Node 0 is the root (the empty path).
    private var nodes = [Node()]
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Stores `value` for `template`, replacing the value of a template of the same shape.
    mutating func insert(_ template: PathTemplate, _ value: Value) {
        update(template) { _ in value }
    }

    /// Stores what `change` makes of the value held for `template`'s shape (nil when none): one
    /// walk down, for adding to a route without rebuilding the trie.
    mutating func update(_ template: PathTemplate, _ change: (Value?) -> Value) {
        var node = 0
        for segment in template.segments {
            switch segment {
            case .literal(let text): node = child(of: node, \.literals[Substring(text)])
            case .parameter: node = child(of: node, \.parameter)
            case .catchAll: node = child(of: node, \.catchAll)
            }
        }
        if nodes[node].value == nil { count += 1 }
        nodes[node].value = change(nodes[node].value)
    }

    /// The child of `node` in `slot` (a literal, the parameter or the catch-all), made if missing.
    private mutating func child(of node: Int, _ slot: WritableKeyPath<Node, Int?>) -> Int {
        if let child = nodes[node][keyPath: slot] { return child }
        nodes.append(Node())
        nodes[node][keyPath: slot] = nodes.count - 1
        return nodes.count - 1
    }

    /// The most specific route serving `lookupKey` and the values of its parameter segments.
    func firstMatch(_ lookupKey: Substring) -> (value: Value, parameters: [Substring])? {
        guard !isEmpty else { return nil }
        let segments = PathTemplate.segments(of: lookupKey)
        var parameters: [Substring] = []
        parameters.reserveCapacity(segments.count)
        guard let value = firstMatch(0, segments, 0, &parameters) else { return nil }
        return (value, parameters)
    }

    /// Depth-first, literal child before parameter child before catch-all, stopping at the first
    /// route: the serving path of every request to a templated route, so no closure and no copies.
    private func firstMatch(_ node: Int, _ segments: [Substring], _ depth: Int, _ parameters: inout [Substring]) -> Value? {
        if depth == segments.count { return nodes[node].value }
        let segment = segments[depth]
        if let child = nodes[node].literals[segment], let value = firstMatch(child, segments, depth + 1, &parameters) {
            return value
        }
        if let child = nodes[node].parameter {
            parameters.append(segment)
            if let value = firstMatch(child, segments, depth + 1, &parameters) { return value }
            parameters.removeLast()
        }
        guard let child = nodes[node].catchAll, let value = nodes[child].value else { return nil }
        parameters.append(PathTemplate.remainder(of: segments, from: depth))
        return value
    }

    /// Every route serving `lookupKey`, most specific first.
    func allMatches(_ lookupKey: Substring) -> [(value: Value, parameters: [Substring])] {
        guard !isEmpty else { return [] }
        let segments = PathTemplate.segments(of: lookupKey)
        var parameters: [Substring] = []
        var found: [(Value, [Substring])] = []
        walk(0, segments, 0, &parameters) { value, parameters in
            found.append((value, parameters))
            return true
        }
        return found
    }

    /// Depth-first, literal child before parameter child, visiting every route; `visit` returns
    /// whether to go on.
    @discardableResult
    private func walk(_ node: Int, _ segments: [Substring], _ depth: Int, _ parameters: inout [Substring],
                      _ visit: (Value, [Substring]) -> Bool) -> Bool {
        if depth == segments.count {
            guard let value = nodes[node].value else { return true }
            return visit(value, parameters)
        }
        let segment = segments[depth]
        if let child = nodes[node].literals[segment], !walk(child, segments, depth + 1, &parameters, visit) {
            return false
        }
        if let child = nodes[node].parameter {
            parameters.append(segment)
            defer { parameters.removeLast() }
            if !walk(child, segments, depth + 1, &parameters, visit) { return false }
        }
        if let child = nodes[node].catchAll, let value = nodes[child].value {
            return visit(value, parameters + [PathTemplate.remainder(of: segments, from: depth)])
        }
        return true
    }

    /// The routes a miss for `lookupKey` got near, for "looked for": those on the way down (the
    /// request is longer than they are) and those below the deepest point the request reached.
    /// At most `limit`.
    func routesConsidered(for lookupKey: Substring, limit: Int) -> [Value] {
        guard !isEmpty else { return [] }
        let segments = PathTemplate.segments(of: lookupKey)
        var onTheWay: [Value] = []
        var deepest: (depth: Int, nodes: [Int]) = (0, [0])
        func descend(_ node: Int, _ depth: Int) {
            if let value = nodes[node].value, depth > 0 { onTheWay.append(value) }
            if depth > deepest.depth {
                deepest = (depth, [node])
            } else if depth == deepest.depth, depth > 0 {
                deepest.nodes.append(node)
            }
            guard depth < segments.count else { return }
            if let child = nodes[node].literals[segments[depth]] { descend(child, depth + 1) }
            if let child = nodes[node].parameter { descend(child, depth + 1) }
            if let child = nodes[node].catchAll { descend(child, depth + 1) }
        }
        descend(0, 0)
        var found = Array(onTheWay.prefix(limit))
        // Below the deepest nodes reached (not below the root: a first segment nothing knows).
        var pending = deepest.depth > 0 ? deepest.nodes.flatMap(children) : []
        while let node = pending.popLast(), found.count < limit {
            if let value = nodes[node].value { found.append(value) }
            pending.append(contentsOf: children(of: node))
        }
        return found
    }

    private func children(of node: Int) -> [Int] {
        nodes[node].literals.values.sorted() + (nodes[node].parameter.map { [$0] } ?? []) + (nodes[node].catchAll.map { [$0] } ?? [])
    }


}

extension RouteTrie {
    /// Every stored value, in no particular order.
    var allValues: [Value] {
        nodes.compactMap(\.value)
    }
}
