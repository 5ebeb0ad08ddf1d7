@testable import MockFixtures

/// Loads `files` into a fresh temporary tree; the tree lives as long as the returned value.
func loadTree(_ files: [String: String]) throws -> (store: FixtureStore, tree: TemporaryFixtureTree) {
    let tree = try TemporaryFixtureTree()
    for (path, contents) in files { try tree.write(path, contents) }
    return (try tree.load(), tree)
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
