#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// A Mockoon environment's settings that every route's answers share.
struct MockoonEnvironment {
    /// `endpointPrefix`, without slashes around it.
    let prefix: String
    /// `latency`, added to every response's own.
    let latency: Int
    /// `headers`, which a response's own of the same name replace.
    let headers: [(String, String)]
    /// `callbacks`, by `uuid`.
    let callbacks: [String: JSONValue]
    /// The folder of the environment file, which `filePath`s are relative to.
    let folder: String
}

/// One Mockoon route (`{"method": "get", "endpoint": "users/:id", "responses": [...]}`) as
/// entries: each response's rules an entry of their own (`OR`: one per rule; `AND`: one with
/// them all), in order, then the default response (`"default": true`, or the first) as the
/// entry that answers what no rule took — as Mockoon picks the first response whose rules hold,
/// else the default.
enum MockoonRoute {
    /// One entry to write, or why a response is not imported.
    struct Piece {
        let shown: String
        let result: Result<ConvertedStub, StubRefusal>
    }

    static func converted(_ route: JSONValue, environment: MockoonEnvironment) -> [Piece] {
        let method = (route["method"]?.stringValue ?? "get").uppercased()
        let endpoint = route["endpoint"]?.stringValue ?? ""
        let shownPath = "/" + [environment.prefix, endpoint].filter { !$0.isEmpty }.joined(separator: "/")
        let shown = "\(method == "ALL" ? "ANY" : method) \(shownPath)"
        let fail = { (refusal: StubRefusal) in [Piece(shown: shown, result: .failure(refusal))] }
        if let type = route["type"]?.stringValue, type != "http" {
            return fail(StubRefusal("type", type == "crud"
                ? "a CRUD route has no direct equivalent; declare a resource ({\"$resource\": {\"items\": […]}}) at its path, with its data bucket's items"
                : "a \(type) route has no equivalent here"))
        }
        if let mode = route["responseMode"]?.stringValue, mode != "DISABLE_RULES" {
            return fail(StubRefusal("responseMode", "\"\(mode)\" has no equivalent here; a sequence is entries with \"times\", or a scenario (\"scenario\", \"state\", \"newState\")"))
        }
        if let streaming = route["streamingMode"]?.stringValue {
            return fail(StubRefusal("streamingMode", "\"\(streaming)\" has no equivalent here"))
        }
        let path: ImportedPath
        do {
            path = try self.path(shownPath, key: "endpoint")
        } catch {
            return fail(error)
        }
        guard case .array(let responseNodes)? = route["responses"], !responseNodes.isEmpty else {
            return fail(StubRefusal("responses", "the route has no responses"))
        }
        let responses = responseNodes.map(\.value)
        let defaultIndex = responses.firstIndex { $0["default"] == .bool(true) } ?? 0
        let rulesApply = route["responseMode"]?.stringValue != "DISABLE_RULES"
        var pieces: [Piece] = []
        // The default answers what no rule took, so it goes last.
        var defaultPieces: [Piece] = []
        var unreachable: [Int] = []
        for (index, response) in responses.enumerated() {
            let label = response["label"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let responseShown = shown + " response \(index)" + (label.map { " (\(JSONValue.string($0).compactText))" } ?? "")
            var entries: [Result<ConvertedStub, StubRefusal>] = []
            var fallback: Result<ConvertedStub, StubRefusal>?
            do {
                let answer = try MockoonAnswer(response, at: "responses[\(index)]", path: path, environment: environment)
                var rules: [JSONValue] = []
                if rulesApply, case .array(let nodes)? = response["rules"] { rules = nodes.map(\.value) }
                if !rules.isEmpty {
                    let and = response["rulesOperator"]?.stringValue == "AND"
                    let groups: [[JSONValue]] = and ? [rules] : rules.map { [$0] }
                    for group in groups {
                        entries.append(.success(try stub(method: method, path: path, rules: group, at: "responses[\(index)].rules", answer: answer)))
                    }
                }
                if index == defaultIndex {
                    fallback = .success(try stub(method: method, path: path, rules: [], at: "", answer: answer))
                } else if rules.isEmpty {
                    unreachable.append(index)
                }
            } catch {
                entries = [.failure(error)]
            }
            pieces += entries.map { Piece(shown: responseShown, result: $0) }
            if let fallback { defaultPieces.append(Piece(shown: responseShown + " (default)", result: fallback)) }
        }
        if !unreachable.isEmpty, case .success(var stub)? = defaultPieces.last?.result {
            // Kept in Mockoon to switch the default by hand; nothing answers with them (audit M1).
            stub.notes.append("responses \(unreachable.map(String.init).joined(separator: ", ")) have no rules and are not the default, so Mockoon never serves them (but in random or sequential mode); they are not imported")
            defaultPieces[defaultPieces.count - 1] = Piece(shown: defaultPieces.last!.shown, result: .success(stub))
        }
        return pieces + defaultPieces
    }

    /// `users/:id` under the prefix: `:name` a parameter, a last `*` a catch-all.
    static func path(_ text: String, key: String) throws(StubRefusal) -> ImportedPath {
        var path = ImportedPath()
        path.shown = text
        let pieces = text.split(separator: "/", omittingEmptySubsequences: true)
        for (index, piece) in pieces.enumerated() {
            if piece.hasPrefix(":") {
                let name = String(piece.dropFirst())
                guard PathTemplate.isValidName(name) else {
                    throw StubRefusal(key, "\"\(piece)\" is no plain parameter (an optional ':id?' or a pattern in parentheses has no equivalent here)")
                }
                guard !path.parameterNames.contains(name) else { throw StubRefusal(key, "names :\(name) twice") }
                path.segments.append(.parameter(name))
            } else if piece == "*" {
                guard index == pieces.count - 1 else { throw StubRefusal(key, "has '*' before the last segment, which has no equivalent here") }
                path.segments.append(.catchAll("rest"))
            } else if piece.contains(where: { "*?()+:".contains($0) }) {
                throw StubRefusal(key, "\"\(piece)\" mixes a pattern with text in one segment, which has no equivalent here")
            } else {
                var literal = try ImportedPath.literalPath("/" + piece, key: key, atStart: path.segments.isEmpty).segments
                guard literal.count == 1 else { throw StubRefusal(key, "\"\(text)\" has an empty segment") }
                path.segments.append(literal.removeFirst())
            }
        }
        return path
    }

    /// The entry for `answer` under `rules` (all of which must hold).
    private static func stub(method: String, path: ImportedPath, rules: [JSONValue], at key: String, answer: MockoonAnswer) throws(StubRefusal) -> ConvertedStub {
        var query: [(String, JSONValue)] = []
        var headers: [(String, JSONValue)] = []
        var cookies: [(String, JSONValue)] = []
        var parameters: [(String, JSONValue)] = []
        var members = PartialTree()
        var hasMembers = false
        var queries: [(String, JSONValue)] = []
        var wholeBody: JSONValue?
        // A body is needed unless every body rule holds for a missing value (audit M1: a null
        // or inverted rule holds for a request without a body in Mockoon).
        var needsBody = false
        var notes = answer.notes
        for (index, rule) in rules.enumerated() {
            let converted = try MockoonRule.converted(rule, at: "\(key)[\(index)]", parameterNames: path.parameterNames)
            let clash = StubRefusal("\(key)[\(index)]", "a second rule on the same value in one AND group, which one entry cannot say")
            switch converted.place {
            case .query(let name):
                guard !query.contains(where: { $0.0 == name }) else { throw clash }
                query.append((name, converted.matcher))
            case .header(let name):
                guard !headers.contains(where: { $0.0.lowercased() == name.lowercased() }) else { throw clash }
                headers.append((name, converted.matcher))
            case .cookie(let name):
                guard !cookies.contains(where: { $0.0 == name }) else { throw clash }
                cookies.append((name, converted.matcher))
            case .parameter(let name):
                guard !parameters.contains(where: { $0.0 == name }) else { throw clash }
                parameters.append((name, converted.matcher))
            case .bodyMember(let names):
                guard members.insert(names, converted.matcher) else { throw clash }
                hasMembers = true
                needsBody = needsBody || !converted.holdsWhenMissing
            case .bodyQuery(let written):
                guard !queries.contains(where: { $0.0 == written }) else { throw clash }
                queries.append((written, converted.matcher))
                needsBody = needsBody || !converted.holdsWhenMissing
                if converted.holdsWhenMissing {
                    notes.append("\(key)[\(index)] holds when \(written) selects nothing; a request without a JSON body does not match it here, where Mockoon's does")
                }
            case .body:
                guard wholeBody == nil else { throw clash }
                needsBody = true
                let text = rule["value"]?.importedText ?? ""
                if rule["operator"]?.stringValue ?? "equals" == "equals",
                   let document = try? JSONParser.parse(Array(text.utf8)), document.root.value.objectMembers != nil || { if case .array = document.root.value { true } else { false } }() {
                    wholeBody = .makeObject([("$equals", document.root.value)])
                    notes.append("the whole-body rule compares the body as JSON here: spacing and key order do not matter")
                } else {
                    wholeBody = converted.matcher
                    notes.append("the whole-body rule searches the text of a body that is not JSON; a body sent as JSON is compared as JSON here, so it does not match this entry")
                }
            }
        }
        guard !((hasMembers || !queries.isEmpty) && wholeBody != nil) else {
            throw StubRefusal(key, "rules on the whole body and on its members in one AND group, which one entry cannot say")
        }
        var entry: [(String, JSONValue)] = [("method", .string(method == "ALL" ? "ANY" : method))]
        if !parameters.isEmpty { entry.append(("pathParameters", .makeObject(parameters))) }
        if !query.isEmpty { entry.append(("query", .makeObject(query))) }
        if !headers.isEmpty { entry.append(("requestHeaders", .makeObject(headers))) }
        if !cookies.isEmpty { entry.append(("requestCookies", .makeObject(cookies))) }
        if hasMembers {
            entry.append(("request", members.value))
            entry.append(("requestMatch", .string("partial")))
        } else if let wholeBody {
            entry.append(("request", wholeBody))
        }
        if !queries.isEmpty { entry.append(("requestJsonPath", .makeObject(queries))) }
        if needsBody { entry.append(("requestBody", .string("required"))) }
        entry += answer.keys
        return ConvertedStub(file: path.relativeFile, parameterNames: path.parameterNames, entry: .makeObject(entry), shown: "",
                             bodyFiles: answer.bodyFiles, notes: notes)
    }
}
