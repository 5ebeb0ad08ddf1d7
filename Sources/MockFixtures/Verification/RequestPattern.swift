/// A verification pattern: `{"method": "POST", "path": "/api/1.0/people/", "request": {…},
/// "query": {…}, "requestHeaders": {…}}`, every key optional. `request`, `requestMatch`,
/// `query`, `queryMatch`, `requestHeaders` and `pathParameters` mean exactly what they mean in a fixture
/// entry, and are checked by the same matcher. `path` may have `{name}` segments
/// (`/people/{id}`), which match any one segment and give `pathParameters` their values, or be
/// a `$regex` or `$contains` matcher over the decoded path (`{"$regex": "^/api/v2/"}`: every
/// request under a prefix).
struct RequestPattern: Sendable {
    static let knownKeys = ["method", "path", "request", "requestMatch", "requestBody", "query", "queryMatch", "requestHeaders", "requestCookies", "pathParameters", "requestJsonPath"]
    static let example = #"{"method": "POST", "path": "/api/1.0/people/", "request": {"name": "Rey"}}"#

    /// Upper-cased; `nil` matches any method.
    let method: String?
    /// The decoded path as given, and its segments (trailing slash ignored); `nil` matches any path.
    let path: (shown: String, template: PathTemplate)?
    /// `path` written as a `$regex` or `$contains` matcher, checked against the decoded path.
    let pathCondition: TextCondition?
    let constraints: RequestConstraints

