import ArgumentParser
import MockFixtures

/// `--delay`: network latency for the whole mock.
struct DelayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Add a delay to every answer, on top of each entry's own: milliseconds (300), a uniform range (100-400), or a log-normal distribution as JSON ('{\"median\": 80, \"sigma\": 0.4}'). PUT /__admin/settings changes it until the next reset.",
                               valueName: "delay"))
    var delay: String?

    func validate() throws {
        _ = try answerDelay()
    }

    /// The parsed delay; a `ValidationError` (exit 64) naming the flag when it cannot be used.
    func answerDelay() throws -> AnswerDelay? {
        guard let delay else { return nil }
        do {
            return try AnswerDelay(parsing: delay)
        } catch {
            throw ValidationError("--delay \(delay): \(error.message); \(error.hint).")
        }
    }
}
