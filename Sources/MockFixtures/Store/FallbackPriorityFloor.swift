/// The lowest `priority` among the files a request can fall through to (the templated ones: a
/// literal file is always the most specific for its path). When every entry of the most specific
/// file ranks no lower than this, no less specific file can take a request from it, and serving
/// skips looking for them — the usual case, where nobody writes priorities across files. Worked
/// out at load, into each file's ``FixtureFile/outranksFallbacks``, so serving reads one `Bool`.
struct FallbackPriorityFloor {
    private var lowest = Int.max
    private var lowestFile: String?
    private var secondLowest = Int.max

    /// `routes`: each templated file with the lowest priority it answers at — its entries'
    /// lowest; the default for a broken or a static file, which stand there.
    init(_ routes: [(file: String, lowestPriority: Int)]) {
        for route in routes {
            if route.lowestPriority < lowest {
                secondLowest = lowest
                (lowest, lowestFile) = (route.lowestPriority, route.file)
            } else if route.lowestPriority < secondLowest {
                secondLowest = route.lowestPriority
            }
        }
    }

    /// Whether no less specific file can rank above entries of `file` ranked at most `highest`
    /// (a file is not its own fallback).
    func outranks(_ highest: Int, in file: String) -> Bool {
        highest <= lowest || (highest <= secondLowest && file == lowestFile)
    }
}
