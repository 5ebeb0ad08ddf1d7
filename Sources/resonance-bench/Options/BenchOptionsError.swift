/// Why the command line was not accepted; each description names the flag and what to do.
enum BenchOptionsError: Error, CustomStringConvertible, Equatable {
    case helpRequested
    case missingURL
    case invalidURL(String)
    case missingValue(flag: String)
    case unknownFlag(String)
    case unexpectedArgument(String)
    case outOfRange(flag: String, value: String, range: ClosedRange<Int>)

    var description: String {
        switch self {
        case .helpRequested:
            return "help requested"
        case .missingURL:
            return "--url is required: pass the base URL of a running mockserver, e.g. --url http://127.0.0.1:8080 (or --in-memory to measure without a server)"
        case .invalidURL(let text):
            return "--url '\(text)' is not an http(s) URL with a host; pass e.g. --url http://127.0.0.1:8080"
        case .missingValue(let flag):
            return "\(flag) needs a value; see --help"
        case .unknownFlag(let flag):
            return "unknown flag '\(flag)'; see --help for the flags"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(argument)'; every option is a --flag with a value, see --help"
        case .outOfRange(let flag, let value, let range):
            return "\(flag) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(value)'"
        }
    }
}
