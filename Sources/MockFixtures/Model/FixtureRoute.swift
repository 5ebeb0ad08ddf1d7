/// What a lookup key (a decoded path without its outer slashes) is served by.
enum FixtureRoute: Sendable {
    case fixture(FixtureFile)
    case broken(file: String, preparedID: Int)
    case staticFile(file: String, preparedID: Int)
}
