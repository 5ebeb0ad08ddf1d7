extension MockEngine {
    /// The 404 for journal endpoints while recording is off.
    func journalOffResponse(_ request: IncomingRequest) -> MockResponse {
        let error = "the request journal is off (journal size 0), so no requests were recorded"
        return diagnosticResponse(status: 404, outcome: .admin("journal off"), [
            ("error", .string(error)),
            ("hint", .string("restart mockserver with --journal-size N (N > 0, default 1000), or create FixtureTransport with a journal size above 0")),
            ("method", .string(request.method)),
            ("path", .string(String(request.target.path))),
        ])
    }

    /// `GET /__admin/requests[?unmatched=true]`.
    func journalResponse(_ request: inout IncomingRequest) -> MockResponse {
        guard let journal else { return journalOffResponse(request) }
        if let unknown = request.query().parameters.first(where: { $0.name != "unmatched" }) {
            // A filter the journal does not have would otherwise be ignored without a word.
            var hint = "the only parameter is unmatched=true (the requests no fixture answered); find requests by their content with POST /__admin/requests/find"
            if let suggestion = EditDistance.closest(to: unknown.name, among: ["unmatched"], maximumDistance: 2) {
                hint = "did you mean \(suggestion)=true?"
            }
            return badAdminRequest(request, "the query parameter \(EntryMatcher.quoted(unknown.name)) is not understood", hint: hint)
        }
        let unmatchedValues = request.query().values(for: "unmatched")
        if unmatchedValues.count > 1 {
            return badAdminRequest(request, "unmatched is given \(unmatchedValues.count) times", hint: "give it once: unmatched=true for the requests no fixture answered, or leave it out for all")
        }
        let unmatchedOnly: Bool
        switch unmatchedValues.last {
        case nil, "false": unmatchedOnly = false
        case "true", "": unmatchedOnly = true
        case let other?:
            return badAdminRequest(request, "unmatched=\(other) is not understood", hint: "use unmatched=true for the requests no fixture answered, or leave it out for all")
        }
        var (exchanges, dropped) = journal.snapshot()
        if unmatchedOnly {
            exchanges.removeAll { !$0.isUnmatched }
        }
        return diagnosticResponse(status: 200, outcome: .admin("\(exchanges.count) recorded requests"), [
            ("requests", .makeArray(exchanges.map(\.json))),
            ("dropped", .number(JSONNumber(dropped))),
        ])
    }

    /// `DELETE /__admin/requests`.
    func clearJournalResponse(_ request: IncomingRequest) -> MockResponse {
        guard let journal else { return journalOffResponse(request) }
        let removed = journal.clear()
        return adminAnswer("cleared \(removed) recorded requests", [
            ("status", .string("cleared")),
            ("removed", .number(JSONNumber(removed))),
        ])
    }
}

extension JournalRecord {
    /// Answered by nothing the test wrote: the no-match 404 (a path no fixture serves, or no
    /// entry matching), a refused target (`//api/people`, the base-URL join bug; `/./`; a
    /// method that is no token), a fixture file that failed to load (500), or a forward that
    /// failed (502). `?unmatched=true` and `expectNoUnmatchedRequests()` list these.
    var isUnmatched: Bool {
        switch outcome {
        case .noMatch, .rejectedPath, .brokenFixture, .proxyFailed: true
        // An entry's forward that failed: the test learns that its API did not answer.
        case .forwarded(.proxyFailed, _): true
        default: false
        }
    }
}
