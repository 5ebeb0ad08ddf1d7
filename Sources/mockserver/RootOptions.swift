import ArgumentParser

/// The options of `mockserver` itself, which every subcommand checks its command line for.
///
/// swift-argument-parser gives an option the root command declares to the root command wherever
/// it is written, also after a subcommand's name (apple/swift-argument-parser#169). Without this
/// check `mockserver validate --root Mocks --watch` would validate once and ignore `--watch`, and
/// `mockserver healthcheck --port 9090` would check port 8080.
enum RootOptions {
    /// Every option and flag of the root command (a test compares this with `mockserver --help`).
    static let names: Set<String> = [
        "--root", "--template-all",
        "--journal-size", "--journal-body-limit", "--report-unused",
        "--host", "--port", "--max-body", "--idle-timeout", "--head-timeout", "--max-connections", "--threads", "--quiet",
        "--watch", "--watch-interval",
        "--tls-cert", "--tls-key", "--https-port",
        "--cors", "--delay", "--response-header",
        "--proxy-unmatched", "--record", "--upstream-timeout", "--redact", "--cacert", "--insecure",
    ]

    /// The first root option on `arguments` (the whole command line, program name first) that is
    /// not in `taken`, or nil. Options are recognised as `--name` and `--name=value`;
    /// scanning stops at `--`.
    static func misplaced(in arguments: [String], takes taken: Set<String>) -> String? {
        for argument in arguments.dropFirst() {
            if argument == "--" { break }
            let name = String(argument.prefix { $0 != "=" })
            if names.contains(name), !taken.contains(name) { return name }
        }
        return nil
    }

    /// Throws a validation error naming the first root option `subcommand` does not take, with
    /// `why` saying what the subcommand does instead. (A repeated option is refused before, by
    /// the root command's `validate()`, which argument-parser runs for a subcommand's line too;
    /// `ProcessTests` pins that for `validate` and `tls-cert`.)
    static func refuseMisplaced(by subcommand: any ParsableCommand.Type, takes taken: Set<String>, why: String) throws {
        if let option = misplaced(in: CommandLine.arguments, takes: taken) {
            let name = subcommand.configuration.commandName ?? "\(subcommand)"
            throw ValidationError("\(option) is an option of serving (`mockserver --root DIR \(option) …`), not of `mockserver \(name)`, which \(why); leave it out.")
        }
    }

    /// The first option or flag written more than once on `arguments` (program name first),
    /// as `--name` or `--name=value`; nil when none is. Scanning stops at `--`. Only
    /// ``repeatable`` options take several values, so another's repeat is a mistake:
    /// swift-argument-parser would keep the last one without a word (`--port 8080 … --port 9090`
    /// serves 9090).
    static func repeated(in arguments: [String]) -> (name: String, count: Int)? {
        var seen: [String: Int] = [:]
        var order: [String] = []
        for argument in arguments.dropFirst() {
            if argument == "--" { break }
            guard argument.hasPrefix("--"), argument.count > 2 else { continue }
            let name = String(argument.prefix { $0 != "=" })
            guard !repeatable.contains(name) else { continue }
            if seen[name] == nil { order.append(name) }
            seen[name, default: 0] += 1
        }
        return order.first { seen[$0]! > 1 }.map { ($0, seen[$0]!) }
    }

    /// Options given once per value (audit R21: `--response-header` twice was refused as a repeat).
    static let repeatable: Set<String> = ["--response-header"]

    /// Throws a validation error naming the first option given more than once.
    static func refuseRepeated() throws {
        if let (name, count) = repeated(in: CommandLine.arguments) {
            throw ValidationError("\(name) is given \(count == 2 ? "twice" : "\(count) times"); give it once (only the last would count).")
        }
    }
}
