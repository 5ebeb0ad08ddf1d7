import MockFixtures

/// A converted stub with what ordering it needs (a Hoverfly pair, a MockServer expectation).
protocol RankedStub {
    var stub: ConvertedStub { get set }
    var segments: [ImportedPath.Segment] { get set }
    var method: String { get }
}

extension ImportRanking {
    /// `items` with, after each stub for every path, its copy in `index.json` (``ConvertedStub/rootCopy()``)
    /// — unless the file has its own stub for `/` of a method that meets it, which answers there
    /// already (audit R3: the copy was warned about as never chosen).
    static func withRootCopies<Stub: RankedStub>(_ items: [(source: String, result: Result<Stub, StubRefusal>, shown: String)])
        -> [(source: String, result: Result<Stub, StubRefusal>, shown: String)] {
        let rootMethods = Set(items.compactMap { item in (try? item.result.get()).flatMap { $0.segments.isEmpty ? $0.method : nil } })
        return items.flatMap { item -> [(source: String, result: Result<Stub, StubRefusal>, shown: String)] in
            guard case .success(var stub) = item.result, !rootMethods.contains(stub.method), !rootMethods.contains("ANY"),
                  stub.method != "ANY" || rootMethods.isEmpty, let copy = stub.stub.rootCopy() else { return [item] }
            var atRoot = stub
            atRoot.stub = copy
            atRoot.segments = []
            stub.stub = stub.stub.withRootCopied()
            return [(item.source, .success(stub), item.shown), (item.source + " (for /)", .success(atRoot), item.shown)]
        }
    }
}

