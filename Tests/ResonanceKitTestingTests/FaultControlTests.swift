import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Faults and slow bodies as an app sees them, over sockets and in-process: the same `URLError`s
/// and the same journal (see README, "Faults and slow networks").
@Suite("Faults and slow bodies")
struct FaultControlTests {
    static let fronts = ControlFront.allCases

    static let files = [
        "api/flaky.json": #"""
        [{"fault": "connectionReset", "times": 1},
         {"fault": "emptyResponse", "times": 1},
         {"fault": "truncatedBody", "response": {"items": [1, 2, 3]}, "times": 1},
         {"response": {"items": []}}]
        """#,
        "api/slow.json": #"{"bytesPerSecond": 1, "responseText": "\#(String(repeating: "x", count: 3_600))"}"#,
    ]

    /// What a real URLSession reports on this platform (measured against a socket doing the same).
    static let expectedCodes: [URLError.Code] = {
        #if canImport(FoundationNetworking)
        [.networkConnectionLost, .badServerResponse, .unknown]
        #else
        [.networkConnectionLost, .networkConnectionLost, .networkConnectionLost]
        #endif
    }()

    @Test(arguments: fronts)
    func faultsReachTheAppAsURLSessionErrorsAndAreJournaled(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            var codes: [URLError.Code] = []
            for _ in 0..<3 {
                let failure = await #expect(throws: RequestError<EmptyResponse>.self) {
                    _ = try await JSONRequest<EmptyResponse, EmptyResponse>(method: .get, path: "flaky", session: harness.session).perform()
                }
                guard case .transport(let underlying)? = failure?.kind, let urlError = underlying as? URLError else {
                    Issue.record("not a transport error: \(String(describing: failure))")
                    continue
                }
                codes.append(urlError.code)
            }
            #expect(codes == Self.expectedCodes)
            #expect(try await harness.session.status(.get, "flaky") == 200)
            let journal = try await harness.mock.requests()
            #expect(journal.map(\.outcome) == ["connectionReset", "emptyResponse", "truncatedBody", "matched"])
            #expect(journal.map(\.status) == [0, 0, 200, 200])
            #expect(journal.map(\.matched?.entry) == [0, 1, 2, 3])
            #expect(try await harness.mock.requests(unmatchedOnly: true).isEmpty)
        }
    }

    @Test func theTransportNamesTheFaultAndTheMissingBytes() async throws {
        let root = try TemporaryFolder(Self.files)
        defer { root.remove() }
        let transport = try FixtureTransport(root: root.path)
        let url = URL(string: "http://fixtures.test/api/flaky")!
        for expected in Self.expectedCodes {
            do {
                _ = try await transport.send(URLRequest(url: url))
                Issue.record("no error")
            } catch let error as URLError {
                #expect(error.code == expected)
                #expect(error.failingURL == url)
                if case .fault(let fault, _)? = transport.lastOutcome, fault == .truncatedBody {
                    #if canImport(FoundationNetworking)
                    #expect(error.localizedDescription == "transfer closed with 9 bytes remaining to read", "\(error.localizedDescription)")
                    #endif
                }
            }
        }
        var head = URLRequest(url: URL(string: "http://fixtures.test/api/slow")!)
        head.httpMethod = "HEAD"
        let (body, response) = try await transport.send(head)
        #expect(body.isEmpty, "HEAD sends no body, so there is nothing to send slowly")
        #expect(response.statusCode == 200)
    }

    /// The client-side network errors OHHTTPStubs suites stub (offline, no such host, nothing
    /// listening, a failed TLS handshake): exact in-process, a reset (-1005) over a socket; both
    /// journal the fault.
    @Test(arguments: fronts)
    func clientNetworkErrorsAreExactInProcess(front: ControlFront) async throws {
        let files = ["api/net.json": #"""
            [{"fault": "notConnectedToInternet", "times": 1}, {"fault": "cannotFindHost", "times": 1},
             {"fault": "cannotConnectToHost", "times": 1}, {"fault": "secureConnectionFailed", "times": 1}, {"response": {}}]
            """#]
        try await front.run(files: files) { harness in
            var codes: [URLError.Code] = []
            for _ in 0..<4 {
                let url = harness.session.baseURL.appendingPathComponent("net")
                do {
                    _ = try await harness.session.transport.send(URLRequest(url: url))
                    Issue.record("no error")
                } catch let error as URLError {
                    codes.append(error.code)
                }
            }
            let expected: [URLError.Code] = front == .inProcess
                ? [.notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .secureConnectionFailed]
                : Array(repeating: .networkConnectionLost, count: 4)
            #expect(codes == expected)
            let journal = try await harness.mock.requests()
            #expect(journal.map(\.outcome) == ["notConnectedToInternet", "cannotFindHost", "cannotConnectToHost", "secureConnectionFailed"])
            #expect(journal.map(\.status) == [0, 0, 0, 0])
        }
    }

    /// A delay longer than the request's `timeoutInterval` ends in `URLError(.timedOut)`, as
    /// URLSession's own timer ends it (a `JSONSession` sets a longer one: its deadline decides).
    @Test(arguments: fronts)
    func aDelayLongerThanTheRequestsTimeoutTimesOut(front: ControlFront) async throws {
        try await front.run(files: ["api/held.json": #"{"delay": 10000, "response": {"held": true}}"#]) { (harness: ControlFront.Harness) async throws in
            let url = harness.session.baseURL.appendingPathComponent("held")
            var request = URLRequest(url: url)
            request.timeoutInterval = 1
            let error = await #expect(throws: URLError.self) { try await harness.session.transport.send(request) }
            #expect(error?.code == .timedOut)
        }
    }

    @Test func aSlowBodyWaitsInProportionAndCanBeCancelled() async throws {
        let root = try TemporaryFolder(Self.files)
        defer { root.remove() }
        let transport = try FixtureTransport(root: root.path)
        // 3,600 bytes at 1 byte per second: an hour, unless cancelled.
        let request = Task { try await transport.send(URLRequest(url: URL(string: "http://fixtures.test/api/slow")!)) }
        #expect(try await eventually(within: 30) { try await !transport.requests().isEmpty }, "the request never arrived")
        #expect(transport.lastOutcome == .matched(file: "api/slow.json", entry: 0), "the request arrived and is being sent slowly")
        request.cancel()
        await #expect(throws: CancellationError.self) { _ = try await request.value }
    }
}
