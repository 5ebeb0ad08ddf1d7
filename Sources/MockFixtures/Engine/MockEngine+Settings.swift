/// `GET` and `PUT /__admin/settings`: what applies to every answer — the delay added to each
/// (``AnswerDelay``), which a reset sets back to the one the engine started with, and the
/// headers added to each (``MockEngineOptions/answerHeaders``), fixed at start (the server's
/// prepared answers carry them).
extension MockEngine {
    static let settingsExample = #"{"delay": {"min": 100, "max": 400}}"#

    /// `GET /__admin/settings`.
    func settingsResponse() -> MockResponse {
        adminAnswer("settings", settingsFields())
    }

    /// `PUT /__admin/settings` with `{"delay": …}`: 300, `{"min": …, "max": …}`,
    /// `{"median": …, "sigma": …}` or `null` for none.
    func setSettingsResponse(_ request: inout IncomingRequest) -> MockResponse {
        let document: JSONDocument
        switch jsonBody(of: request, expecting: Self.settingsExample) {
        case .success(let parsed): document = parsed
        case .failure(let box): return box.response
        }
        guard case .object(let members) = document.root.value else {
            let found = document.root.value == .null ? "null" : document.root.value.kindNameWithArticle
            return badAdminRequest(request, "the settings are \(found)", hint: "send an object such as \(Self.settingsExample)")
        }
        // As every admin body: a key given twice is refused, not silently the last (audit F3).
        if let duplicate = document.duplicateKeys.first {
            return badAdminRequest(request, "\(duplicate.position): the key \(JSONValue.excerpt(.string(duplicate.key))) is given twice (first at \(duplicate.firstPosition))",
                                   hint: "give each setting once")
        }
        if let headers = members.first(where: { $0.key == "headers" }) {
            return badAdminRequest(request, "\(headers.keyPosition): the headers added to every answer are set when the server starts, not at runtime",
                                   hint: "start it with --response-header 'Name: value' (MockEngineOptions.answerHeaders), or set them in the entries' \"headers\"")
        }
        if let unknown = members.first(where: { $0.key != "delay" }) {
            var hint = "the settings are: delay"
            if let suggestion = EditDistance.closest(to: unknown.key, among: ["delay"], maximumDistance: 2) { hint = "did you mean \"\(suggestion)\"?" }
            else if ["fixedDelay", "delayDistribution", "latency"].contains(unknown.key) {
                hint = #"another tool's key: write {"delay": 300}, {"delay": {"min": 100, "max": 400}} or {"delay": {"median": 80, "sigma": 0.4}}"#
            }
            return badAdminRequest(request, "unknown setting \(JSONValue.excerpt(.string(unknown.key)))", hint: hint)
        }
        guard let member = members.last(where: { $0.key == "delay" }) else {
            return badAdminRequest(request, "the settings name nothing to change", hint: "send \(Self.settingsExample), or {\"delay\": null} for none")
        }
        if case .null = member.value.value {
            globalDelay.set(nil)
        } else {
            let compiled = AnswerDelay.compile(member.value)
            guard let delay = compiled.delay else {
                return badAdminRequest(request, "\(member.value.position): \(compiled.problem ?? "the delay cannot be used")", hint: compiled.hint ?? AnswerDelay.forms)
            }
            globalDelay.set(delay)
        }
        return adminAnswer("settings changed", settingsFields())
    }

    private func settingsFields() -> [(String, JSONValue)] {
        [
            ("delay", globalDelay.value?.json ?? .null),
            ("headers", .makeObject(options.answerHeaders.map { ($0.name, .string($0.value)) })),
            ("startedWith", .makeObject([("delay", globalDelay.initial?.json ?? .null)])),
        ]
    }
}
