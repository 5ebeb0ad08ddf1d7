/// A delay added to every answer the mock gives (`mockserver --delay`, `PUT /__admin/settings`),
/// on top of an entry's own: a fixed number of milliseconds, a uniform range, or a log-normal
/// distribution, written as an entry's `"delay"` is.
///
/// ```swift
/// var options = MockEngineOptions()
/// options.delay = try AnswerDelay(parsing: "100-400")                        // uniform
/// options.delay = try AnswerDelay(parsing: #"{"median": 80, "sigma": 0.4}"#)   // log-normal
/// ```
public struct AnswerDelay: Sendable, Equatable, CustomStringConvertible {
    let distribution: EntryDelay

    init(_ distribution: EntryDelay) {
        self.distribution = distribution
    }

    /// `300` (milliseconds), `100-400` (uniform), or JSON as a fixture entry's `"delay"`:
    /// `{"min": 100, "max": 400}`, `{"median": 80, "sigma": 0.4, "max": 2000}`.
    public init(parsing text: String) throws(AnswerDelayError) {
        let trimmed = text.trimmingSpaces()
        var json = String(trimmed)
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            json = #"{"min": \#(parts[0]), "max": \#(parts[1])}"#
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(Array(json.utf8))
        } catch {
            throw AnswerDelayError("\(JSONValue.excerpt(.string(String(trimmed)))) is not a delay", hint: Self.forms)
        }
        let compiled = Self.compile(document.root)
        guard let delay = compiled.delay else {
            throw AnswerDelayError(compiled.problem ?? "\(JSONValue.excerpt(.string(String(trimmed)))) is not a delay", hint: compiled.hint ?? Self.forms)
        }
        self = delay
    }

    static let forms = #"write milliseconds (300), a range (100-400), or a log-normal {"median": 80, "sigma": 0.4}"#

    /// An entry's `"delay"` rules, for a JSON value: the delay, or the first problem and its hint.
    static func compile(_ node: JSONNode) -> (delay: AnswerDelay?, problem: String?, hint: String?) {
        var compiler = FixtureFileCompiler(relativePath: "", subject: "the delay")
        let delay = compiler.compileDelay(node)
        if let problem = compiler.output.problems.first(where: { $0.severity == .error }) {
            return (nil, problem.message, problem.hint)
        }
        return (delay.map(AnswerDelay.init), nil, nil)
    }

    /// The milliseconds for one answer.
    func pick() -> Int { distribution.pick() }

    /// As an entry's `"delay"` writes it.
    public var description: String { distribution.json.compactText }

    var json: JSONValue { distribution.json }
}

/// Why a value given for every answer (a delay, a header) cannot be used: what is wrong and
/// what to write instead.
public struct AnswerSettingError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let hint: String

    init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    public var description: String { "\(message); \(hint)" }
}

/// Why a delay cannot be used.
public typealias AnswerDelayError = AnswerSettingError
