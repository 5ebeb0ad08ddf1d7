/// Thrown when an attempt needs more redirects than its ``RedirectPolicy`` allows.
struct TooManyRedirects: Error, Sendable {
    let count: Int
    let lastLocation: String
}
