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
