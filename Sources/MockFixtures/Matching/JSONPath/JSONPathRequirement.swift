/// One `requestJsonPath` member: a JSONPath query into the JSON request body, and what it must
/// select, compared as `request` compares values (matchers included).
struct JSONPathRequirement: Sendable {
    let query: JSONPathQuery
    let expectation: JSONExpectation

    enum Selection {
        /// The value itself for a query that selects at most one (`$.customer.id`), an array of
        /// the values for one that can select several (`$.items[*].sku`).
        case value(JSONValue)
        case nothing
        /// The evaluation ran out of its ``JSONPathBudget`` (`limit` steps) before it could tell.
        case stopped(limit: Int)
    }

    /// What the query selects in `body`, which arrived as `bodyBytes` bytes (the budget grows
    /// with it).
    func selection(in body: JSONValue, bodyBytes: Int) -> Selection {
        let budget = JSONPathBudget.forBody(bytes: bodyBytes)
        let values = query.select(current: body, root: body, budget: budget)
        if budget.isExhausted { return .stopped(limit: budget.limit) }
        guard let first = values.first else { return .nothing }
        return .value(query.isSingular ? first : .makeArray(values))
    }
}
