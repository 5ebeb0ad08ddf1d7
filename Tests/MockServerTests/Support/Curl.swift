import Foundation
import TestSupport

/// `curl`, the client most people try a mock server with, run to completion.
enum Curl {
    /// `curl --silent --max-time 20 url`: its exit code and, on stdout, the body it received.
    /// curl ends by itself within its time limit; the test's task waits for it suspended.
    static func get(_ url: String) async throws -> ChildProcess.Finished {
        // A hang guard beyond curl's own --max-time.
        try await ChildProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                   arguments: ["curl", "--silent", "--max-time", "20", url], within: 40)
    }
}
