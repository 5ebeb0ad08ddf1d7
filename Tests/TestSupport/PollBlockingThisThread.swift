import Foundation

/// Checks `condition` every millisecond until it holds, blocking the calling thread; false when
/// it still does not hold after `seconds` (a hang guard). Only for a thread of one's own (inside
/// ``onOwnThread(_:)``): for states that last only while a server holds something (a request
/// parked on a 1 s delay), which a task polling with ``eventually(within:_:)`` can miss when other
/// tests keep the cooperative pool's threads busy for longer than that.
package func pollBlockingThisThread(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if condition() { return true }
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.001)
    }
}
