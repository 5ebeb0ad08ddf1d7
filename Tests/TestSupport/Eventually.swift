/// Checks `condition` every 5 ms until it holds, suspended in between (no thread is held while
/// it waits), so a test waits on observable state instead of sleeping and hoping. False when it
/// still does not hold after `seconds`, which is a guard against hanging, not a claim about how
/// fast anything is. A cancelled wait stops early with one last look at `condition`.
///
/// ```swift
/// #expect(await eventually { server.suspendedConnectionCount == 1 }, "the request was never parked")
/// ```
package func eventually<Failure: Error>(
    within seconds: Double = 10,
    _ condition: () async throws(Failure) -> Bool
) async throws(Failure) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
        if try await condition() { return true }
        if ContinuousClock.now > deadline { return false }
        do {
            try await Task.sleep(for: .milliseconds(5))
        } catch {
            return try await condition()
        }
    }
}
