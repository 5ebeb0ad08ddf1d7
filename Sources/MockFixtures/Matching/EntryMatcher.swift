/// Decides which entry of a fixture file answers a request, whether a recorded request fits a
/// verification pattern, and explains misses — the same checks for all three.
enum EntryMatcher {
    /// The entry to answer with: the first constrained entry that matches, else the first matching
    /// wildcard — in the lowest `priority` group that has a match, when `priorityGroups` ranks the
    /// entries. `nil` when none matches. Entries with `times` that are used up, and entries whose
    /// scenario is in another state, do not match; the one chosen counts its answer and moves its
    /// scenario on, atomically — except for a HEAD a GET entry answers, which gets what a GET
    /// would get and changes nothing (HEAD is safe, RFC 9110 §9.2.1: a link checker or a download
    /// manager's HEAD must not use up the answer the app's GET is meant to get).
    ///
    /// Without `counting` nothing is used up or moved either: the entry that would answer, for
    /// the length a fixture `304` states.
    static func select(from entries: [FixtureEntry], priorityGroups: PriorityGroups?, for request: inout IncomingRequest, scenarios: ScenarioTable,
                       counting: Bool = true) -> FixtureEntry? {
        guard let priorityGroups else { return select(from: entries, for: &request, scenarios: scenarios, counting: counting) }
        for group in priorityGroups.groups {
            if let entry = select(from: group, for: &request, scenarios: scenarios, counting: counting) { return entry }
        }
        return nil
    }

    private static func select(from entries: [FixtureEntry], for request: inout IncomingRequest, scenarios: ScenarioTable, counting: Bool) -> FixtureEntry? {
        for entry in entries where !entry.isWildcard && request.accepts(entryMethod: entry.method) {
            if constraintsMatch(entry.constraints, &request), hasItsFile(entry, &request), claim(entry, for: request, scenarios, counting: counting) {
                return entry
            }
        }
        for entry in entries where entry.isWildcard && request.accepts(entryMethod: entry.method)
            && hasItsFile(entry, &request) && claim(entry, for: request, scenarios, counting: counting) {
            return entry
        }
        return nil
    }

    /// Whether an entry whose templated `responseFile` chooses the file per request has one for
    /// this request: one that has none does not match, so it uses up no `times`, moves no
    /// scenario, and the 404 lists it with the reason (audit R19).
    @inline(__always)
    private static func hasItsFile(_ entry: FixtureEntry, _ request: inout IncomingRequest) -> Bool {
        guard let template = entry.delivery?.template, template.choosesFile else { return true }
        return template.missingFile(for: &request) == nil
    }

    /// Counts the answer (and moves the scenario on) if the entry may still answer; for a HEAD a
    /// GET entry answers, only checks that it may (and marks it used: it did answer). Without
    /// `counting` it only checks, and marks nothing.
    private static func claim(_ entry: FixtureEntry, for request: IncomingRequest, _ scenarios: ScenarioTable, counting: Bool) -> Bool {
        guard counting else {
            guard let step = entry.scenario else { return entry.usage.mayAnswer }
            return scenarios.claim(step, usage: entry.usage, counting: false, marking: false)
        }
        let counts = !((entry.method == "GET" || entry.method == IncomingRequest.anyMethod) && request.isHead)
        guard let step = entry.scenario else { return counts ? entry.usage.claim() : entry.usage.admitsWithoutCounting() }
        return scenarios.claim(step, usage: entry.usage, counting: counts)
    }

    /// Every reason `entry` does not match (empty when it does).
    static func reasons(_ entry: FixtureEntry, _ request: inout IncomingRequest, scenarios: ScenarioTable) -> [String] {
        var reasons: [String] = []
        if !request.accepts(entryMethod: entry.method) {
            var reason = entry.method == IncomingRequest.anyMethod
                ? "method differs: an ANY entry answers every method but OPTIONS and CONNECT (write an entry for those)"
                : "method differs: entry expects \(entry.method), request is \(request.method)"
            if let spelled = request.methodInAnotherCase(acceptedBy: entry.method) {
                reason += " (" + IncomingRequest.caseSensitiveMethodNote(sent: request.method, expected: spelled) + ")"
            }
            reasons.append(reason)
        }
        reasons.append(contentsOf: constraintReasons(entry.constraints, &request))
        if let template = entry.delivery?.template, let (path, choice) = template.missingFile(for: &request) {
            let count = choice.bodies.count
            reasons.append("responseFile \(quoted(choice.written)) names \(quoted(path)) for this request, which is not among the \(count) file\(count == 1 ? "" : "s") it was loaded with"
                + (count == 0 ? "" : " (\(choice.files.prefix(5).joined(separator: ", "))\(count > 5 ? ", …" : ""))"))
        }
        if let limit = entry.usage.limit {
            let answered = entry.usage.answeredCount
            if answered >= limit {
                reasons.append("entry used up: it answers \(limit) time\(limit == 1 ? "" : "s") and has answered \(answered) (POST /__admin/reset starts counting again)")
            }
        }
        if let step = entry.scenario, let required = step.requiredState {
            let current = scenarios.state(of: step.name)
            if current != required {
                reasons.append("scenario \(singleQuoted(step.name)) is in state \(singleQuoted(current)), entry needs \(singleQuoted(required))")
            }
        }
        return reasons
    }

