extension HTTPHeader {
    /// A header added to every answer that does not set it (`mockserver --response-header
    /// 'X-Powered-By: mockserver'`, ``MockEngineOptions/answerHeaders``): `Name: value`, held to
    /// the rules of a fixture's `headers`, and to none it would ignore (`Date`) or that no
    /// answer lacks (`Content-Type`).
    ///
    /// ```swift
    /// var options = MockEngineOptions()
    /// options.answerHeaders = [try HTTPHeader(parsingAnswerHeader: "X-Environment: mock")]
    /// ```
    public init(parsingAnswerHeader line: String) throws(AnswerHeaderError) {
        let example = "write it as 'Name: value', such as 'X-Powered-By: mockserver'"
        guard let colon = line.firstIndex(of: ":") else {
            throw AnswerHeaderError("\(JSONValue.excerpt(.string(line))) has no ':' between a header name and its value", hint: example)
        }
        let name = String(line[..<colon])
        let value = String(line[line.index(after: colon)...].trimmingSpaces())
        guard HTTPToken.isValid(name) else {
            throw AnswerHeaderError("\(JSONValue.excerpt(.string(name))) is not a header name", hint: "use letters, digits and '-' before the ':'; " + example)
        }
        switch name.lowercased() {
        case "content-type", "date":
            throw AnswerHeaderError("\(name) cannot be added to every answer: \(name.lowercased() == "date" ? "the server adds it itself" : "each answer has its own")",
                                    hint: "set it in the entries' \"headers\"")
        default:
            break
        }
        // The rules and sentences of a fixture's `headers`.
        var compiler = FixtureFileCompiler(relativePath: "", subject: "the header")
        let object = JSONNode(.object([JSONMember(key: name, keyPosition: JSONPosition(line: 1, column: 1), value: JSONNode(.string(value)))]))
        let headers = compiler.compileResponseHeaders(object)
        if let problem = compiler.output.problems.first {
            throw AnswerHeaderError(problem.message, hint: problem.hint)
        }
        guard let header = headers.first else {
            throw AnswerHeaderError("\(JSONValue.excerpt(.string(line))) is not a header", hint: example)
        }
        self = header
    }
}

/// Why a `Name: value` cannot be added to every answer.
public typealias AnswerHeaderError = AnswerSettingError
