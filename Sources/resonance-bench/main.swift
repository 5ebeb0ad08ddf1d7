import Foundation

// resonance-bench: ResonanceKit's JSONRequest.perform against a hand-written URLSession loop.
// Usage and flags: BenchOptions.usage, or `resonance-bench --help`.

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch .helpRequested {
    print(BenchOptions.usage)
    exit(0)
} catch {
    StandardError.write("error: \(error)")
    exit(2)
}
if options.inMemory {
    exit(await InMemoryBenchmark(iterations: options.iterations, rounds: options.rounds).run())
}
exit(await ClientBenchmark(options: options).run())
