import ArgumentParser
import Foundation
import MockServer

/// `mockserver healthcheck`: exits 0 when a running server's health endpoint says ok.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Check that a running mockserver answers /__admin/health (for Docker HEALTHCHECK).",
        discussion: """
            Sends GET <url>/__admin/health with a 2-second limit and exits 0 when it answers 200 \
            with "status": "ok", otherwise prints why and exits 1. Needs no curl.
            """
    )

    @Option(help: "Base URL of the server to check.")
    var url = "http://127.0.0.1:8080"

    func validate() throws {
        guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "http", parsed.host?.isEmpty == false else {
            throw ValidationError("--url \(url) is not an http://host[:port] URL, e.g. --url http://127.0.0.1:8080.")
        }
    }

    func run() throws {
        guard let parsed = URL(string: url) else { throw ExitCode.failure }
        switch HealthProbe(url: parsed).check() {
        case .healthy:
            print("healthy: \(url)/__admin/health answered ok")
        case .unhealthy(let reason):
            throw CommandFailure("unhealthy: \(reason)")
        }
    }
}
