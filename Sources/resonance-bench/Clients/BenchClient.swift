/// One way of fetching and decoding the benchmark page. The runner measures every client the
/// same way, so the only difference between the rows is the code behind `fetchPage`.
protocol BenchClient: Sendable {
    /// The row title in the report.
    var name: String { get }
    func fetchPage() async throws -> PeoplePage
}
