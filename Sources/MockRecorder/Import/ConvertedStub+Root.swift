import MockFixtures

extension ConvertedStub {
    /// The note of a root catch-all standing for a pattern that also matches `/` (`.*`,
    /// ``answersRoot``), which ``rootCopy()`` makes untrue.
    static let rootNote = "'/' itself is not answered by the catch-all {p0...}.json; an entry in index.json would answer it"

    /// For a stub that answers every path (Hoverfly's pair without a path matcher, MockServer's
    /// `/.*` or no path), the same entry in `index.json`, which answers `/` — the root catch-all
    /// `{p0...}.json` needs a segment (audits H1, MS1: the importer knew the fix and only said
    /// so). Nil for any other stub, or one whose entry reads the path.
    func rootCopy() -> ConvertedStub? {
        guard answersRoot, entry["pathParameters"] == nil,
              !entry.containsString(where: { $0.contains("{{path.") }) else { return nil }
        var copy = self
        copy.file = "index.json"
        copy.parameterNames = []
        copy.notes = notes.filter { $0 != Self.rootNote }
        return copy
    }

    /// The stub, its note saying that `/` is answered by the copy in `index.json`.
    func withRootCopied() -> ConvertedStub {
        var stub = self
        stub.notes = notes.filter { $0 != Self.rootNote } + ["it is also written into index.json, which answers '/' (the catch-all needs a segment)"]
        return stub
    }
}
