import MockFixtures

/// The tool a file handed to the wrong importer comes from, as a hint to add to the error
/// (audit H1: `--from hoverfly` on a WireMock mapping said only "not a Hoverfly simulation").
enum ImportSourceHint {
    /// `"; it looks like a WireMock stub: import it with --from wiremock"`, or empty.
    static func otherTool(_ document: JSONValue, not current: String) -> String {
        let tool: String?
        switch document {
        case .object:
            if document["mappings"] != nil || (document["request"] != nil && document["response"] != nil) {
                tool = "wiremock"
            } else if document["routes"] != nil && document["uuid"] != nil {
                tool = "mockoon"
            } else if document["data"]?["pairs"] != nil {
                tool = "hoverfly"
            } else if document["httpRequest"] != nil || document["httpResponse"] != nil || document["httpForward"] != nil {
                tool = "mockserver"
            } else {
                tool = nil
            }
        case .array(let elements):
            let first = elements.first?.value ?? .null
            tool = first["httpRequest"] != nil || first["httpResponse"] != nil ? "mockserver" : first["request"] != nil ? "wiremock" : nil
        default:
            tool = nil
        }
        guard let tool, tool != current else { return "" }
        let names = ["wiremock": "WireMock stub", "mockoon": "Mockoon environment", "hoverfly": "Hoverfly simulation", "mockserver": "MockServer expectation"]
        return "; it looks like a \(names[tool]!) file: import it with --from \(tool)"
    }
}