    /// Compiles a pattern, or returns the sentence that says what is wrong with it (naming the key).
    static func compile(_ document: JSONDocument) -> Result<RequestPattern, PatternError> {
        guard case .object(let members) = document.root.value else {
            return .failure(PatternError("the pattern is \(document.root.value.kindNameWithArticle)", hint: "send an object such as \(example)"))
        }
        if let duplicate = document.duplicateKeys.first {
            // Only the last value would count: the other half of what the test asked for is lost.
            return .failure(PatternError("\(duplicate.position): the key \(JSONValue.excerpt(.string(duplicate.key))) is given twice (first at \(duplicate.firstPosition))", hint: "give each key once; only the last value would count"))
        }
        // Header names are case-insensitive: `X-I` and `x-i` are one key given twice, which a
        // fixture only warns about, but a pattern would silently check the last one only.
        if let headers = members.last(where: { $0.key == "requestHeaders" })?.value.value.objectMembers {
            var seen: [String: JSONMember] = [:]
            for header in headers {
                if let first = seen[header.key.lowercased()] {
                    return .failure(PatternError("\(header.keyPosition): the header \(JSONValue.excerpt(.string(header.key))) in requestHeaders is also given as "
                        + "\(JSONValue.excerpt(.string(first.key))) (first at \(first.keyPosition)); header names are case-insensitive",
                        hint: "give each header once; only the last value would count"))
                }
                seen[header.key.lowercased()] = header
            }
        }
        var compiler = FixtureFileCompiler(relativePath: "", subject: "the pattern", pathParameterNames: nil)
        let fields = compiler.compileConstraints(members)
        var method: String?
        var path: (shown: String, template: PathTemplate)?
        var pathCondition: TextCondition?
        for member in members where !FixtureFileCompiler.constraintKeys.contains(member.key) {
            switch member.key {
            case "method":
                // `ANY` counts every method, as leaving `method` out does.
                method = compiler.compileMethod(member.value).flatMap { $0 == IncomingRequest.anyMethod ? nil : $0 }
            case "path":
                if case .object = member.value.value {
                    // A matcher over the whole decoded path: every request under a prefix.
                    guard case .condition(let condition)? = compiler.compileExpectation(member.value, partial: false, place: .member) else {
                        if let problem = compiler.output.problems.first(where: { $0.severity == .error }) {
                            return .failure(PatternError(problem.positionedMessage, hint: problem.hint))
                        }
                        return .failure(PatternError("\"path\" as an object must be a $regex or $contains matcher, found \(JSONValue.excerpt(member.value.value))",
                                                     hint: #"write {"path": {"$regex": "^/api/v2/"}} for every path under /api/v2/, or give the path as a string"#))
                    }
                    pathCondition = condition
                    continue
                }
                guard case .string(let text) = member.value.value else {
                    return .failure(PatternError("\"path\" must be a string, found \(compiler.describe(member.value.value))", hint: "give the path as a string, such as \"/api/1.0/people/\""))
                }
                switch RequestTarget.parse(writtenPath: text) {
                case .success(let target) where target.query == nil:
                    let template = PathTemplate(key: target.lookupKey)
                    // Braces that make no parameter would be compared literally and count nothing.
                    if let problem = MockEngine.runtimePathProblem(template, path: text) {
                        return .failure(PatternError(problem.error, hint: problem.hint))
                    }
                    path = (text, template)
                case .success:
                    return .failure(PatternError("\"path\" \(JSONValue.excerpt(.string(text))) has a query", hint: "give the path alone and the parameters in \"query\", e.g. {\"path\": \"/search\", \"query\": {\"q\": \"luke\"}}"))
                case .failure(let rejection):
                    return .failure(PatternError("\"path\" \(JSONValue.excerpt(.string(text))) is not a usable request path: \(rejection.description)", hint: "write the decoded path, e.g. \"/api/1.0/people/\""))
                }
            default:
                var hint = "the keys are " + knownKeys.joined(separator: ", ")
                if let suggestion = EditDistance.closest(to: member.key, among: knownKeys, maximumDistance: 2) {
                    hint = "did you mean \"\(suggestion)\"?"
                } else if let ours = OtherToolKeys.pattern[member.key] {
                    hint = "another tool's key: " + ours
                }
                return .failure(PatternError("unknown key \(JSONValue.excerpt(.string(member.key))) in the pattern", hint: hint))
            }
        }
        compiler.checkPathParameterNames(fields.pathParameterMembers, against: path?.template.parameterNames ?? [],
                                         hint: #"give "path" a {name} segment for it, such as "/people/{id}""#)
        if let problem = compiler.output.problems.first(where: { $0.severity == .error }) {
            return .failure(PatternError(problem.positionedMessage, hint: problem.hint))
        }
        return .success(RequestPattern(method: method, path: path, pathCondition: pathCondition,
                                       constraints: fields.constraints(method: method)))
    }

    /// How a recorded request compares with the pattern.
    struct Comparison {
        var methodDiffers = false
        var pathDiffers = false
        /// Every reason it does not fit (empty when it does), worded like the 404 diagnostics.
        var reasons: [String] = []
    }

    func compare(with exchange: JournalRecord) -> Comparison {
        var comparison = Comparison()
        if let method, method != exchange.method {
            comparison.methodDiffers = true
            var reason = "method is \(exchange.method), expected \(method)"
            if equalsIgnoringASCIICase(method, exchange.method) {
                reason += " (methods are case-sensitive; the app sent \(exchange.method))"
            }
            comparison.reasons.append(reason)
        }
        guard case .success(let target) = RequestTarget.parse(exchange.target) else {
            if path != nil || pathCondition != nil || !constraints.isWildcard {
                comparison.pathDiffers = true
                comparison.reasons.append("the request target \(EntryMatcher.quoted(exchange.target)) was refused, so it has no path to compare")
            }
            return comparison
        }
        var request = IncomingRequest(method: exchange.method, target: target, headers: HeaderList(fields: exchange.headers), body: exchange.body)
        if let pathCondition, !pathCondition.matches(target.path) {
            comparison.pathDiffers = true
            comparison.reasons.append("path is \(target.path), expected \(pathCondition.expectation)")
        }
        if let path {
            if let values = path.template.match(target.lookupKey) {
                request.pathParameters = PathParameters(names: path.template.parameterNames, values: values)
            } else {
                comparison.pathDiffers = true
                comparison.reasons.append("path is \(target.path), expected \(path.shown)")
                // Its parameters have no values to compare.
                if constraints.pathParameters != nil { return comparison }
            }
        }
        let constraintReasons = EntryMatcher.constraintReasons(constraints, &request, requestIsTheBody: true)
        guard exchange.isBodyTruncated, constraints.request != nil || constraints.jsonPaths != nil else {
            comparison.reasons.append(contentsOf: constraintReasons)
            return comparison
        }
        // A cut body cannot be compared: its reasons would say it differs (or is not JSON) when
        // only the cut does. The rest is compared as usual; the body gets the cut's note instead.
        let withoutBody = RequestConstraints(method: constraints.method, request: nil, query: constraints.query,
                                             requiredHeaders: constraints.requiredHeaders, pathParameters: constraints.pathParameters,
                                             cookies: constraints.cookies, requiresBody: constraints.requiresBody)
        // Never counted either, even when the cut part fits: `{"$regex": "^[^K]*$"}` held for the
        // first 64 KiB of a body with a K after them (audit JP2 #5).
        let otherReasons = EntryMatcher.constraintReasons(withoutBody, &request, requestIsTheBody: true)
        comparison.reasons.append(contentsOf: otherReasons)
        comparison.reasons.append("the journal kept only \(exchange.body.count) of the body's \(exchange.bodySize) bytes; raise --journal-body-limit to compare whole bodies")
        return comparison
    }
}

/// Why a pattern (or a handler's path) cannot be used, as one sentence.
package struct PatternError: Error {
    /// What is wrong.
    package let message: String
    /// What to send instead.
    package let hint: String
    init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }
}
