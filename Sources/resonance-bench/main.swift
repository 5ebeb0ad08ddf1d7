import Foundation

// resonance-bench: ResonanceKit's JSONRequest.perform over both transports against hand-written
// URLSession and AsyncHTTPClient loops, how exactly timeouts fire, and the library's in-memory cost.
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
if options.timeouts {
    exit(await TimeoutBenchmark(options: options).run())
}
exit(await ClientBenchmark(options: options).run())
