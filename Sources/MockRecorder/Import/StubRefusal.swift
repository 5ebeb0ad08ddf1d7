import MockFixtures

/// Why one stub of another tool is not imported: the key it holds that has no faithful
/// equivalent (as a path into the stub: `request.bodyPatterns[0].matchesJsonPath`) and what to
/// write instead. A stub is imported whole or not at all, so nothing answers differently from
/// what its author wrote without the report saying so.
struct StubRefusal: Error, CustomStringConvertible {
    let key: String
    let reason: String

    init(_ key: String, _ reason: String) {
        self.key = key
        self.reason = reason
    }

    var description: String {
        key.isEmpty ? reason : "\(key): \(reason)"
    }
}

extension StubRefusal {
    /// `name` (written as `value`) when it can name a scenario here, as the loader's rule says
    /// (``ScenarioStep/isValidName(_:)``), else the refusal at `key`.
    static func scenarioName(_ name: String, written value: JSONValue, at key: String) throws(StubRefusal) -> String {
        guard !name.isEmpty, ScenarioStep.isValidName(name) else {
            throw StubRefusal(key, "\(JSONValue.excerpt(value)) cannot name a scenario here (one path segment of /__admin/scenarios/NAME: no '/' or '\\', not '.' or '..')")
        }
        return name
    }
}

extension JSONValue {
    /// A scalar as the text a request would carry: strings as they are, numbers as written,
    /// booleans as words; nil for null, arrays and objects.
    var importedText: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number.literal
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
