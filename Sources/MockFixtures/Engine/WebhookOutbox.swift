/// The webhooks a ``MockEngine``'s entries sent: handed to the front's ``WebhookSending``, and
/// the last ``capacity`` of them kept with what became of each (`GET /__admin/webhooks`), so a
/// test can wait until its webhook was delivered. A reset clears them.
final class WebhookOutbox: Sendable {
    static let capacity = 1_000

    /// What became of one webhook.
    enum State: Sendable, Equatable {
        case pending
        case delivered(status: Int)
        case failed(String)
    }

    struct Record: Sendable {
        let request: WebhookRequest
        let timeMilliseconds: Int64
        var state: State
    }

    private struct Log {
        var records: [Record] = []
        var nextID = 1
        var dropped = 0
    }

    private let sender = LockedState<(any WebhookSending)?>(nil)
    private let log = LockedState(Log())
    /// This engine's name in the `Via` of the webhooks it sends, random per engine: a webhook
    /// that comes back to an entry with webhooks sends none (it would call itself without end),
    /// while another engine in the same process (a second in-process server) is called as any.
    let pseudonym = "mockserver-webhooks-" + FNV1a.hex(UInt64.random(in: .min ... .max), digits: 12)

    func setSender(_ sender: (any WebhookSending)?) {
        self.sender.withLock { $0 = sender }
    }

    /// Records and hands on the webhooks `make` renders (given their ids); a request that was
    /// itself one of this process's webhooks sends none, and the records say why.
    func send(comingBack: Bool, _ make: (_ id: () -> Int) -> [WebhookRequest]) {
        let time = WallClock.millisecondsSince1970()
        let requests = log.withLock { log in
            let made = make {
                defer { log.nextID += 1 }
                return log.nextID
            }
            for request in made {
                let state: State = comingBack ? .failed("not sent: the request that triggered it was one of this server's own webhooks, which would call each other without end") : .pending
                log.records.append(Record(request: request, timeMilliseconds: time, state: state))
            }
            if log.records.count > Self.capacity {
                log.dropped += log.records.count - Self.capacity
                log.records.removeFirst(log.records.count - Self.capacity)
            }
            return made
        }
        guard !comingBack else { return }
        guard let sender = sender.withLock({ $0 }) else {
            for request in requests {
                settle(request.id, .failed("not sent: this front has no webhook sender (MockEngine.setWebhookSender)"))
            }
            return
        }
        for request in requests {
            sender.send(request) { [self] result in
                switch result {
                case .success(let status): settle(request.id, .delivered(status: status))
                case .failure(let failure): settle(request.id, .failed(failure.reason))
                }
            }
        }
    }

    private func settle(_ id: Int, _ state: State) {
        log.withLock { log in
            // A reset may have cleared it meanwhile.
            guard let index = log.records.lastIndex(where: { $0.request.id == id }) else { return }
            log.records[index].state = state
        }
    }

    /// Clears the records (a reset); returns how many there were.
    @discardableResult
    func clear() -> Int {
        log.withLock { log in
            defer { log.records = []; log.dropped = 0 }
            return log.records.count
        }
    }

    var snapshot: (records: [Record], dropped: Int) {
        log.withLock { ($0.records, $0.dropped) }
    }
}
