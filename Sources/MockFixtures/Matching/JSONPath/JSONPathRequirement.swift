/// One `requestJsonPath` member: a JSONPath query into the JSON request body, and what it must
/// select, compared as `request` compares values (matchers included).
struct JSONPathRequirement: Sendable {
    let query: JSONPathQuery
    let expectation: JSONExpectation

    /// What the query selects in `body`: the value itself for a query that selects at most one
    /// (`$.customer.id`), an array of the values for one that can select several
    /// (`$.items[*].sku`); `nil` when it selects nothing.
    func selection(in body: JSONValue) -> JSONValue? {
        let values = query.select(from: body)
        guard let first = values.first else { return nil }
        return query.isSingular ? first : .makeArray(values)
    }
}
