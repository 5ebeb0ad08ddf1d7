extension FixtureTreeWalker.FoundFile {
    /// Whether the store serves this file: the rules applied after the walk, shared with
    /// mockserver's reload watcher so that only a change the loader would see triggers a reload.
    package func isServed(options: FixtureLoadOptions) -> Bool {
        !isReserved && isWithinSizeLimit(options: options)
    }

    /// Files under `__admin/` are reserved for the server's own endpoints.
    var isReserved: Bool {
        relativePath == "__admin" || relativePath.hasPrefix("__admin/")
    }

    /// Static files over `options.maxStaticFileBytes` are not served; fixture files over
    /// `options.maxFixtureFileBytes` answer 500 (a change to them still matters to a reload, but
    /// growing past the cap is itself seen by the size).
    func isWithinSizeLimit(options: FixtureLoadOptions) -> Bool {
        size <= (relativePath.hasSuffix(".json") ? options.maxFixtureFileBytes : options.maxStaticFileBytes)
    }
}
