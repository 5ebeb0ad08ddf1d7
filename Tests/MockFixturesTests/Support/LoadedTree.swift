import TestSupport
import Testing
@testable import MockFixtures

/// Loads `files` into a fresh temporary tree; the tree lives as long as the returned value.
func loadTree(_ files: [String: String]) throws -> (store: FixtureStore, tree: TemporaryFolder) {
    let tree = try TemporaryFolder(files)
    return (try tree.load(), tree)
}

/// Fixture files that each answer one JSON string: `["a.json": "x"]` gives `a.json` the entry
/// `{"response": "x"}`, so `store.get("/a").text` is `"x"` with its quotes.
func answering(_ responses: [String: String]) -> [String: String] {
    responses.mapValues { #"{"response": "\#($0)"}"# }
}

extension FixtureStore {
    /// The problems whose message contains `text`.
    func problems(containing text: String) -> [FixtureProblem] {
        problems.filter { $0.message.contains(text) }
    }
}

extension MockResponse {
    /// The entry index of a file or runtime match (also inside a fault).
    var matchedEntry: Int? {
        switch outcome {
        case .matched(_, let entry), .matchedRuntime(_, let entry): entry
        case .fault(_, let inner): MockResponse(status: 0, headers: [], body: [], outcome: inner).matchedEntry
        default: nil
        }
    }

    /// The file that answered, if a file did.
    var matchedFile: String? {
        if case .matched(let file, _) = outcome { return file }
        return nil
    }
}

/// Loads `contents` as one fixture file and expects its first error to say `message` (a part of
/// it) with `hint` (a part of it) at `line`:`column`.
func expectLoadError(_ contents: String, line: Int, column: Int, message: String, hint: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (store, tree) = try loadTree(["f.json": contents])
    _ = tree
    let problem = try #require(store.problems.first { $0.severity == .error }, "\(store.problems)", sourceLocation: sourceLocation)
    #expect(problem.message.contains(message), "\(problem.message)", sourceLocation: sourceLocation)
    #expect(problem.hint.contains(hint), "\(problem.hint)", sourceLocation: sourceLocation)
    #expect((problem.line, problem.column) == (line, column), "\(problem)", sourceLocation: sourceLocation)
    #expect(store.get("/f").status == 500, "an error makes the file answer 500", sourceLocation: sourceLocation)
}
