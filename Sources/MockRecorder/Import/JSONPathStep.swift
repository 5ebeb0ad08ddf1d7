import MockFixtures

/// One step of a plain JSONPath (`$.items[0].sku`, `$['a.b']`): a member name or an array
/// index. Filters, wildcards, slices and recursive descent have no equivalent and are refused.
enum JSONPathStep: Equatable {
    case member(String)
    case index(Int)

    struct Refusal: Error {
        let reason: String
    }

    static func parse(_ expression: String) throws(Refusal) -> [JSONPathStep] {
        guard expression.hasPrefix("$") else {
            throw Refusal(reason: "is not a JSONPath starting with '$'")
        }
        var steps: [JSONPathStep] = []
        var rest = expression.dropFirst()
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                if rest.first == "." { throw Refusal(reason: "uses recursive descent ('..'), which has no equivalent; name each step") }
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty, name != "*" else { throw Refusal(reason: "uses a wildcard or an empty step, which has no equivalent; name each step") }
                if name.hasSuffix(")") {
                    // `length()`, `size()`, `keys()`…: a function, not a member (audit I2).
                    throw Refusal(reason: "calls the JSONPath function \(name), which has no equivalent here")
                }
                steps.append(.member(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { throw Refusal(reason: "has an unclosed '['") }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let quote = inside.first, quote == "'" || quote == "\"", inside.count >= 2, inside.last == quote {
                    let name = inside.dropFirst().dropLast()
                    guard !name.contains(quote) else { throw Refusal(reason: "has a bracketed name holding its own quote") }
                    steps.append(.member(String(name)))
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else {
                    throw Refusal(reason: "uses '[\(inside)]' (a filter, wildcard, slice or union), which has no equivalent; write the condition as a partial \"request\" body, or a handler in Swift")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                throw Refusal(reason: "has '\(first)' where a '.' or '[' should be")
            }
        }
        return steps
    }

    /// The member names of a plain member path (`$.card.number` → `card`, `number`), or the
    /// refusal at `key` saying what makes it none: an array element (also a name of digits, with
    /// `digitsAreIndexes`, as Mockoon reads `items.0`), a filter, recursive descent. May be empty
    /// (`$`), which each caller refuses in its own words.
    static func memberNames(_ expression: String, written: String? = nil, at key: String, digitsAreIndexes: Bool = false) throws(StubRefusal) -> [String] {
        let shown = written ?? expression
        let steps: [JSONPathStep]
        do {
            steps = try parse(expression)
        } catch {
            throw StubRefusal(key, "\"\(shown)\" \(error.reason)")
        }
        var names: [String] = []
        for step in steps {
            guard case .member(let name) = step, !(digitsAreIndexes && name.allSatisfy(\.isNumber)) else {
                throw StubRefusal(key, "\"\(shown)\" names an array element; arrays compare whole here (write the array as {\"$includes\": […]} in a partial body)")
            }
            names.append(name)
        }
        return names
    }

    /// `{{body…}}`'s inside for `steps`: `body.a[0].b`, `body['a.b']`.
    static func bodyPlaceholder(_ steps: [JSONPathStep]) -> String {
        var text = "body"
        for step in steps {
            switch step {
            case .index(let index):
                text += "[\(index)]"
            case .member(let name):
                let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
                    && !name.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
                text += plain ? ".\(name)" : "['" + name.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "']"
            }
        }
        return text
    }
}
