/// The lowest `priority` among the files a request can fall through to (the templated ones: a
/// literal file is always the most specific for its path). When every entry of the most specific
/// file ranks no lower than this, no less specific file can take a request from it, and serving
/// skips looking for them — the usual case, where nobody writes priorities across files.
struct FallbackPriorityFloor: Sendable {
    private var lowest = Int.max
    private var lowestFile: String?
    private var secondLowest = Int.max

    init(_ templatedRoutes: [TemplatedRoute]) {
        for route in templatedRoutes {
            let priority: Int
            switch route.route {
            case .fixture(let file): priority = file.priorityLevels.first ?? Int.max
            // A broken file stands where its entries would, and a static file answers, at the
            // default priority.
            case .broken, .staticFile: priority = EntryPriority.defaultValue
            }
            if priority < lowest {
                secondLowest = lowest
                (lowest, lowestFile) = (priority, route.file)
            } else if priority < secondLowest {
                secondLowest = priority
            }
        }
    }

    /// Whether no less specific file can rank above entries of `file` ranked at most `highest`
    /// (a file is not its own fallback; the name is compared only when that decides).
    func outranks(_ highest: Int, in file: String) -> Bool {
        highest <= lowest || (highest <= secondLowest && file == lowestFile)
    }
}
