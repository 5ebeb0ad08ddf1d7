extension JSONPathFilter {
    /// Whether the filter holds for `current` (`@`), with `root` for `$`.
    func holds(current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> Bool {
        switch self {
        case .or(let alternatives):
            alternatives.contains { $0.holds(current: current, root: root, budget: budget) }
        case .and(let terms):
            terms.allSatisfy { $0.holds(current: current, root: root, budget: budget) }
        case .not(let inner):
            !inner.holds(current: current, root: root, budget: budget)
        case .exists(let query):
            !query.select(current: current, root: root, budget: budget).isEmpty
        case .test(let call):
            call.isTrue(current: current, root: root, budget: budget)
        case .compare(let left, let comparison, let right):
            comparison.holds(left.value(current: current, root: root, budget: budget), right.value(current: current, root: root, budget: budget), budget: budget)
        }
    }
}

extension JSONPathOperand {
    /// The value, or `nil` (RFC 9535's Nothing) for a query that selects nothing.
    func value(current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> JSONValue? {
        switch self {
        case .literal(let value): value
        case .query(let query): query.select(current: current, root: root, budget: budget).first
        case .function(let call): call.value(current: current, root: root, budget: budget)
        }
    }
}

extension JSONPathComparison {
    /// RFC 9535 §2.3.5.2.2: Nothing equals only Nothing; `<` orders numbers by value and strings
    /// by Unicode scalar values, and is false for anything else. Jayway's operators are false
    /// when the left side is Nothing, except `nin`, which holds (as Jayway's does).
    func holds(_ left: JSONValue?, _ right: JSONValue?, budget: JSONPathBudget) -> Bool {
        guard budget.spend(steps(left, right)) else { return false }
        return switch self {
        case .equal: Self.equal(left, right)
        case .notEqual: !Self.equal(left, right)
        case .less: Self.less(left, right)
        case .lessOrEqual: Self.less(left, right) || Self.equal(left, right)
        case .greater: Self.less(right, left)
        case .greaterOrEqual: Self.less(right, left) || Self.equal(left, right)
        case .matches(let regex):
            if let text = left.flatMap(JSONExpectation.text(of:)), budget.spendSearching(text, with: regex) { regex.regex.matches(in: text) } else { false }
        case .isIn, .isNotIn:
            if case .array(let elements)? = right {
                if let left { elements.contains { $0.value == left } == isInclusion } else { !isInclusion }
            } else {
                false
            }
        case .subsetOf, .anyOf, .noneOf:
            if case .array(let elements)? = left, case .array(let allowed)? = right {
                switch self {
                case .subsetOf: elements.allSatisfy { element in allowed.contains { $0.value == element.value } }
                case .anyOf: elements.contains { element in allowed.contains { $0.value == element.value } }
                default: !elements.contains { element in allowed.contains { $0.value == element.value } }
                }
            } else {
                false
            }
        case .size:
            if let left, left.isArrayOrString, let length = JSONPathQuery.length(of: left), case .number? = right {
                Self.equal(length, right)
            } else {
                false
            }
        case .empty:
            if let left, left.isArrayOrString, let length = JSONPathQuery.length(of: left), case .bool(let wantsEmpty)? = right {
                (length == .number(JSONNumber(0))) == wantsEmpty
            } else {
                false
            }
        }
    }

    /// What the comparison costs beyond its operands: a comparison with a list taken from the
    /// body four steps per element pair it may compare, as one comparison of two JSON values
    /// takes about four visits' time (audit JP2 #1: `@.k in $.allowed` over 10,000 items took
    /// 37 s; now its 404 comes after 0.4 s); `==` and `!=` a step per element; a regex search is
    /// charged by its text, in its case.
    private func steps(_ left: JSONValue?, _ right: JSONValue?) -> Int {
        switch self {
        case .isIn, .isNotIn, .subsetOf, .anyOf, .noneOf: 4 * Self.listSize(left) * Self.listSize(right)
        case .equal, .notEqual: Self.listSize(left) + Self.listSize(right)
        default: 0
        }
    }

    /// An array's element count, 1 for anything else.
    private static func listSize(_ value: JSONValue?) -> Int {
        if case .array(let elements)? = value { return max(1, elements.count) }
        return 1
    }

    private static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let left?, let right?): left == right
        default: false
        }
    }

    private static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let left)?, .number(let right)?):
            left.isLess(than: right)
        case (.string(let left)?, .string(let right)?):
            left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars) { $0.value < $1.value }
        default:
            false
        }
    }

    /// `in` rather than `nin`.
    private var isInclusion: Bool {
        if case .isIn = self { return true }
        return false
    }
}

extension JSONPathFunctionCall {
    /// What `length`, `count` or `value` gives; `nil` (Nothing) where RFC 9535 says so.
    func value(current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> JSONValue? {
        switch function {
        case .length:
            argumentValue(0, current: current, root: root, budget: budget).flatMap(JSONPathQuery.length(of:))
        case .count:
            .number(JSONNumber(nodes(0, current: current, root: root, budget: budget).count))
        case .value:
            nodes(0, current: current, root: root, budget: budget).onlyElement
        case .match, .search:
            nil
        }
    }

    /// `match` (the whole text) or `search` (anywhere in it); false unless both are strings and
    /// the pattern compiles.
    func isTrue(current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> Bool {
        guard case .string(let text)? = argumentValue(0, current: current, root: root, budget: budget) else { return false }
        let regex: CompiledRegex
        if let compiledPattern {
            regex = compiledPattern
        } else {
            guard case .string(let pattern)? = argumentValue(1, current: current, root: root, budget: budget),
                  let compiled = budget.compiled(pattern, wholeText: function == .match) else { return false }
            regex = compiled
        }
        return budget.spendSearching(text, with: regex) && regex.regex.matches(in: text)
    }

    private func argumentValue(_ position: Int, current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> JSONValue? {
        arguments[position].value(current: current, root: root, budget: budget)
    }

    private func nodes(_ position: Int, current: JSONValue, root: JSONValue, budget: JSONPathBudget) -> [JSONValue] {
        guard case .query(let query) = arguments[position] else { return [] }
        return query.select(current: current, root: root, budget: budget)
    }
}

private extension JSONValue {
    var isArrayOrString: Bool {
        switch self {
        case .array, .string: true
        default: false
        }
    }
}

private extension Array {
    var onlyElement: Element? { count == 1 ? first : nil }
}
