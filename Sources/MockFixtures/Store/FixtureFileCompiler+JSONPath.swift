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
                    hint: #"write a query from the body's root (RFC 9535, with Jayway's =~, in, nin, subsetof, anyof, noneof, size, empty and .length()), such as "$.items[0].sku", "$['first name']" or "$.items[?@.qty > 1]""#)
                continue
            }
            guard let expectation = compileExpectation(member.value, partial: partial, place: .member) else { continue }
            if !query.isSingular, let problem = Self.listProblem(expectation) {
                add(.error, at: member.value.position,
                    "requestJsonPath \(JSONValue.excerpt(.string(member.key), limit: 120)) can select several values (it has a wildcard, slice, filter or ..), "
                        + "so it stands for the array of what it selects, which \(problem.message)",
                    hint: #"write {"$includes": [\#(problem.element)]} for "one of them is that", {"$any": true} for "selects something", or a query that names one value, such as $.items[0].sku"#)
                continue
            }
            requirements.append(JSONPathRequirement(query: query, expectation: expectation))
        }
        return requirements.isEmpty ? nil : requirements
    }

    /// Why an expectation cannot be meant for an array (no array meets it, or every array does),
    /// with the element to put in `$includes` instead; `nil` when it can.
    private static func listProblem(_ expectation: JSONExpectation) -> (message: String, element: String)? {
        if let element = neverAList(expectation) { return ("is never \(element.text)", element.json) }
        switch expectation {
        case .not(let inner, _):
            guard let element = neverAList(inner) else { return nil }
            return ("is always anything but \(element.text), so the $not never fails", element.json)
        case .anyOf(let alternatives, _):
            // With {"$absent": true} among them it says "selects nothing", which the importers
            // write for WireMock's `absent` and Mockoon's `null` (audit JP2 #2).
            let elements = alternatives.compactMap(neverAList)
            guard elements.count == alternatives.count else { return nil }
            return ("is none of \(elements.map(\.text).joined(separator: ", "))", elements.map(\.json).joined(separator: ", "))
        default:
            return nil
        }
    }

    /// How an expectation no array can meet reads in a sentence and as JSON, or `nil`.
    private static func neverAList(_ expectation: JSONExpectation) -> (text: String, json: String)? {
        switch expectation {
        case .value(.array): nil
        case .value(let value): (JSONValue.excerpt(value), JSONValue.excerpt(value))
        case .condition(let condition): (condition.expectedValue, condition.json)
        case .object(_, _, let source): (JSONValue.excerpt(source), JSONValue.excerpt(source))
        default: nil
        }
    }
}
