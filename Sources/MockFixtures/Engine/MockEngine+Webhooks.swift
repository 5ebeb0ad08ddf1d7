/// Entries' `"webhooks"`: sent through the front's ``WebhookSending`` after the entry answers,
/// and listed with what became of them by `GET /__admin/webhooks`.
extension MockEngine {
    /// Where this engine's entries send their webhooks; `nil` (the default) sends none, and
    /// `GET /__admin/webhooks` says so. `mockserver` installs its upstream client,
    /// `FixtureTransport` its `forwardingTransport`.
    ///
    /// ```swift
    /// engine.setWebhookSender(UpstreamWebhookSender(client: try UpstreamClient(), logger: logger))
    /// ```
    public func setWebhookSender(_ sender: (any WebhookSending)?) {
        webhookOutbox.setSender(sender)
    }

    /// Renders `webhooks` for the request `entry` answered, to send once the answer is out
    /// (``sendWebhooks(_:of:after:)``): not for a HEAD a GET entry answers (it uses up nothing and
    /// moves no scenario, so it sends nothing either).
    func renderWebhooks(_ webhooks: [EntryWebhook], for request: inout IncomingRequest, entry: FixtureEntry, outcome: MatchOutcome) {
        guard !(request.isHead && entry.method != "HEAD") else { return }
        let pseudonym = webhookOutbox.pseudonym
        request.webhooks = webhooks.map { $0.rendered(for: &request, id: 0, entry: outcome, pseudonym: pseudonym) }
    }

    /// Sends the webhooks rendered for `request` after `answer` has gone out: its delay
    /// (the entry's and `--delay`) and the time its body takes at `bytesPerSecond`. (Sent when
    /// the answer was chosen, a webhook arrived 1.5 s before the answer it followed; audit R22.)
    func sendWebhooks(_ webhooks: [WebhookRequest], of request: IncomingRequest, after answer: MockResponse) {
        let transfer = Int(answer.transferNanoseconds(forBodyCount: request.isHead ? 0 : answer.body.count) / 1_000_000)
        let comingBack = request.headerValue("via")?.contains(webhookOutbox.pseudonym) ?? false
        webhookOutbox.send(webhooks, afterAnswerMilliseconds: answer.delayMilliseconds + transfer, comingBack: comingBack)
    }

    /// `GET /__admin/webhooks`: the last 1,000 webhooks, oldest first, each `pending`,
    /// `delivered` (with the status the receiver answered) or `failed` (with why).
    func webhookListResponse() -> MockResponse {
        let (records, dropped, pending) = webhookOutbox.snapshot
        return adminAnswer("\(records.count) webhooks, \(pending) pending", [
            ("webhooks", .makeArray(records.map(Self.webhookJSON))),
            ("pending", .number(JSONNumber(pending))),
            ("dropped", .number(JSONNumber(dropped))),
        ])
    }

    private static func webhookJSON(_ record: WebhookOutbox.Record) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .number(JSONNumber(record.request.id))),
            ("time", .string(WallClock.rfc3339(milliseconds: record.timeMilliseconds))),
            ("method", .string(record.request.method)),
            ("url", .string(record.request.url)),
            // As sent; names never repeat (the compiler keeps one of each name, and `Via`,
            // which the engine adds, cannot be set).
            ("headers", .makeObject(record.request.headers.map { ($0.name, .string($0.value)) })),
            ("delay", .number(JSONNumber(record.request.delayMilliseconds))),
            ("entry", JournalRecord.matchedJSON(record.request.entry)),
        ]
        switch record.state {
        case .pending:
            fields.append(("state", .string("pending")))
        case .delivered(let status):
            fields.append(("state", .string("delivered")))
            fields.append(("status", .number(JSONNumber(status))))
        case .failed(let reason):
            fields.append(("state", .string("failed")))
            fields.append(("error", .string(reason)))
        }
        fields.append(("body", .string(String(decoding: record.request.body, as: UTF8.self))))
        fields.append(("bodySize", .number(JSONNumber(record.bodySize))))
        if record.bodySize > record.request.body.count { fields.append(("bodyTruncated", .bool(true))) }
        return .makeObject(fields)
    }

    /// Webhooks listed `pending`: waiting for their delay or for the receiver's answer. A front
    /// that stops says how many it leaves unsent.
    package var pendingWebhookCount: Int {
        webhookOutbox.snapshot.pending
    }

    /// `DELETE /__admin/webhooks`: clears the list and cancels the webhooks still waiting.
    func clearWebhooksResponse() -> MockResponse {
        let cleared = webhookOutbox.clear()
        return adminAnswer("cleared \(cleared) webhooks", [("status", .string("cleared")), ("cleared", .number(JSONNumber(cleared)))])
    }
}
