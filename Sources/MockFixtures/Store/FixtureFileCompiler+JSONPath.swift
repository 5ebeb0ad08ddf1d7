/// `requestJsonPath`: JSONPath queries into the JSON request body, each with what it must select.
extension FixtureFileCompiler {
    /// Compiles `{"$.items[0].sku": "A1", "$.items[?@.qty > 1]": {"$any": true}}`; `nil` when
    /// absent, empty or wrong (after an error naming the query and the offset).
    mutating func compileJSONPaths(_ node: JSONNode, partial: Bool) -> [JSONPathRequirement]? {
        guard case .object(let members) = node.value else {
            if node.value != .null {
                add(.error, at: node.position, "requestJsonPath must be an object of JSONPath queries to what they select, found \(describe(node.value))",
                    hint: #"write it as {"$.items[0].sku": "A1", "$.items[?@.qty > 1]": {"$any": true}}"#)
            }
            return nil
        }
        var requirements: [JSONPathRequirement] = []
        for member in members {
            let query: JSONPathQuery
            do {
                query = try JSONPathQuery(member.key)
            } catch {
                add(.error, at: member.keyPosition,
                    "requestJsonPath \(JSONValue.excerpt(.string(member.key), limit: 120)) is not a JSONPath query: at offset \(error.offset), \(error.message)",
                    hint: #"write a query from the body's root (RFC 9535, with Jayway's =~, in, nin and .length()), such as "$.items[0].sku", "$['first name']" or "$.items[?@.qty > 1]""#)
                continue
            }
            guard let expectation = compileExpectation(member.value, partial: partial, place: .member) else { continue }
            if !query.isSingular, let expected = Self.neverAList(expectation) {
                add(.error, at: member.value.position,
                    "requestJsonPath \(JSONValue.excerpt(.string(member.key), limit: 120)) can select several values (it has a wildcard, slice, filter or ..), "
                        + "so it stands for the array of what it selects, which is never \(expected)",
                    hint: #"write {"$includes": [\#(expected)]} for "one of them is \#(expected)", {"$any": true} for "selects something", or a query that names one value, such as $.items[0].sku"#)
                continue
            }
            requirements.append(JSONPathRequirement(query: query, expectation: expectation))
        }
        return requirements.isEmpty ? nil : requirements
    }

    /// How an expectation that no array can meet reads, or `nil` when an array can meet it.
    private static func neverAList(_ expectation: JSONExpectation) -> String? {
        switch expectation {
        case .value(.array): nil
        case .value(let value): JSONValue.excerpt(value)
        case .condition(let condition): condition.expectedValue
        case .object(_, _, let source): JSONValue.excerpt(source)
        default: nil
        }
    }
}
