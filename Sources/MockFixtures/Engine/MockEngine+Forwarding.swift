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

    /// The answer to an OPTIONS or TRACE that no fixture answered and that may pass no more
    /// proxies (`Max-Forwards: 0`), so the server answers it itself, as its final recipient (RFC
    /// 9110 §7.6.2), and journals it: for OPTIONS its own communication options (`200` with
    /// `Allow`, as for `OPTIONS *`, §9.3.7); for TRACE a `405` — it is not echoed back, since the
    /// echo would carry the request's cookies and credentials into a page's reach. `entry` is the
    /// outcome of the entry with `"forward"` that matched, if one did: journaled as its
    /// `matched` (audit D4: it was `null`).
    package func maxForwardsAnswer<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8],
                                                                 entry: MatchOutcome? = nil) -> MockResponse {
        let options = serverOptionsResponse()
        func outcome(_ reason: String) -> MatchOutcome {
            entry.map { .forwarded(.notForwarded(reason: reason), entry: $0) } ?? .notForwarded(reason: reason)
        }
        var answer = MockResponse(status: options.status, headers: options.headers, body: options.body,
                                  outcome: outcome("Max-Forwards is 0; answered with the server's own options"))
        if method == "TRACE" {
            let reason = "TRACE \(target) was not forwarded: its Max-Forwards is 0, and mockserver does not echo TRACE itself"
            answer = diagnosticResponse(status: 405, outcome: outcome("Max-Forwards is 0, and mockserver does not echo TRACE itself"),
                                        headers: Self.jsonHeaders + [HTTPHeader(name: "Allow", value: CrossOriginHeaders.commonMethods.joined(separator: ", "))], [
                ("error", .string(reason)),
                ("hint", .string("send it with Max-Forwards above 0 (or without one) to reach the API")),
            ])
        }
        let response = allowingCrossOrigin(answer, method: method, headers: headers)
        recordForwarded(method: method, target: target, headers: headers, body: body, response: response)
        return response
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
    /// Whether ``MockEngine/respond(method:target:headers:body:store:)`` journals the answer
    /// itself: all but the answers the front journals once it has forwarded — a `.noMatch` it
    /// forwards (`journalsNoMatch` false), and an entry's `.forwardRequested`.
    @inline(__always)
    func isJournaledByEngine(journalsNoMatch: Bool) -> Bool {
        switch self {
        case .noMatch: journalsNoMatch
        case .forwardRequested: false
        default: true
        }
    }

    /// An entry with `"forward"` matched; the front forwards.
    var isForwardRequested: Bool {
        if case .forwardRequested = self { return true }
        return false
    }

    /// No fixture answered (no file serves the path, or no entry matches): what a proxy forwards.
    package var isNoMatch: Bool {
        if case .noMatch = self { return true }
        return false
    }
}