    /// Every reason a request does not fit `constraints` (the method is the caller's to compare).
    /// `requestIsTheBody` for a verification pattern (``RequestConstraints/methodsWhoseRequestIsTheBody``).
    static func constraintReasons(_ constraints: RequestConstraints, _ request: inout IncomingRequest, requestIsTheBody: Bool = false) -> [String] {
        var collector = ReasonCollector(explain: true)
        collectConstraintReasons(constraints, &request, requestIsTheBody: requestIsTheBody, into: &collector)
        return collector.reasons
    }

    /// Whether the request fits `constraints`; stops at the first failure and formats no
    /// sentences, so selecting among many entries stays cheap.
    static func constraintsMatch(_ constraints: RequestConstraints, _ request: inout IncomingRequest) -> Bool {
        if constraints.isWildcard { return true }
        var collector = ReasonCollector(explain: false)
        collectConstraintReasons(constraints, &request, requestIsTheBody: false, into: &collector)
        return !collector.failed
    }

    private static func collectConstraintReasons(_ constraints: RequestConstraints, _ request: inout IncomingRequest, requestIsTheBody: Bool,
                                                 into collector: inout ReasonCollector) {
        for requirement in constraints.requiredHeaders {
            let actual = request.headerValue(requirement.lowercasedName)
            guard !requirement.expectation.isSatisfied(bySingle: actual) else { continue }
            let name = "header '\(requirement.lowercasedName)'"
            collector.add(actual.map { "\(name) is \(quoted($0)), expected \(requirement.expectation.expectedPhrase)" }
                ?? "\(name) is missing (expected \(requirement.expectation.expectedText))")
            if collector.isDone { return }
        }
        if let cookies = constraints.cookies {
            let jar = RequestCookies(request.headerValue("cookie"))
            collectParameterReasons(cookies, label: "cookie", into: &collector) { jar.values(for: $0) }
            if collector.isDone { return }
        }
        for parameter in constraints.pathParameters ?? [] {
            let value = request.pathParameters.value(named: parameter.name)
            guard !parameter.expectation.isSatisfied(bySingle: value) else { continue }
            collector.add(parameterReason(label: "path parameter", name: parameter.name, values: value.map { [String($0)] } ?? [],
                                          expectation: parameter.expectation))
            if collector.isDone { return }
        }
        if let query = constraints.query {
            let parameters = request.query()
            collectParameterReasons(query.parameters, label: "query parameter", into: &collector) { parameters.values(for: $0) }
            if collector.isDone { return }
            if query.onlyNamed {
                // `request` names query parameters only where it is compared with them: a
                // body-less request to an entry, not a POST, PUT or PATCH pattern's body.
                let requestReadsQuery = request.body.isEmpty && !isTheBody(requestIsTheBody, request) && !constraints.requiresBody
                collectUnexpectedQueryReasons(query, bodyRequirement: requestReadsQuery ? constraints.request : nil, parameters, into: &collector)
                if collector.isDone { return }
            }
        }
        if constraints.requiresBody, request.body.isEmpty {
            collector.add("request has no body, but the entry expects one (\"requestBody\": \"required\")")
            return
        }
        if let expected = constraints.request {
            collectRequestReasons(expected, &request, bodyOnly: requestIsTheBody, into: &collector)
            if collector.isDone { return }
        }
        if let jsonPaths = constraints.jsonPaths {
            collectJSONPathReasons(jsonPaths, &request, into: &collector)
        }
    }

