@testable import MockFixtures
import TestSupport

extension TemporaryFolder {
    /// The folder loaded as a fixture tree.
    func load(options: FixtureLoadOptions = .init()) throws -> FixtureStore {
        try FixtureStore.load(root: path, options: options)
    }
}
