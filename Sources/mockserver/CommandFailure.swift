import ArgumentParser

/// A run-time failure reported as one sentence and exit status 1 (argument mistakes use
/// `ValidationError` instead, which adds the usage line).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
