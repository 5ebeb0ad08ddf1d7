import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Many slowloris connections at once, each starting a request head and trickling it without
/// ever finishing it — held by a child process (`perl`, which Debian and macOS always have), not
/// by the test process.
///
/// Why not here: with over ~1,350 descriptors open, Foundation's `Process.run()` on Linux can
/// crash (it copies 256 bytes past the end of a `/proc/self/fd` directory entry; fixed by
/// swift-corelibs-foundation#5472, not in the Swift 6.3.1 used here), and every test of every
/// target runs in this process and may start a process while the crowd is open.
final class TricklingCrowd: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let child: ChildProcess

    /// Opens `count` connections to 127.0.0.1:`port`, each sending the start of a head and then
    /// one more byte of an endless header value. SIGUSR1 asks how many the server has closed
    /// (end of stream or reset; looked at once, without waiting); SIGTERM closes them all.
    private static let script = #"""
        use strict; use warnings; use IO::Socket::INET; use IO::Select;
        my ($port, $count) = @ARGV;
        $| = 1;
        my $look = 0;
        $SIG{USR1} = sub { $look = 1 };
        my @held;
        for my $index (1 .. $count) {
            my $socket = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => $port, Proto => 'tcp')
                or die "connection $index of $count failed: $!\n";
            defined syswrite($socket, "GET /api/people HTTP/1.1\r\nHost: test\r\nX-Slow: ")
                or die "sending on connection $index failed: $!\n";
            push @held, $socket;
        }
        for my $socket (@held) {
            defined syswrite($socket, "a") or die "trickling failed: $!\n";
        }
        print "holding $count\n";
        while (1) {
            select(undef, undef, undef, 0.02);
            next unless $look;
            $look = 0;
            my $closed = 0;
            for my $socket (@held) {
                next unless IO::Select->new($socket)->can_read(0);
                my $read = sysread($socket, my $byte, 1);
                $closed++ if defined $read ? $read == 0 : $!{ECONNRESET};
            }
            print "closed $closed\n";
        }
        """#

    /// Starts the child (with no signal blocked: see `ChildProcess.start`); ``waitUntilHolding(within:)``
    /// says when every connection is open.
    init(port: Int, count: Int) async throws {
        child = try await ChildProcess.start(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["perl", "-e", Self.script, String(port), String(count)])
    }

    /// Waits, suspended, until every connection is open and has sent its bytes; throws what the
    /// child said when it could not, or after `seconds` (a hang guard).
    func waitUntilHolding(within seconds: Double = 60) async throws {
        try await waitForOutput("holding ", within: seconds)
    }

    /// How many of the connections the server has closed, looked at once without waiting.
    func closedByServer(within seconds: Double = 20) async throws -> Int {
        kill(child.process.processIdentifier, SIGUSR1)
        try await waitForOutput("closed ", within: seconds)
        let line = child.standardOutputSoFar.components(separatedBy: "\n").first { $0.hasPrefix("closed ") } ?? ""
        guard let closed = Int(line.dropFirst("closed ".count)) else {
            throw Failure(description: "the trickling crowd answered '\(line)'")
        }
        return closed
    }

    /// Closes every connection (SIGTERM ends the child) and waits for the child to exit; false
    /// when it has not after `seconds`.
    func release(within seconds: Double = 20) async -> Bool {
        (try? await child.stop(within: seconds)) != nil
    }

    private func waitForOutput(_ text: String, within seconds: Double) async throws {
        let seen = await eventually(within: seconds) { child.standardOutputSoFar.contains(text) || child.hasExited }
        guard seen, child.standardOutputSoFar.contains(text) else {
            throw Failure(description: "the trickling crowd did not say '\(text)': \(child.standardOutputSoFar)\(child.standardErrorSoFar)")
        }
    }
}