    /// `requestJsonPath`: each query must select what its entry says from a JSON body (whatever
    /// its `Content-Type`, as WireMock's `matchesJsonPath` reads it: JSON sent as a form is still
    /// JSON here).
    private static func collectJSONPathReasons(_ requirements: [JSONPathRequirement], _ request: inout IncomingRequest,
                                               into collector: inout ReasonCollector) {
        let body: JSONValue
        let query = quoted(requirements[0].query.source)
        switch request.bodyContent() {
        case .json(let parsed):
            body = parsed
        case .none:
            collector.add("request has no body, but requestJsonPath \(query) looks into a JSON body")
            return
        case .notJSON(let error):
            collector.add("request body is not JSON (\(error.description)), so requestJsonPath \(query) cannot look into it")
            return
        case .form, .multipart, .malformedMultipart:
            guard let parsed = try? JSONParser.parse(request.body).root.value else {
                let kind = request.bodyContent().isForm ? "a form (application/x-www-form-urlencoded)" : "multipart/form-data"
                collector.add("request body is \(kind), not JSON, so requestJsonPath \(query) cannot look into it")
                return
            }
            body = parsed
        }
        for requirement in requirements {
            let source = requirement.query.source
            switch requirement.selection(in: body, bodyBytes: request.body.count) {
            case .value(let selection):
                if case .absent = requirement.expectation {
                    collector.add("body at \(source) must select nothing, got \(JSONValue.excerpt(selection))")
                } else if collector.explain {
                    if let difference = requirement.expectation.firstDifference(from: selection, at: source) { collector.add("body differs \(difference)") }
                } else if !requirement.expectation.matches(selection) {
                    collector.add("")
                }
            case .nothing:
                if !requirement.expectation.acceptsMissing {
                    collector.add("body at \(source) selects nothing (expected \(requirement.expectation.expectedText))")
                }
            case .stopped(let limit):
                collector.add("body at \(source): the query stopped after \(limit) steps without an answer, so it does not match; "
                    + (requirement.query.searchesInsideFilters
                        ? "a filter that searches the whole body (.. or $ inside [?…]) for each element takes steps growing with the square of the body: name the members it looks at instead"
                        : "a step is a value visited or compared, and the body allows 2,000,000 plus 2 a byte: a filter with fewer terms, or fewer values to look at, fits"))
            }
            if collector.isDone { return }
        }
    }

    /// `"queryMatch": "exact"`: every parameter sent must be one the entry names — in `query`, or
    /// in `request` when a request without a body has its `request` compared with the query.
    private static func collectUnexpectedQueryReasons(_ query: QueryRequirement, bodyRequirement: RequestConstraints.BodyRequirement?,
                                                      _ sent: QueryParameters, into collector: inout ReasonCollector) {
        var reported: Set<String> = []
        for parameter in sent.parameters where !reported.contains(parameter.name) {
            guard !query.parameters.contains(where: { $0.name == parameter.name }),
                  !(bodyRequirement?.parameters?.contains { $0.name == parameter.name } ?? false) else { continue }
            reported.insert(parameter.name)
            // A few by name; a request with hundreds of stray parameters gets a count, not a
            // 404, log line and journal record of kilobytes each.
            if reported.count <= Self.unexpectedQueryNamesShown {
                collector.add("unexpected query parameter '\(parameter.name)' (\"queryMatch\": \"exact\" allows \(allowedQueryNames(query, bodyRequirement)))")
            }
            if collector.isDone { return }
        }
        if reported.count > Self.unexpectedQueryNamesShown {
            collector.add("and \(reported.count - Self.unexpectedQueryNamesShown) more unexpected query parameters")
        }
    }

    /// How many stray parameters a near miss names before it counts the rest.
    static let unexpectedQueryNamesShown = 5

