import Foundation
import ResonanceKit
import ResonanceKitTesting
import Testing

struct Cart: Codable, Sendable, Equatable {
    let items: [String]
}

@Suite("Per-test state, over sockets and in-process")
struct StateControlTests {
    static let files = [
        "api/orders.json": #"[{"method": "POST", "status": 201, "response": {"id": 7}}]"#,
        "api/cart.json": """
            [
              {"method": "GET", "scenario": "cart", "state": "started", "response": {"items": []}},
              {"method": "POST", "scenario": "cart", "newState": "has item", "status": 201},
              {"method": "GET", "scenario": "cart", "state": "has item", "response": {"items": ["A1"]}},
              {"method": "POST", "scenario": "cart", "state": "has item", "request": {"pay": true}, "newState": "paid", "status": 200}
            ]
            """,
    ]

    /// `priority` in Swift: a one-off 503 goes before the constrained entry, over both fronts.
    @Test(arguments: ControlFront.allCases)
    func priorityOrdersAFixturesEntries(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            _ = try await harness.mock.addFixture(path: "/api/orders", entries: [
                FixtureEntry(method: .post, status: 201, requestHeaders: ["Authorization": "Bearer t"]),
                FixtureEntry(method: .post, status: 503, times: 1, priority: 1),
            ])
            #expect(try await harness.session.status(.post, "orders", headers: ["Authorization": "Bearer t"]) == 503)
            #expect(try await harness.session.status(.post, "orders", headers: ["Authorization": "Bearer t"]) == 201)
        }
    }

    @Test(arguments: ControlFront.allCases)
    func aRuntimeFixtureAnswersFirstSurvivesReloadAndGoesWithReset(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let id = try await harness.mock.addFixture(path: "/api/orders", entries: [
                FixtureEntry(method: .post, status: 500, response: ["error": "payment service down"], headers: ["X-Fault": "yes"]),
            ])
            #expect(id == "fixture-1")
            let failed = try await harness.session.send(HTTPRequest(method: .post, path: "orders", body: .json(["sku": "A1"])))
            #expect(failed.statusCode == 500)
            #expect(failed.headers["x-fault"] == "yes")
            #expect(try failed.decode([String: String].self) == ["error": "payment service down"])

            try harness.root.write("api/orders.json", #"[{"method": "POST", "status": 202}]"#)
            let reloaded = try await harness.mock.reload()
            #expect(reloaded.fixtures == 2)
            #expect(try await harness.session.status(.post, "orders") == 500, "runtime fixtures survive a reload")

            try await harness.mock.removeFixture(id)
            #expect(try await harness.session.status(.post, "orders") == 202, "the reloaded file answers")
            _ = try await harness.mock.addFixture(path: "/api/orders", entries: [FixtureEntry(method: .post, status: 503)])
            let summary = try await harness.mock.reset()
            #expect(summary.fixtures == 1)
            #expect(try await harness.session.status(.post, "orders") == 202)

            let missing = await #expect(throws: MockControlError.self) { try await harness.mock.removeFixture("fixture-9") }
            #expect(missing?.status == 404)
            #expect(missing?.message.hasPrefix(#"no runtime fixture has the id "fixture-9""#) == true)
        }
    }

    @Test(arguments: ControlFront.allCases)
    /// The JSON is built from `FixtureEntry` values, so its positions would point at nothing the
    /// test wrote: problems name the entry instead.
    func aBadRuntimeFixtureIsRefusedNamingTheEntriesAndTheMockKeepsServing(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let refusal = await #expect(throws: MockControlError.self) {
                try await harness.mock.addFixture(path: "/api/orders", entries: [
                    FixtureEntry(method: .post, status: 700),
                    FixtureEntry(method: .get, state: "lonely"),
                ])
            }
            #expect(refusal?.status == 400)
            #expect(refusal?.message == "the fixture was not added: 2 problems in the posted entries (each named by its index in entries)")
            #expect(refusal?.problems.count == 2)
            #expect(refusal?.problems.contains { $0.hasPrefix("entry 0: error: status 700 is out of range") } == true, "\(refusal?.problems ?? [])")
            #expect(refusal?.problems.contains { $0.hasPrefix(#"entry 1: error: "state" is set but "scenario" is not"#) } == true, "\(refusal?.problems ?? [])")
            let stillServing = try await harness.session.status(.post, "orders")
            #expect(stillServing == 201)
        }
    }

    @Test(arguments: ControlFront.allCases)
    func aCartFlowWithScenarios(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            func cart() async throws -> Cart {
                try await harness.session.send(HTTPRequest(path: "cart")).decode(Cart.self)
            }
            #expect(try await harness.mock.scenarios() == [Scenario(name: "cart", state: "started")])
            #expect(try await cart() == Cart(items: []))
            #expect(try await harness.session.status(.post, "cart") == 201)
            #expect(try await cart() == Cart(items: ["A1"]))
            #expect(try await harness.mock.scenarios() == [Scenario(name: "cart", state: "has item")])
            let pay = try await harness.session.status(.post, "cart", body: .json(["pay": true]))
            #expect(pay == 200)
            #expect(try await harness.mock.scenarios() == [Scenario(name: "cart", state: "paid")])

            try await harness.mock.setScenario("cart", state: "has item")
            #expect(try await cart() == Cart(items: ["A1"]))
            let unknown = await #expect(throws: MockControlError.self) { try await harness.mock.setScenario("crat", state: "x") }
            #expect(unknown?.message == "no fixture names the scenario 'crat'; the scenarios are 'cart'")
            #expect(unknown?.hint == "did you mean 'cart'?")
            #expect(unknown?.description == "404: no fixture names the scenario 'crat'; the scenarios are 'cart' (did you mean 'cart'?)")

            _ = try await harness.mock.reset()
            #expect(try await cart() == Cart(items: []))
        }
    }

    @Test(arguments: ControlFront.allCases)
    func fiftyParallelRequestsMoveAScenarioOnce(front: ControlFront) async throws {
        try await front.run(files: ["api/job.json": """
            [{"method": "POST", "scenario": "job", "state": "started", "newState": "done", "status": 201}, {"method": "POST", "status": 409}]
            """]) { harness in
            let session = harness.session
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 { group.addTask { try await session.status(.post, "job") } }
                var all: [Int] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses.filter { $0 == 201 }.count == 1)
            #expect(statuses.filter { $0 == 409 }.count == 49)
            #expect(try await harness.mock.scenarios() == [Scenario(name: "job", state: "done")])
        }
    }
}
