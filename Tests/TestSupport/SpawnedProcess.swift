import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, with Foundation `Process`'s names for what tests
/// use (`processIdentifier`, `isRunning`, `terminate()`, `interrupt()`, `terminationStatus`,
/// `terminationReason`).
///
/// Why not `Process`: on Linux its `run()` lists `/proc/self/fd` to close every descriptor in the
/// child, copying 256 bytes past the end of a directory entry, and crashed the test run (a bad
/// pointer dereference in `Process.run()`) once the process held ~1,400 descriptors — which the
/// parallel test run reaches (about 220 in-process servers at once, 1,600 descriptors at the
/// peak). Here the child closes them with `closefrom` (glibc's
/// `posix_spawn_file_actions_addclosefrom_np`; `POSIX_SPAWN_CLOEXEC_DEFAULT` on Darwin), which
/// lists nothing.
package final class SpawnedProcess: @unchecked Sendable {
    // @unchecked: `identifier` is written once, before `spawn` returns and the object is shared;
    // `ending` is only read and written under `lock`.
    private let lock = NSLock()
    private var identifier: pid_t = 0
    private var ending: (status: Int32, reason: Process.TerminationReason)?
    /// Called once, from the thread that reaped the child, after `isRunning` turned false.
    private let onExit: @Sendable (SpawnedProcess) -> Void

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `executable arguments` with stdout and stderr on `output` and `errors` (write ends
    /// the child gets as its descriptors 1 and 2; the caller closes its own copies), stdin on
    /// `/dev/null`, no signal blocked, in a process group of its own (as `Process` starts one).
    package init(executable: URL, arguments: [String], output: Int32, errors: Int32,
                 onExit: @escaping @Sendable (SpawnedProcess) -> Void) throws {
        self.onExit = onExit
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        guard let closeFrom = Self.addCloseFrom else {
            throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is missing (glibc 2.34 or later has it)")
        }
        _ = closeFrom(&actions, 3)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        // The cooperative pool's threads block most signals, and a child inherits the mask: it
        // would ignore SIGTERM, SIGINT or SIGUSR1.
        var nothing = sigset_t()
        sigemptyset(&nothing)
        posix_spawnattr_setsigmask(&attributes, &nothing)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable.path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(result)))")
        }
        identifier = child
        Thread { [self] in reap() }.start()
    }

    #if !canImport(Darwin)
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module
    /// does not declare.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
    #endif

    /// Waits for the child (on its own thread) and records how it ended. It waits without
    /// reaping first, then reaps under the lock `signal` takes, so no signal can reach another
    /// process that was given the identifier after the child's was freed.
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(identifier), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        lock.withLock {
            var status: Int32 = 0
            while waitpid(identifier, &status, 0) == -1, errno == EINTR {}
            let signal = status & 0x7f
            ending = signal == 0 ? ((status >> 8) & 0xff, .exit) : (signal, .uncaughtSignal)
        }
        onExit(self)
    }

    package var processIdentifier: Int32 {
        identifier
    }

    package var isRunning: Bool {
        lock.withLock { ending == nil }
    }

    /// SIGTERM, unless it has ended (its identifier may be another process's by then).
    package func terminate() {
        signal(SIGTERM)
    }

    /// SIGINT, unless it has ended.
    package func interrupt() {
        signal(SIGINT)
    }

    /// Sends `number`, unless the child has been reaped.
    package func signal(_ number: Int32) {
        lock.withLock {
            if ending == nil { kill(identifier, number) }
        }
    }

    /// The exit status, or the signal that ended it; 0 while it runs.
    package var terminationStatus: Int32 {
        lock.withLock { ending?.status ?? 0 }
    }

    package var terminationReason: Process.TerminationReason {
        lock.withLock { ending?.reason ?? .exit }
    }
}
