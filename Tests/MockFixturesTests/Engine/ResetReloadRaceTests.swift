import Foundation
import TestSupport
import Testing
@testable import MockFixtures

/// A reset and a reload at the same time (a suite resetting between tests while `--watch`
/// reloads an edit): the resource a file declares ends up as the file now declares it.
@Suite struct ResetReloadRaceTests {
    @Test func aResetOverlappingAReloadNeverBringsBackTheReplacedDeclaration() async throws {
        let old = try TemporaryFolder(["api/people.json": #"{"$resource": {"items": [{"id": 1, "name": "old"}]}}"#, "api/ping.json": #"{"response": 1}"#])
        let new = try TemporaryFolder(["api/people.json": #"{"$resource": {"items": [{"id": 1, "name": "new"}]}}"#, "api/ping.json": #"{"response": 1}"#])
        let stores = [try old.load(), try new.load()]
        let engine = MockEngine(store: stores[0])
        // A full journal makes the reset long enough for a reload to land inside it (audit C3:
        // 24 of 300 overlaps served the old items with 1,000 records, 1 of 300 with none).
        let stale = await onOwnThread {
            var stale: [Int] = []
            for round in 1...200 {
                for _ in 0..<1_000 { _ = engine.get("/api/ping") }
                let replacement = stores[round % 2]
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { engine.reset() } else { engine.replaceStore(replacement) }
                }
                let expected = round % 2 == 0 ? "old" : "new"
                if !engine.get("/api/people/1").text.contains(#""name":"\#(expected)""#) { stale.append(round) }
            }
            return stale
        }
        #expect(stale.isEmpty, "rounds serving the replaced file's items: \(stale)")
    }
}
