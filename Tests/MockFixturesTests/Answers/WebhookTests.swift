import Foundation
import TestSupport
import Testing
@testable import MockFixtures

/// `"webhooks"`: requests an entry sends after it answers, through the front's sender.
@Suite("Webhooks")
struct WebhookTests {
    /// Keeps what it is asked to send and answers `status`.
    final class Recorder: WebhookSending, @unchecked Sendable {
        // @unchecked: `sent` is only read and written under `lock`.
        private let lock = NSLock()
        private var sent: [WebhookRequest] = []
        let status: Int

        init(status: Int = 204) { self.status = status }

        func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
            lock.withLock { sent.append(webhook) }
            completion(.success(status))
            return {}
        }

        var requests: [WebhookRequest] { lock.withLock { sent } }
    }

    static let orders = """
    [{"method": "POST", "status": 202, "template": true, "response": {"accepted": "{{body.id}}"},
      "webhooks": [{"url": "{{body.callback}}", "headers": {"X-Order": "{{body.id}}"}, "body": {"id": "{{body.id}}", "state": "paid"}, "delay": 250},
                   {"url": "http://127.0.0.1:9/audit", "method": "put", "bodyText": "order {{body.id}}"}]}]
    """

    @Test func anEntrysWebhooksAreRenderedFromTheRequestAndListed() async throws {
        let fixture = try EngineFixture(["api/orders.json": Self.orders])
        #expect(fixture.engine.store.problems.isEmpty, "\(fixture.engine.store.problems)")
        let recorder = Recorder()
        fixture.engine.setWebhookSender(recorder)
        let answer = fixture.postJSON("/api/orders", #"{"id": 7, "callback": "http://127.0.0.1:9000/hook"}"#)
        #expect(answer.status == 202 && answer.text == #"{"accepted":7}"#)
        let pending = try fixture.get("/__admin/webhooks").jsonObject()
        #expect(pending["pending"] as? Int == 1, "the one with a delay waits: \(pending)")
        #expect(await eventually { recorder.requests.count == 2 })
        // The one without a delay went first.
        let sent = recorder.requests.reversed() as [WebhookRequest]
        #expect(sent.map(\.url) == ["http://127.0.0.1:9000/hook", "http://127.0.0.1:9/audit"])
        #expect(sent.map(\.method) == ["POST", "PUT"])
        #expect(String(decoding: sent[0].body, as: UTF8.self) == #"{"id":7,"state":"paid"}"#)
        #expect(sent[0].headers.contains(HTTPHeader(name: "X-Order", value: "7")))
        #expect(sent[0].headers.contains(HTTPHeader(name: "Content-Type", value: MediaType.json)))
        #expect(sent[0].headers.contains { $0.name == "Via" && $0.value.hasPrefix("1.1 mockserver-webhooks-") }, "a loop can be told")
        #expect(sent[0].delayMilliseconds == 250)
        #expect(String(decoding: sent[1].body, as: UTF8.self) == "order 7")
        #expect(sent.allSatisfy { $0.entry == .matched(file: "api/orders.json", entry: 0) })

        let listed = try fixture.get("/__admin/webhooks").jsonObject()
        let webhooks = try #require(listed["webhooks"] as? [[String: Any]])
        #expect(webhooks.map { $0["state"] as? String } == ["delivered", "delivered"], "listed in the order they were made")
        #expect(webhooks.map { $0["status"] as? Int } == [204, 204])
        #expect((webhooks[0]["entry"] as? [String: Any])?["file"] as? String == "api/orders.json")
        #expect(listed["pending"] as? Int == 0)
        #expect(fixture.postJSON("/__admin/reset", "").status == 200)
        #expect((try fixture.get("/__admin/webhooks").jsonObject()["webhooks"] as? [Any])?.isEmpty == true, "a reset clears them")
    }

    @Test func aHeadAnsweredByAGetEntryAndAWebhookComingBackSendNone() throws {
        let fixture = try EngineFixture(["api/ping.json": #"{"webhooks": [{"url": "http://127.0.0.1:9/hook"}]}"#])
        let recorder = Recorder()
        fixture.engine.setWebhookSender(recorder)
        _ = fixture.send("HEAD", "/api/ping")
        #expect(recorder.requests.isEmpty, "HEAD uses up nothing and sends nothing")
        _ = fixture.get("/api/ping")
        let via = try #require(recorder.requests.first?.headers.first { $0.name == "Via" }?.value)
        _ = fixture.get("/api/ping", headers: ["Via": via])
        #expect(recorder.requests.count == 1, "this server's own webhook, come back, sends none")
        let webhooks = try #require(try fixture.get("/__admin/webhooks").jsonObject()["webhooks"] as? [[String: Any]])
        #expect((webhooks.last?["error"] as? String)?.contains("one of this server's own webhooks") == true, "\(webhooks)")
        #expect(fixture.engine.store.preparedResponses.isEmpty == false)
        #expect(fixture.get("/api/ping").preparedID != nil, "the answer itself stays prepared")
    }

    @Test func withoutASenderTheWebhookIsListedAsNotSent() throws {
        let fixture = try EngineFixture(["api/ping.json": #"{"webhooks": [{"url": "http://127.0.0.1:9/hook"}]}"#])
        _ = fixture.get("/api/ping")
        let webhooks = try #require(try fixture.get("/__admin/webhooks").jsonObject()["webhooks"] as? [[String: Any]])
        #expect(webhooks.first?["state"] as? String == "failed")
        #expect((webhooks.first?["error"] as? String)?.contains("this front has no webhook sender") == true)
    }

    @Test(arguments: [
        (#"{"webhooks": {}}"#, "webhooks must be a non-empty array of objects"),
        (#"{"webhooks": [{"body": {}}]}"#, #"a webhook needs "url""#),
        (#"{"webhooks": [{"url": "ftp://x"}]}"#, #"webhook url "ftp://x" is not usable: the scheme ftp is not supported"#),
        (#"{"webhooks": [{"url": "http://x", "bdy": {}}]}"#, #"a webhook has an unknown key "bdy""#),
        (#"{"webhooks": [{"url": "http://x", "body": {}, "bodyText": "a"}]}"#, #"a webhook has "body" and "bodyText", but sends one body"#),
        (#"{"webhooks": [{"url": "http://x", "bodyText": "a", "body": {}}]}"#, #"a webhook has "body" and "bodyText", but sends one body"#),
        (#"{"webhooks": [{"url": "http://x", "headers": {"Host": "y"}}]}"#, #"webhook headers cannot set "Host""#),
        (#"{"webhooks": [{"url": "http://x", "delay": -1}]}"#, "webhook delay"),
        (#"{"template": true, "webhooks": [{"url": "{{paht.x}}"}]}"#, "unknown placeholder"),
    ])
    func mistakesAreLoadErrors(entry: String, message: String) throws {
        let fixture = try EngineFixture(["api/x.json": "[\(entry)]"])
        let problems = fixture.engine.store.problems
        #expect(problems.contains { $0.severity == .error && $0.message.contains(message) }, "\(problems)")
    }

    @Test func placeholdersWithoutTemplateAreWarnedAbout() throws {
        let fixture = try EngineFixture(["api/x.json": #"[{"webhooks": [{"url": "http://x/{{body.id}}"}]}]"#])
        #expect(fixture.engine.store.problems.map(\.message) == ["this webhook holds {{, which is sent as written: the entry is not templated"])
    }
}

/// Two mocks whose webhooks call each other stop once a webhook comes back to the one that
/// started it: each keeps the Via entries of the request that triggered it.
@Suite struct WebhookLoopTests {
    /// Hands each webhook to `target` at once, as a network would.
    final class Relay: WebhookSending, @unchecked Sendable {
        // @unchecked: `target` is set once before any request, then only read.
        var target: MockEngine?
        func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
            let answer = target?.respond(method: webhook.method, target: "/hook", headers: HeaderList(fields: webhook.headers), body: webhook.body)
            completion(.success(answer?.status ?? 0))
            return {}
        }
    }

    @Test func mocksCallingEachOtherBackStop() throws {
        let files = ["hook.json": #"{"method": "POST", "status": 204, "webhooks": [{"url": "http://other.test/hook"}]}"#]
        let a = try EngineFixture(files)
        let b = try EngineFixture(files)
        let toB = Relay()
        let toA = Relay()
        toB.target = b.engine
        toA.target = a.engine
        a.engine.setWebhookSender(toB)
        b.engine.setWebhookSender(toA)
        #expect(a.postJSON("/hook", "{}").status == 204)
        let sentByA = try #require(try a.get("/__admin/webhooks").jsonObject()["webhooks"] as? [[String: Any]])
        let sentByB = try #require(try b.get("/__admin/webhooks").jsonObject()["webhooks"] as? [[String: Any]])
        // A → B (delivered), B → A (delivered), A sees its own name: not sent.
        #expect(sentByA.map { $0["state"] as? String } == ["delivered", "failed"], "\(sentByA)")
        #expect(sentByB.map { $0["state"] as? String } == ["delivered"], "\(sentByB)")
        #expect((sentByA.last?["error"] as? String)?.contains("one of this server's own webhooks") == true)
    }
}

/// When webhooks go (audit R22): after the answer's delay, and never after a reset.
@Suite struct WebhookTimingTests {
    @Test func aWebhookWaitsForTheAnswersDelayAndAResetCancelsIt() async throws {
        let fixture = try EngineFixture(["api/slow.json": #"{"delay": 1500, "webhooks": [{"url": "http://127.0.0.1:9/hook", "delay": 100}]}"#])
        let recorder = WebhookTests.Recorder()
        fixture.engine.setWebhookSender(recorder)
        let answer = fixture.get("/api/slow")
        #expect(answer.delayMilliseconds == 1_500)
        let listed = try #require(try fixture.get("/__admin/webhooks").jsonObject()["webhooks"] as? [[String: Any]])
        #expect(listed.first?["delay"] as? Int == 1_600, "sent once the answer has gone out, then its own delay")
        #expect(listed.first?["state"] as? String == "pending")
        #expect(fixture.postJSON("/__admin/reset", "").status == 200)
        #expect(try fixture.get("/__admin/webhooks").jsonObject()["pending"] as? Int == 0, "a reset cancels it")
        // A webhook made after the reset, with no delay, is sent; the cancelled one never is.
        _ = fixture.engine.respond(method: "POST", target: "/__admin/fixtures", headers: ["Content-Type": "application/json"],
                                   body: Array(#"{"path": "/api/now", "entries": [{"webhooks": [{"url": "http://127.0.0.1:9/now"}]}]}"#.utf8))
        _ = fixture.get("/api/now")
        #expect(await eventually { recorder.requests.count == 1 })
        #expect(recorder.requests.map(\.url) == ["http://127.0.0.1:9/now"])
        #expect(try await eventually { try fixture.get("/__admin/webhooks").jsonObject()["pending"] as? Int == 0 })
        // Past the cancelled one's time: still not sent.
        let cancelledWouldGo = ContinuousClock.now + .milliseconds(1_700)
        #expect(await eventually { ContinuousClock.now > cancelledWouldGo })
        #expect(recorder.requests.count == 1, "the cancelled webhook was never sent")
    }
}

/// Audit R23: webhooks already handed to the sender but not answered (waiting for a thread) were
/// still sent after a reset; the reset cancels them now.
@Suite struct WebhookResetCancelTests {
    /// Holds every webhook unanswered and counts cancellations.
    final class Holding: WebhookSending, @unchecked Sendable {
        // @unchecked: both are only read and written under `lock`.
        private let lock = NSLock()
        private var completions: [@Sendable (Result<Int, WebhookFailure>) -> Void] = []
        private var cancelled = 0

        func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
            lock.withLock { completions.append(completion) }
            return { [self] in lock.withLock { cancelled += 1 } }
        }

        var cancellations: Int { lock.withLock { cancelled } }
        var held: Int { lock.withLock { completions.count } }

        func answerAll() {
            for completion in lock.withLock({ completions }) { completion(.success(200)) }
        }
    }

    @Test func aResetCancelsWebhooksTheSenderHolds() throws {
        let fixture = try EngineFixture(["api/ping.json": #"{"webhooks": [{"url": "http://127.0.0.1:9/a"}, {"url": "http://127.0.0.1:9/b"}]}"#])
        let holding = Holding()
        fixture.engine.setWebhookSender(holding)
        _ = fixture.get("/api/ping")
        #expect(holding.held == 2)
        #expect(try fixture.get("/__admin/webhooks").jsonObject()["pending"] as? Int == 2)
        let reset = try fixture.postJSON("/__admin/reset", "").jsonObject()
        #expect(reset["webhooks"] as? Int == 2)
        #expect(holding.cancellations == 2, "both were cancelled")
        holding.answerAll()
        let listed = try fixture.get("/__admin/webhooks").jsonObject()
        #expect((listed["webhooks"] as? [Any])?.isEmpty == true && listed["pending"] as? Int == 0, "late answers change nothing: \(listed)")
    }
}

@Suite struct WebhookBodyCutTests {
    /// The listed body is cut at a character's start, never inside one (audit R23: U+FFFD).
    @Test func aCutBodyEndsOnACharacter() {
        let body = Array(String(repeating: "a", count: WebhookOutbox.keptBodyBytes - 1).utf8) + Array("é and more".utf8)
        let kept = WebhookOutbox.kept(body)
        #expect(kept.count == WebhookOutbox.keptBodyBytes - 1)
        #expect(String(validating: kept, as: UTF8.self) != nil)
        #expect(WebhookOutbox.kept(Array("short".utf8)) == Array("short".utf8))
    }
}
