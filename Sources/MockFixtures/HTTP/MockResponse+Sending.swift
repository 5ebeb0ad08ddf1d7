extension MockResponse {
    /// Whether a front sends ``body`` to a request with `method`: not for `HEAD` (exactly: methods
    /// are case-sensitive, and libmicrohttpd sends `head` a body), and never with
    /// the statuses that have no content (1xx, 204, 205, 304). A `304` for a static file carries
    /// the bytes of the `200` it confirms, only so that a server may state their size as its
    /// `Content-Length`.
    ///
    /// ```swift
    /// let bytes = response.sendsBody(toMethod: "GET") ? response.body : []
    /// ```
    public func sendsBody(toMethod method: String) -> Bool {
        switch status {
        case 100...199, 204, 205, 304: false
        default: method != "HEAD"
        }
    }

    /// The `Content-Length` the answer states when sent to a request with `method`, as
    /// libmicrohttpd writes it for the server, so that `FixtureTransport` states the same: the
    /// body's size; for an answer sent without its body (HEAD, `304`, `205`) the size it stands
    /// for (GET's body, the `200`'s); `nil` for 1xx and `204`, which have none (RFC 9110 §8.6),
    /// and when ``statesBodyLength`` is false.
    ///
    /// ```swift
    /// let length = response.statedContentLength(toMethod: "HEAD")   // GET's body size
    /// ```
    public func statedContentLength(toMethod method: String) -> Int? {
        switch status {
        case 100...199, 204: return nil
        default:
            guard statesBodyLength else { return nil }
            return sendsBody(toMethod: method) ? body.count : declaredBodyLength ?? body.count
        }
    }

    /// The same answer stating `length` as its body's size when sent without the body: what a
    /// GET would get, for a HEAD whose body names its method (RFC 9110 §9.3.2: a HEAD answer
    /// carries the header fields of the GET answer).
    /// `nil` states no length at all (see ``statesBodyLength``).
    func stating(bodyLength length: Int?) -> MockResponse {
        MockResponse(status: status, headers: headers, body: body, delayMilliseconds: delayMilliseconds, preparedID: nil, outcome: outcome,
                     fault: fault, bytesPerSecond: bytesPerSecond, declaredBodyLength: length, statesBodyLength: length != nil)
    }

    /// The same answer, `milliseconds` later (``AnswerDelay``); still the prepared one.
    ///
    /// Keep every stored property of ``MockResponse`` here when adding one.
    package func adding(delayMilliseconds milliseconds: Int) -> MockResponse {
        MockResponse(status: status, headers: headers, body: body, delayMilliseconds: delayMilliseconds + milliseconds, preparedID: preparedID,
                     outcome: outcome, fault: fault, bytesPerSecond: bytesPerSecond, declaredBodyLength: declaredBodyLength, statesBodyLength: statesBodyLength)
    }

    /// The same answer with other headers; no longer a prepared one, unless `keepingPreparedID`
    /// says that the front's prepared copy has these headers too.
    ///
    /// Keep every stored property of ``MockResponse`` here when adding one.
    package func replacingHeaders(_ headers: [HTTPHeader], keepingPreparedID: Bool = false) -> MockResponse {
        MockResponse(status: status, headers: headers, body: body, delayMilliseconds: delayMilliseconds,
                     preparedID: keepingPreparedID ? preparedID : nil, outcome: outcome,
                     fault: fault, bytesPerSecond: bytesPerSecond, declaredBodyLength: declaredBodyLength, statesBodyLength: statesBodyLength)
    }
}

extension MockResponse {
    /// A forwarded answer as the entry whose `"forward"` sent it is journaled:
    /// `.forwarded(.proxied(…), entry: …)`; as it is without an entry.
    ///
    /// Keep every stored property of ``MockResponse`` here when adding one.
    package func forwarded(byEntry entry: MatchOutcome?) -> MockResponse {
        guard let entry else { return self }
        return MockResponse(status: status, headers: headers, body: body, delayMilliseconds: delayMilliseconds, preparedID: preparedID,
                            outcome: .forwarded(outcome, entry: entry), fault: fault, bytesPerSecond: bytesPerSecond,
                            declaredBodyLength: declaredBodyLength, statesBodyLength: statesBodyLength)
    }
}
