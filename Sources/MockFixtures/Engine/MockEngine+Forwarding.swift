extension MockEngine {
    /// For a front that forwards what no fixture answers to a real API (`mockserver
    /// --proxy-unmatched`, `mockserver record`): answers exactly like
    /// ``respond(method:target:headers:body:store:)``, except that a `.noMatch` answer is left out
    /// of the journal — the front forwards the request and journals the exchange with
    /// ``journalForwarded(method:target:headers:body:response:)``.
    package func respondForwardingUnmatched<Headers: RequestHeaderLookup>(
        method: String, target: String, headers: Headers, body: [UInt8], store: FixtureStore, answerHeaderBytesLimit: Int = .max
    ) -> MockResponse {
        respond(method: method, target: target, headerLookup: headers, body: body, store: store, journalsNoMatch: false,
                answerHeaderBytesLimit: answerHeaderBytesLimit)
    }

    /// Journals a forwarded request with the answer the front sent (outcome `.proxied` or
    /// `.proxyFailed`).
    package func journalForwarded<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8], response: MockResponse) {
        recordForwarded(method: method, target: target, headers: headers, body: body, response: response)
    }

    /// As ``journalForwarded(method:target:headers:body:response:)``, from headers kept as a list:
    /// for a front that journals after the connection (and its own header lookup) is gone.
    package func journalForwarded(method: String, target: String, headerFields: [HTTPHeader], body: [UInt8], response: MockResponse) {
        recordForwarded(method: method, target: target, headers: HeaderList(fields: headerFields), body: body, response: response)
    }
}

extension MatchOutcome {
    /// No fixture answered (no file serves the path, or no entry matches): what a proxy forwards.
    package var isNoMatch: Bool {
        if case .noMatch = self { return true }
        return false
    }
}
