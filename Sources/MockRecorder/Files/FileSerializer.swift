import Dispatch

/// Runs work on one file at a time: two exchanges recorded into the same fixture file
/// concurrently are merged one after the other, never both into the same old version.
/// Different files proceed in parallel.
///
/// `@unchecked Sendable` is safe because `queues` is only read and written inside `registry.sync`.
final class FileSerializer: @unchecked Sendable {
    private let registry = DispatchQueue(label: "MockRecorder.files")
    private var queues: [String: DispatchQueue] = [:]

    /// Runs `body` while no other call for `file` runs.
    func serially<Result>(for file: String, _ body: () throws(RecordError) -> Result) throws(RecordError) -> Result {
        let queue = registry.sync {
            if let existing = queues[file] { return existing }
            let created = DispatchQueue(label: "MockRecorder.file")
            queues[file] = created
            return created
        }
        let outcome: Swift.Result<Result, RecordError> = queue.sync {
            do throws(RecordError) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
