/// Another mock tool's stub file copied into the root: it parses as JSON and may even load as
/// entries (a WireMock mapping's `request.urlPath` reads as a query parameter to require, its
/// `response` as the body), then answers nothing the user meant. Recognised by keys no fixture of
/// ours combines, so the loader can say what the file is (audit W2).
struct ForeignFixtureFormat {
    /// The tool, as users know it.
    let tool: String
    /// The key that gave it away, as a path (`request.urlPath`).
    let evidence: String
    let position: JSONPosition

    private static let wireMockURLKeys = ["url", "urlPath", "urlPattern", "urlPathPattern"]

    /// The foreign format `root` (a fixture file's whole JSON) is written in, or nil.
    static func recognise(_ root: JSONNode) -> ForeignFixtureFormat? {
        switch root.value {
        case .object(let members):
            if let mappings = members.first(where: { $0.key == "mappings" }), case .array = mappings.value.value {
                return ForeignFixtureFormat(tool: "WireMock", evidence: "mappings", position: mappings.keyPosition)
            }
            if let data = members.first(where: { $0.key == "data" }), let pairs = data.value.value.objectMembers?.first(where: { $0.key == "pairs" }) {
                return ForeignFixtureFormat(tool: "Hoverfly", evidence: "data.pairs", position: pairs.keyPosition)
            }
            if let routes = members.first(where: { $0.key == "routes" }), case .array = routes.value.value, members.contains(where: { $0.key == "uuid" }) {
                return ForeignFixtureFormat(tool: "Mockoon", evidence: "routes", position: routes.keyPosition)
            }
            return recogniseEntry(members)
        case .array(let elements):
            for element in elements {
                if let members = element.value.objectMembers, let found = recogniseEntry(members) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// The keys a WireMock stub mapping has beside `request` and `response`.
    private static let wireMockMappingKeys: Set<String> = [
        "request", "response", "priority", "id", "uuid", "name", "persistent", "metadata", "scenarioName",
        "requiredScenarioState", "newScenarioState", "postServeActions", "serveEventListeners", "insertionIndex",
    ]

    /// One stub: MockServer's `httpRequest`, or a WireMock mapping: nothing but a mapping's keys,
    /// and in `request` a URL key of WireMock's holding a path (`"urlPath": "/api/users/1"`). An
    /// entry of ours has `method`, `status` or an answer key beside its `request`, and a body that
    /// holds a `url` holds a full URL, not a path (a webhook's `{"url": "https://…", "method": …}`).
    private static func recogniseEntry(_ members: [JSONMember]) -> ForeignFixtureFormat? {
        if let key = members.first(where: { $0.key == "httpRequest" || $0.key == "httpResponse" }) {
            return ForeignFixtureFormat(tool: "MockServer", evidence: key.key, position: key.keyPosition)
        }
        guard members.allSatisfy({ wireMockMappingKeys.contains($0.key) }),
              let request = members.last(where: { $0.key == "request" })?.value.value.objectMembers,
              let url = request.first(where: { member in
                  guard wireMockURLKeys.contains(member.key), case .string(let text) = member.value.value else { return false }
                  return member.key.hasSuffix("Pattern") || text.hasPrefix("/")
              }) else { return nil }
        return ForeignFixtureFormat(tool: "WireMock", evidence: "request.\(url.key)", position: url.keyPosition)
    }

    var message: String {
        "this looks like a \(tool) stub (\"\(evidence)\"), which mockserver does not read: its keys are taken as a fixture's own, so the file answers at its own path with something else"
    }

    var hint: String {
        // Audit W2 G2: the importer writes each stub where it belongs, or says why it cannot.
        let unit = ["Mockoon": "route", "Hoverfly": "pair", "MockServer": "expectation"][tool] ?? "stub"
        return "move it out of the root and convert it with `mockserver import --from \(tool.lowercased()) FILE --root ROOT`, which writes each "
            + unit + " into the file serving its path (api/users/1.json for /api/users/1)"
    }
}