    private static func allowedQueryNames(_ query: QueryRequirement, _ bodyRequirement: RequestConstraints.BodyRequirement?) -> String {
        let names = query.parameters.map(\.name) + (bodyRequirement?.parameters?.map(\.name) ?? [])
        return names.isEmpty ? "no query parameters" : "only " + names.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func collectRequestReasons(_ expected: RequestConstraints.BodyRequirement, _ request: inout IncomingRequest, bodyOnly: Bool,
                                              into collector: inout ReasonCollector) {
        if case .absent = expected.json {
            // `"request": {"$absent": true}`: no body at all, whatever the query.
            if !request.body.isEmpty {
                collector.add("request has a body of \(request.body.count) byte\(request.body.count == 1 ? "" : "s"), but none is expected (\"request\": {\"$absent\": true})")
            }
            return
        }
        switch request.bodyContent() {
        case .none where expected.textCondition != nil && !isTheBody(bodyOnly, request):
            // A body-less request's text is empty: `{"$regex": ".*"}` holds, `{"$contains": "x"}`
            // does not (audit I2: WireMock's `matches: ".*"` answers a POST without a body).
            collectBodyTextReasons(expected.textCondition!, [], into: &collector)
        case .none:
            guard let parameters = expected.parameters else {
                collector.add("request has no body but the entry expects a JSON body")
                return
            }
            if isTheBody(bodyOnly, request) {
                collector.add("request has no body, but the pattern expects one (for POST, PUT and PATCH a pattern's \"request\" is the body; match query parameters with \"query\")")
                return
            }
            let firstReason = collector.reasons.count
            let query = request.query()
            collectParameterReasons(parameters, label: "query parameter", into: &collector) { query.values(for: $0) }
            if collector.explain, collector.reasons.count > firstReason,
               RequestConstraints.methodsWhoseRequestIsTheBody.contains(request.method) {
                collector.reasons.insert("request has no body, so the entry's \"request\" was compared with its query parameters", at: firstReason)
            }
        case .form where expected.textCondition != nil, .notJSON where expected.textCondition != nil:
            // A `$regex` or `$contains` standing for the whole body searches its text: XML, SOAP,
            // plain text, a form as sent.
            collectBodyTextReasons(expected.textCondition!, request.body, into: &collector)
        case .json where expected.textCondition != nil && !Self.declaresJSON(request):
            // Text that happens to parse as JSON (`"hi"` sent as text/plain) is still text.
            collectBodyTextReasons(expected.textCondition!, request.body, into: &collector)
        case .form(let fields):
            guard let parameters = expected.parameters else {
                collector.add("request body is a form (application/x-www-form-urlencoded), but the entry expects the JSON body \(JSONValue.excerpt(expected.source))")
                return
            }
            collectParameterReasons(parameters, label: "form field", into: &collector) { fields.values(for: $0) }
        case .multipart(let form):
            guard let parameters = expected.parameters else {
                collector.add("request body is multipart/form-data, but the entry expects the JSON body \(JSONValue.excerpt(expected.source))")
                return
            }
            collectMultipartReasons(parameters, form, into: &collector)
        case .malformedMultipart(let error):
            collector.add("request body is malformed multipart/form-data: \(error.description)")
        case .json(let body):
            if collector.explain {
                if let difference = expected.json.firstDifference(from: body) { collector.add("body differs \(difference)") }
            } else if !expected.json.matches(body) {
                collector.add("")
            }
        case .notJSON(let error):
            collector.add("request body is not JSON (\(error.description)), so it cannot equal the entry's request")
        }
    }

    /// Whether a pattern's `request` stands for the body alone: for POST, PUT and PATCH when
    /// verifying (``RequestConstraints/methodsWhoseRequestIsTheBody``), never for an entry.
    private static func isTheBody(_ requestIsTheBody: Bool, _ request: IncomingRequest) -> Bool {
        requestIsTheBody && RequestConstraints.methodsWhoseRequestIsTheBody.contains(request.method)
    }

    /// Whether the request says its body is JSON (`application/json`, `…+json`), or says nothing
    /// (a body without a type that parses as JSON is read as JSON, as everywhere else).
    private static func declaresJSON(_ request: IncomingRequest) -> Bool {
        guard let contentType = request.headerValue("content-type") else { return true }
        return MediaType.isJSON(contentType)
    }

    /// A text condition on a body that is not JSON: the body must be UTF-8 text that satisfies it.
    private static func collectBodyTextReasons(_ condition: TextCondition, _ body: [UInt8], into collector: inout ReasonCollector) {
        guard let text = String(validating: body, as: UTF8.self) else {
            collector.add("request body is not UTF-8 text, so it cannot be \(condition.expectedValue)")
            return
        }
        guard !condition.matches(text) else { return }
        collector.add("request body is \(JSONValue.excerpt(.string(text))), expected it \(condition.expectation(for: text))")
    }

    /// Compares named expectations with the occurrences `values(name)` of query parameters, form
    /// fields, path parameters or multipart parts' texts.
    private static func collectParameterReasons(_ parameters: [NamedParameter], label: String, into collector: inout ReasonCollector,
                                                values valuesNamed: (String) -> [String]) {
        for parameter in parameters {
            let values = valuesNamed(parameter.name)
            let expectation = parameter.expectation
            if !expectation.isSatisfied(by: values) {
                collector.add(parameterReason(label: label, name: parameter.name, values: values, expectation: expectation))
            }
            if collector.isDone { return }
        }
    }

    private static func parameterReason(label: String, name: String, values: [String], expectation: ParameterExpectation) -> String {
        let given = values.map(quoted).joined(separator: ", ")
        switch expectation {
        case .unusable(.object), .filePart:
            return "\(label) '\(name)' can never match: the entry expects a nested object, which a \(label) cannot carry"
        case .unusable:
            return "\(label) '\(name)' can never match: the entry expects nested arrays or objects, which a \(label) cannot carry"
        case .each:
            return values.isEmpty
                ? "missing \(label) '\(name)' (expected it once for each of \(expectation.expectedText))"
                : "\(label) '\(name)' is given as \(given), expected once for each of \(expectation.expectedText)"
        case .includes:
            return values.isEmpty
                ? "missing \(label) '\(name)' (expected \(expectation.expectedText))"
                : "\(label) '\(name)' is given as \(given), expected \(expectation.expectedText), each once, in any order"
        default:
            return values.isEmpty
                ? "missing \(label) '\(name)' (expected \(expectation.expectedText))"
                : "\(label) '\(name)' is \(given), expected \(expectation.expectedPhrase)"
        }
    }

    /// Compares `request` members with multipart parts: a file part description checks filename
    /// and media type; any other value is compared with the part's text like a form field.
    private static func collectMultipartReasons(_ parameters: [NamedParameter], _ form: ReceivedMultipartForm, into collector: inout ReasonCollector) {
        for parameter in parameters {
            switch parameter.expectation {
            case .filePart(let filename, let contentType):
                collectFilePartReasons(parameter.name, filename: filename, contentType: contentType, form.parts(named: parameter.name), into: &collector)
            case .unusable(.object):
                collector.add("multipart part '\(parameter.name)' can never match: the entry expects an object without \"filename\" or \"contentType\", which is how a file part is described")
            default:
                let texts = form.parts(named: parameter.name).map(\.text)
                collectParameterReasons([parameter], label: "multipart part", into: &collector) { _ in texts }
            }
            if collector.isDone { return }
        }
    }

    private static func collectFilePartReasons(_ name: String, filename: ParameterExpectation?, contentType: ParameterExpectation?,
                                               _ parts: [MultipartPart], into collector: inout ReasonCollector) {
        guard let first = parts.first else {
            collector.add("missing multipart part '\(name)'")
            return
        }
        let matching = parts.first { part in
            filename.map { filePart(part.filename, matches: $0) } ?? true
                && contentType.map { contentTypeOf(part, matches: $0) } ?? true
        }
        guard matching == nil else { return }
        // Explain with the first part of that name; several parts of one name are rare.
        if let filename, !filePart(first.filename, matches: filename) {
            collector.add(first.filename.map { "multipart part '\(name)' has filename \(quoted($0)), expected \(filename.expectedPhrase)" }
                ?? "multipart part '\(name)' has no filename, expected \(filename.expectedPhrase)")
        }
        if let contentType, !contentTypeOf(first, matches: contentType) {
            collector.add(first.contentType.map { "multipart part '\(name)' has content type \(quoted($0)), expected \(contentType.expectedPhrase)" }
                ?? "multipart part '\(name)' has no content type, expected \(contentType.expectedPhrase)")
        }
    }

    private static func filePart(_ filename: String?, matches expected: ParameterExpectation) -> Bool {
        expected.isSatisfied(by: filename.map { [$0] } ?? [])
    }

    /// Media types compare case-insensitively; parameters (`; charset=…`) only when the entry gives some.
    private static func contentTypeOf(_ part: MultipartPart, matches expected: ParameterExpectation) -> Bool {
        guard case .equals(.string(let wanted)) = expected else { return expected.isSatisfied(by: part.contentType.map { [$0] } ?? []) }
        guard let actual = part.contentType else { return false }
        if wanted.contains(";") {
            return equalsIgnoringASCIICase(actual.filter { $0 != " " }, wanted.filter { $0 != " " })
        }
        return equalsIgnoringASCIICase(actual.prefix { $0 != ";" }.trimmingSpaces(), wanted.trimmingSpaces())
    }

    static func quoted(_ text: String) -> String {
        JSONValue.excerpt(.string(text))
    }

    /// `'cart'`: names of scenarios and states inside a sentence.
    static func singleQuoted(_ text: String) -> String {
        "'\(text)'"
    }
}
