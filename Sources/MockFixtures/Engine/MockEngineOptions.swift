/// Settings of a ``MockEngine``: its request journal, cross-origin answers for browser apps, and
/// what every answer gets (a delay, headers).
///
/// ```swift
/// var options = MockEngineOptions()
/// options.journalSize = 5_000        // keep the last 5,000 requests
/// options.journalBodyLimit = 1 << 20 // and up to 1 MiB of each body
/// options.cors = true                // answer browsers' CORS preflights, allow every origin
/// let engine = MockEngine(store: try FixtureStore.load(root: "Mocks"), options: options)
/// ```
public struct MockEngineOptions: Sendable, Equatable {
    /// How many requests the journal keeps (the oldest are dropped and counted); 0 turns
    /// recording off. 1,000.
    public var journalSize: Int
    /// How many bytes of each body the journal keeps, the request's and the answer's; longer
    /// ones are cut and marked `bodyTruncated`. 65,536.
    public var journalBodyLimit: Int
    /// Cross-origin resource sharing for browser apps (`mockserver --cors`): preflight
    /// `OPTIONS` requests no fixture entry answers get `204` allowing the method and headers
    /// asked for, and every answer to a request with `Origin` allows that origin, with
    /// credentials, and exposes its headers. See README, "CORS". Off by default.
    public var cors: Bool
    /// False for a server that forwards every request to a real API to record it
    /// (`mockserver record`): `POST /__admin/fixtures` and `PUT /__admin/fixtures/{id}` answer
    /// `409`, since a runtime fixture would answer in the API's place and nothing would be
    /// recorded. True by default.
    public var acceptsRuntimeFixtures: Bool
    /// A delay added to every answer (`mockserver --delay`): network latency for the whole
    /// mock, on top of each entry's own `delay`. `PUT /__admin/settings` changes it until the
    /// next reset. None by default.
    public var delay: AnswerDelay?
    /// Headers added to every answer that does not set a header of that name itself
    /// (`mockserver --response-header`): fixtures, static files, resources, 404s and
    /// preflights; not admin answers, nor an API's forwarded ones. Parse them with
    /// ``HTTPHeader/init(parsingAnswerHeader:)``, which holds them to a fixture's rules. None by default.
    public var answerHeaders: [HTTPHeader] = []

    public static let defaultJournalSize = 1_000
    /// The most requests a journal keeps: more than a test run needs to look back over, and a
    /// bound on what a mistyped size can make the journal hold.
    public static let maximumJournalSize = 1_000_000
    public static let defaultJournalBodyLimit = 65_536
    /// The most bytes of header lines ``answerHeaders`` may take: every answer carries them
    /// beside the request's head in the server's memory per connection, so 20 KB made every
    /// answer a 431 (audit R21); 2 KiB leaves an 8 KiB request head its room.
    public static let maximumAnswerHeaderBytes = 2_048

    public init(journalSize: Int = MockEngineOptions.defaultJournalSize, journalBodyLimit: Int = MockEngineOptions.defaultJournalBodyLimit,
                cors: Bool = false, acceptsRuntimeFixtures: Bool = true, delay: AnswerDelay? = nil) {
        self.journalSize = journalSize
        self.journalBodyLimit = journalBodyLimit
        self.cors = cors
        self.acceptsRuntimeFixtures = acceptsRuntimeFixtures
        self.delay = delay
    }

    /// Why these options cannot be used, as one sentence naming the setting; `nil` when they can.
    public var problem: String? {
        if journalSize < 0 { return "journal size \(journalSize) is negative; use 0 to turn the journal off or a positive number of requests to keep" }
        if journalSize > Self.maximumJournalSize { return "journal size \(journalSize) is over the maximum of \(Self.maximumJournalSize) requests; keep fewer" }
        if journalBodyLimit < 0 { return "journal body limit \(journalBodyLimit) is negative; use 0 to keep no bodies or a positive number of bytes" }
        if HTTPHeader.lineBytes(answerHeaders) > Self.maximumAnswerHeaderBytes {
            return "the headers added to every answer take \(HTTPHeader.lineBytes(answerHeaders)) bytes, more than \(Self.maximumAnswerHeaderBytes); shorten them"
        }
        return nil
    }
}
