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

    /// Renders and sends `webhooks` for the request `entry` answered: not for a HEAD a GET entry
    /// answers (it uses up nothing and moves no scenario, so it sends nothing either).
    func sendWebhooks(_ webhooks: [EntryWebhook], for request: inout IncomingRequest, entry: FixtureEntry, outcome: MatchOutcome) {
        guard !(request.isHead && entry.method != "HEAD") else { return }
        let pseudonym = webhookOutbox.pseudonym
        let comingBack = request.headerValue("via")?.contains(pseudonym) ?? false
        webhookOutbox.send(comingBack: comingBack) { nextID in
            webhooks.map { $0.rendered(for: &request, id: nextID(), entry: outcome, pseudonym: pseudonym) }
        }
    }

    /// `GET /__admin/webhooks`: the last 1,000 webhooks, oldest first, each `pending`,
    /// `delivered` (with the status the receiver answered) or `failed` (with why).
    func webhookListResponse() -> MockResponse {
        let (records, dropped) = webhookOutbox.snapshot
        let pending = records.filter { $0.state == .pending }.count
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
        fields.append(("body", .string(String(decoding: record.request.body.prefix(65_536), as: UTF8.self))))
        return .makeObject(fields)
    }
}
