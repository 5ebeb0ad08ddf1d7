import Dispatch

/// The webhooks a ``MockEngine``'s entries send: each waits until the answer that triggered it
/// has gone out and its own `delay` has passed, then goes to the front's ``WebhookSending``;
/// the last ``capacity`` are kept with what became of each (`GET /__admin/webhooks`), so a test
/// can wait until its webhook was delivered. A reset clears them and cancels those still
/// waiting (audit R22: they were delivered after the reset, into the next test).
final class WebhookOutbox: Sendable {
    static let capacity = 1_000
    /// How much of each body the list keeps (1,000 webhooks of 1 MB held 1 GB; audit R22).
    static let keptBodyBytes = 65_536

    /// What became of one webhook.
    enum State: Sendable, Equatable {
        case pending
        case delivered(status: Int)
        case failed(String)
    }

    struct Record: Sendable {
        /// With its body cut to ``keptBodyBytes``.
        let request: WebhookRequest
        let bodySize: Int
        let timeMilliseconds: Int64
        var state: State
    }

    private struct Log {
        var records: [Record] = []
        var nextID = 1
        var dropped = 0
        /// Webhooks not yet delivered or failed, also those dropped from `records`.
        var pending = 0
        /// Raised by each reset: a webhook of an earlier one is not sent, nor counted.
        var generation = 0
        /// The cancel functions of webhooks handed to the sender and not yet settled, by id.
        var inFlight: [Int: PendingCancel] = [:]
    }

    private let sender = LockedState<(any WebhookSending)?>(nil)
    private let log = LockedState(Log())
    /// This engine's name in the `Via` of the webhooks it sends, random per engine: a webhook
    /// that comes back to an entry with webhooks sends none (it would call itself without end),
    /// while another engine in the same process (a second in-process server) is called as any.
    let pseudonym = "mockserver-webhooks-" + FNV1a.hex(UInt64.random(in: .min ... .max), digits: 12)

    /// The first ``keptBodyBytes`` of `body`, not ending inside a UTF-8 character (which would
    /// show as U+FFFD).
    static func kept(_ body: [UInt8]) -> [UInt8] {
        guard body.count > keptBodyBytes else { return body }
        var end = keptBodyBytes
        // Back off over continuation bytes (10xxxxxx) to the start of the cut character.
        if body[end] & 0xC0 == 0x80 {
            while end > keptBodyBytes - 4, end > 0, body[end] & 0xC0 == 0x80 { end -= 1 }
        }
        return Array(body[..<end])
    }

    func setSender(_ sender: (any WebhookSending)?) {
        self.sender.withLock { $0 = sender }
    }

    static let loopReason = "not sent: the request that triggered it was one of this server's own webhooks, which would call each other without end"

    /// Numbers, lists and schedules `webhooks`, each `answerMilliseconds` plus its own delay from
    /// now; with `comingBack` (the triggering request was one of this engine's webhooks) none
    /// is sent, and the list says why.
    func send(_ webhooks: [WebhookRequest], afterAnswerMilliseconds answerMilliseconds: Int, comingBack: Bool) {
        let time = WallClock.millisecondsSince1970()
        let (numbered, generation) = log.withLock { log in
            let numbered = webhooks.map { webhook in
                defer { log.nextID += 1 }
                return WebhookRequest(id: log.nextID, method: webhook.method, url: webhook.url, headers: webhook.headers, body: webhook.body,
                                      delayMilliseconds: answerMilliseconds + webhook.delayMilliseconds, entry: webhook.entry)
            }
            for webhook in numbered {
                let kept = WebhookRequest(id: webhook.id, method: webhook.method, url: webhook.url, headers: webhook.headers,
                                          body: Self.kept(webhook.body), delayMilliseconds: webhook.delayMilliseconds, entry: webhook.entry)
                let state: State = comingBack ? .failed(Self.loopReason) : .pending
                log.records.append(Record(request: kept, bodySize: webhook.body.count, timeMilliseconds: time, state: state))
            }
            if !comingBack { log.pending += numbered.count }
            if log.records.count > Self.capacity {
                log.dropped += log.records.count - Self.capacity
                log.records.removeFirst(log.records.count - Self.capacity)
            }
            return (numbered, log.generation)
        }
        guard !comingBack else {
            if let sender = sender.withLock({ $0 }) {
                for webhook in numbered { sender.skipped(webhook, reason: Self.loopReason) }
            }
            return
        }
        for webhook in numbered {
            guard webhook.delayMilliseconds > 0 else {
                deliver(webhook, generation: generation)
                continue
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(webhook.delayMilliseconds)) { [self] in
                deliver(webhook, generation: generation)
            }
        }
    }

    /// Hands `webhook` to the sender, unless a reset came since it was scheduled.
    private func deliver(_ webhook: WebhookRequest, generation: Int) {
        guard log.withLock({ $0.generation == generation }) else { return }
        guard let sender = sender.withLock({ $0 }) else {
            settle(webhook.id, generation: generation, .failed("not sent: this front has no webhook sender (MockEngine.setWebhookSender)"))
            return
        }
        // Kept until it settles, so a reset can cancel it (audit R23: 172 of 300 webhooks waiting
        // for a thread went out after the reset); registered before the send, which may settle
        // at once or after a reset.
        let pendingCancel = PendingCancel()
        guard log.withLock({ log in
            guard log.generation == generation else { return false }
            log.inFlight[webhook.id] = pendingCancel
            return true
        }) else { return }
        let cancel = sender.send(webhook) { [self] result in
            switch result {
            case .success(let status): settle(webhook.id, generation: generation, .delivered(status: status))
            case .failure(let failure): settle(webhook.id, generation: generation, .failed(failure.reason))
            }
        }
        pendingCancel.set(cancel)
    }

    private func settle(_ id: Int, generation: Int, _ state: State) {
        log.withLock { log in
            // A reset cleared it meanwhile: nothing to count or list.
            guard log.generation == generation else { return }
            log.inFlight[id] = nil
            log.pending -= 1
            guard let index = log.records.lastIndex(where: { $0.request.id == id }) else { return }
            log.records[index].state = state
        }
    }

    /// Clears the records and cancels the webhooks still waiting (a reset, `DELETE
    /// /__admin/webhooks`); returns how many were listed.
    @discardableResult
    func clear() -> Int {
        let (count, cancels) = log.withLock { log in
            defer {
                log.records = []
                log.dropped = 0
                log.pending = 0
                log.generation += 1
                log.inFlight = [:]
            }
            return (log.records.count, Array(log.inFlight.values))
        }
        for cancel in cancels { cancel() }
        return count
    }

    var snapshot: (records: [Record], dropped: Int, pending: Int) {
        log.withLock { ($0.records, $0.dropped, $0.pending) }
    }
}

/// A webhook's cancel function, which arrives after the webhook is registered: a cancel asked
/// for before it arrives runs as soon as it does.
final class PendingCancel: Sendable {
    private let state = LockedState<(cancel: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))

    func set(_ cancel: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            state.cancel = cancel
            return state.cancelled
        }
        if runNow { cancel() }
    }

    func callAsFunction() {
        let cancel = state.withLock { state in
            state.cancelled = true
            return state.cancel
        }
        cancel?()
    }
}
