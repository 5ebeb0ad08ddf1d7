import MockFixtures

/// A foreign tool's JSONPath expression as a `requestJsonPath` key, for the JSONPaths that are
/// not plain member paths (filters, wildcards, indexes, `..`), which a partial `request` cannot
/// say. Jayway (WireMock, MockServer) reads `a.b` as `$.a.b`; Hoverfly wraps its expression in
/// `{…}` as Kubernetes' JSONPath does.
enum ImportedJSONPath {
    /// The expression written from the root (`$…`), and whether it selects at most one value.
    static func query(_ expression: String, at key: String) throws(StubRefusal) -> (written: String, isSingular: Bool) {
        var written = trimmed(expression)
        if written.hasPrefix("{"), written.hasSuffix("}") { written = trimmed(written.dropFirst().dropLast()) }
        if written.hasPrefix(".") || written.hasPrefix("[") {
            written = "$" + written
        } else if !written.hasPrefix("$"), let first = written.unicodeScalars.first, first.properties.isAlphabetic || first == "_" {
            written = "$." + written
        }
        do {
            let query = try JSONPathQuery(written)
            return (written, query.isSingular)
        } catch {
            throw StubRefusal(key, "\(JSONValue.excerpt(.string(expression))) is not a JSONPath query here (RFC 9535 with Jayway's =~, in, nin and .length()): "
                + "at offset \(error.offset), \(error.message)")
        }
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// `{"$any": true}`: the query selects something.
    static let selectsSomething = JSONValue.makeObject([("$any", .bool(true))])
}

/// The JSONPath matchers of one stub (WireMock's `matchesJsonPath`, Hoverfly's `jsonpath`,
/// MockServer's `JSON_PATH`): one partial `request` while each is a plain member path and none
/// overlaps another, as the importers wrote them before `requestJsonPath`; else every one of them
/// as a `requestJsonPath` query.
struct ImportedJSONPaths {
    /// One expression in the two forms it may take.
    struct Expression {
        /// As the tool wrote it.
        let written: String
        /// Its member names when it is a plain member path (`$.card.number`).
        let memberNames: [String]?
        /// It as a `requestJsonPath` query, or why it is none: a member path Jayway reads that
        /// RFC 9535 cannot write (`$.first name`) still goes into a partial body.
        let query: Result<(written: String, isSingular: Bool), StubRefusal>

        /// Refused at `key` when it is neither a member path nor a query.
        init(_ expression: String, at key: String) throws(StubRefusal) {
            written = expression
            let names = try? JSONPathStep.memberNames(expression, at: key)
            memberNames = names?.isEmpty == false ? names : nil
            do {
                query = .success(try ImportedJSONPath.query(expression, at: key))
            } catch {
                query = .failure(error)
                if memberNames == nil { throw error }
            }
        }

        /// Whether it selects at most one value.
        var isSingular: Bool {
            memberNames != nil || ((try? query.get())?.isSingular ?? true)
        }
    }

    private var tree: PartialTree? = PartialTree()
    private var entries: [(expression: Expression, value: JSONValue)] = []

    /// Adds `expression`, which must select `leaf`, or `listLeaf` when it can select several
    /// values. A second matcher on the same expression is refused at `key`, naming the tool's
    /// `matcherName`.
    mutating func add(_ expression: Expression, leaf: JSONValue, listLeaf: JSONValue? = nil, matcherName: String, at key: String) throws(StubRefusal) {
        let same = (try? expression.query.get().written) ?? expression.written
        guard !entries.contains(where: { ((try? $0.expression.query.get().written) ?? $0.expression.written) == same }) else {
            throw StubRefusal(key, "\"\(expression.written)\" is a second \(matcherName) on the same expression, which one requestJsonPath key cannot say twice; keep the one that says most")
        }
        entries.append((expression, expression.isSingular ? leaf : listLeaf ?? leaf))
        if let names = expression.memberNames, tree?.insert(names, leaf) == true { return }
        tree = nil
    }

    /// The partial body, when every expression fitted in one.
    var partialBody: JSONValue? { tree?.value }

    /// Whether one of the expressions can select several values.
    var selectsSeveral: Bool { entries.contains { !$0.expression.isSingular } }

    /// The `requestJsonPath` object's members; refused for an expression that is no query.
    func jsonPaths() throws(StubRefusal) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        for entry in entries { members.append((try entry.expression.query.get().written, entry.value)) }
        return members
    }
}
