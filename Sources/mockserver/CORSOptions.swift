import ArgumentParser

/// `--cors`: answers for browser apps served from another origin.
struct CORSOptions: ParsableArguments {
    @Flag(help: "Answer CORS preflights (204) and allow every Origin with credentials on every answer, for browser apps served from another origin. Fixture entries for OPTIONS still win.")
    var cors = false
}
