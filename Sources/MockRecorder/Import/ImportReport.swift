import MockFixtures

/// What `mockserver import` did with each stub: where it went, or why it was not imported.
///
/// ```swift
/// let report = try WireMockImporter(root: "Mocks").importStubs(from: ["wiremock"])
/// print(report)   // one line a stub, then "imported 14 of 16 stubs into Mocks: …"
/// if !report.isComplete { /* some stubs need writing by hand: each line says why */ }
/// ```
public struct ImportReport: Sendable, CustomStringConvertible {
    public enum Outcome: Sendable, Equatable {
        /// Added as entry `entry` of `file` (relative to the root).
        case added(file: String, entry: Int)
        /// An equal entry is already entry `entry` of `file` (the stub was imported before).
        case alreadyThere(file: String, entry: Int)
        /// A dry run: it would be added to `file`.
        case wouldAdd(file: String)
        /// Not imported, and why: the key with no equivalent and what to write instead.
        case notImported(reason: String)
    }

    public struct Stub: Sendable {
        /// The mapping file, and the stub's place and name in it when the file holds several
        /// (`mappings/orders.json#2 ("Create order")`).
        public let source: String
        /// Method and URL as the stub wrote them (`GET /api/users/[0-9]+`); empty when the file
        /// could not be read.
        public let shown: String
        public let outcome: Outcome
        /// What is converted close to, but not exactly as, WireMock does it.
        public let notes: [String]
    }

    /// The root, as given.
    public let root: String
    public let dryRun: Bool
    public internal(set) var stubs: [Stub] = []
    /// What the tool calls one of them, for the summary: `stub` (WireMock), `response`
    /// (Mockoon), `pair` (Hoverfly), `expectation` (MockServer).
    public internal(set) var unit = "stub"
    /// Fixture files written (relative to the root), in order.
    public internal(set) var filesWritten: [String] = []
    /// Body files copied under `__files/` (relative to the root).
    public internal(set) var bodyFilesCopied: [String] = []
    /// Problems the written files have when the root is loaded again afterwards (none expected:
    /// each entry was checked before it was written).
    public internal(set) var problems: [FixtureProblem] = []
    /// What an import says about a source as a whole (a Mockoon environment's `proxyMode`:
    /// the flag that does it here).
    public internal(set) var notes: [String] = []

    public var importedCount: Int {
        stubs.count { if case .notImported = $0.outcome { false } else { true } }
    }

    /// Of ``importedCount``, those whose entry was in its file already.
    public var alreadyThereCount: Int {
        stubs.count { if case .alreadyThere = $0.outcome { true } else { false } }
    }

    public var notImportedCount: Int { stubs.count - importedCount }

    /// Every stub imported, and the written files load without a problem they did not have
    /// before (a warning too: one may say an entry can never answer).
    public var isComplete: Bool {
        notImportedCount == 0 && problems.isEmpty
    }

    public var description: String {
        var lines: [String] = []
        for stub in stubs {
            // A path or name holding a line break or an escape sequence cannot forge a line (audit M1).
            let what = Self.visible(stub.shown.isEmpty ? stub.source : "\(stub.source): \(stub.shown)")
            switch stub.outcome {
            case .added(let file, let entry): lines.append("\(what) → \(file) entry \(entry) (added)")
            case .alreadyThere(let file, let entry): lines.append("\(what) → \(file) entry \(entry) (already there)")
            case .wouldAdd(let file): lines.append("\(what) → \(file) (would be added)")
            case .notImported(let reason): lines.append("\(what) → not imported: \(Self.visible(reason))")
            }
            lines += stub.notes.map { "  note: \(Self.visible($0))" }
        }
        for problem in problems {
            lines.append(problem.description)
        }
        lines += notes.map { "note: \(Self.visible($0))" }
        let files = dryRun ? "nothing written (dry run)"
            : "\(filesWritten.count) fixture file\(filesWritten.count == 1 ? "" : "s") written, \(bodyFilesCopied.count) body file\(bodyFilesCopied.count == 1 ? "" : "s") copied"
        var summary = "\(dryRun ? "would import" : "imported") \(importedCount) of \(stubs.count) \(unit)\(stubs.count == 1 ? "" : "s") into \(root)"
        if alreadyThereCount > 0 {
            summary += " (\(alreadyThereCount) already there)"
        }
        summary += ": \(files)"
        if notImportedCount > 0 {
            summary += "; \(notImportedCount) not imported (each line above says why and what to write instead)"
        }
        if !problems.isEmpty {
            summary += "; the written files have \(problems.count) new problem\(problems.count == 1 ? "" : "s") (listed above)"
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// `text` with control characters written as `\u{1B}`.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

/// Why an import could not start or finish: nothing is half-written (each fixture file is
/// replaced whole, or left as it was).
public struct ImportError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
