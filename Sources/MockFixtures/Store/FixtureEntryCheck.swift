#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The loader's checks for a fixture file that is not written yet, for tools that write fixtures
/// (`mockserver import`): a stub converted to an entry is refused with the loader's own words
/// instead of being written as a file that would answer `500`.
///
/// ```swift
/// let problems = FixtureEntryCheck.problems(of: Array(#"[{"status": 700}]"#.utf8), asFile: "api/users/{id}.json",
///                                          pathParameterNames: ["id"], responseFilesRoot: nil)
/// problems.first?.message   // "status 700 is out of range"
/// ```
package enum FixtureEntryCheck {
    /// The problems `bytes` would have as the fixture file `relativePath`, whose `{name}` segments
    /// are `pathParameterNames`. A `responseFile` is read relative to `responseFilesRoot`; with
    /// nil, naming one is a problem.
    package static func problems(of bytes: [UInt8], asFile relativePath: String, pathParameterNames: [String],
                                 responseFilesRoot: String?) -> [FixtureProblem] {
        let responseFiles = responseFilesRoot.map { root in
            ResponseFileLoader(rootPath: realpath(root, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            } ?? root, limit: FixtureLoadOptions().maxStaticFileBytes)
        }
        return FixtureFileCompiler.compile(bytes, relativePath: relativePath, pathParameterNames: pathParameterNames,
                                           responseFiles: responseFiles).problems
    }
}
