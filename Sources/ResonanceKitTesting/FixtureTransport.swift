import Foundation
import MockFixtures
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` that answers from a fixture folder in-process, exactly as the
/// `mockserver` daemon would, without sockets.
///
/// ```swift
/// let transport = try FixtureTransport(root: "Mocks")
/// let session = JSONSession(baseURL: URL(string: "http://fixtures.local")!, transport: transport)
/// let people = try await JSONRequest<People, APIError>(method: .get, path: "api/1.0/people/", session: session)
///     .perform(parameters: ["page": "1"])
/// ```
///
/// When nothing matches, the 404 body explains the nearest fixtures; it is in the thrown
/// `RequestError`'s `data`, and ``lastNearMiss`` keeps it for test failure messages.
public struct FixtureTransport: HTTPTransport {
    /// The engine answering every request: the same one `mockserver` runs, so the answers, the
    /// journal, runtime fixtures and scenarios behave exactly as over sockets.
    public let engine: MockEngine

    private let record = LockedRecord()

    /// Cookies kept between requests, as a `URLSession` keeps them in its configuration's
    /// `httpCookieStorage`: each `Set-Cookie` of an answer is stored, and a request that sets no
    /// `Cookie` itself gets the stored cookies for its URL (unless its `httpShouldHandleCookies`
    /// is false). `nil`, the default, keeps none, as ``URLSessionTransport/shared`` does; set it
    /// when the app's own transport keeps cookies, so a login flow works in-process too.
    ///
    /// ```swift
    /// var transport = try FixtureTransport(root: "Mocks")
    /// transport.cookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage   // an in-memory jar
    /// ```
    public var cookieStorage: HTTPCookieStorage?

    /// Loads every fixture under `root`.
    ///
    /// - Parameter options: the request journal's size and body limit (default: the last 1,000
    ///   requests, 64 KiB of each body), and `cors` to answer as `mockserver --cors` does
    ///   (`FixtureTransport(root: "Mocks", options: MockEngineOptions(cors: true))`).
    /// - Throws: `FixtureRootError` when `root` is missing, not a directory or unreadable.
    ///   Broken fixture files do not throw; see `store.problems`.
    public init(root: String, options: MockEngineOptions = .init()) throws(FixtureRootError) {
        self.init(engine: MockEngine(store: try FixtureStore.load(root: root), options: options))
    }

    /// Answers from an already loaded store.
    public init(store: FixtureStore, options: MockEngineOptions = .init()) {
        self.init(engine: MockEngine(store: store, options: options))
    }

    /// Answers through an existing engine (shared with another front, for example). The
    /// engine's entries send their webhooks through this transport's ``forwardingTransport``
    /// from now on.
    public init(engine: MockEngine) {
        self.engine = engine
        engine.setWebhookSender(TransportWebhookSender(optionalTransport: forwardingTransport))
    }

    /// Where entries with `"forward"` send the requests they match, and entries with
    /// `"webhooks"` their webhooks, so one fixture acts the same on both fronts:
    /// ``URLSessionTransport/shared`` by default, which follows no redirect, as `mockserver` does
    /// not. `nil` answers forwarding entries `502`, journaled `proxyFailed`, and sends no webhook.
    ///
    /// ```swift
    /// var transport = try FixtureTransport(root: "Mocks")
    /// transport.forwardingTransport = URLSessionTransport(configuration: .ephemeral)
    /// ```
    public var forwardingTransport: (any HTTPTransport)? = URLSessionTransport.shared {
        didSet { engine.setWebhookSender(TransportWebhookSender(optionalTransport: forwardingTransport)) }
    }

    /// The fixture files currently served (`POST /__admin/reload` loads them again).
    public var store: FixtureStore {
        engine.store
    }

    /// How the most recent request was answered (matched entry, static file, no match…).
    public var lastOutcome: MatchOutcome? {
        record.lastOutcome
    }

    /// For the most recent request that matched nothing: the summary of the nearest fixtures
    /// and the full 404 body. `nil` until a request misses.
    public var lastNearMiss: String? {
        record.lastNearMiss
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        guard let url = request.url else {
            throw URLError(.badURL)
        }
        let method = request.httpMethod ?? "GET"
        var headers = request.allHTTPHeaderFields ?? [:]
        // The host the app asked for, as URLSession sends it on the wire (the port only when it
        // is not the scheme's): `"requestHeaders": {"Host": "auth.example.com"}` and handlers
        // tell an app's backends apart, as OHHTTPStubs' `isHost` does.
        if headers.value(forHeader: "host") == nil, let host = Self.hostHeader(of: url) {
            headers["Host"] = host
        }
        if let cookieStorage, request.httpShouldHandleCookies, headers.value(forHeader: "cookie") == nil,
           let cookies = cookieStorage.cookies(for: url), !cookies.isEmpty {
            headers.merge(HTTPCookie.requestHeaderFields(with: cookies)) { own, _ in own }
        }
        var response = engine.respond(
            method: method,
            target: Self.target(of: url),
            headers: headers,
            body: Array(Self.body(of: request))
        )
        if response.outcome == .reloadRequested {
            response = engine.allowingCrossOrigin(engine.reloadAnswer(engine.reload()), method: method, headers: headers)
        }
        // The body of an entry's forwarded answer, as the forwarding transport handed it over.
        var forwardedBody: Data?
        if case .forwardRequested(let forward, let entry) = response.outcome {
            (response, forwardedBody) = try await forwardedAnswer(forward, entry: entry, unforwarded: response, request: request, url: url,
                                                                  method: method, headers: headers)
        }
        if !response.outcome.isAdmin {
            record.remember(response)
        }
        if response.delayMilliseconds > 0 {
            // A delay holds back the whole answer: URLSession gives up after the request's
            // `timeoutInterval` without a byte (Linux cuts it to whole seconds; this does not).
            let timeout = request.timeoutInterval
            if timeout > 0, Double(response.delayMilliseconds) > timeout * 1000 {
                try await Task.sleep(for: .milliseconds(Int64((timeout * 1000).rounded(.up))))
                throw URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "The request timed out.", NSURLErrorFailingURLErrorKey: url])
            }
            try await Task.sleep(for: .milliseconds(response.delayMilliseconds))
        }
        // The head has arrived (unless a fault closes before it): URLSession keeps its cookies
        // now, also when the body then fails.
        if let cookieStorage, response.fault?.sendsStatusLine ?? true {
            // One `Set-Cookie` at a time: joined with commas, an `Expires` date would split.
            for header in response.headers where header.name.lowercased() == "set-cookie" {
                cookieStorage.setCookies(HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": header.value], for: url), for: url, mainDocumentURL: nil)
            }
        }
        if let forwardedBody {
            // Already as the forwarding transport decoded it, with the API's own length.
            guard let httpResponse = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1",
                                                     headerFields: Self.headerFields(response.headers)) else {
                throw URLError(.badServerResponse)
            }
            return (forwardedBody, httpResponse)
        }
        // Exactly HEAD, as for the server: methods are case-sensitive.
        let isHead = method == "HEAD"
        // The body's time on a slow network (`bytesPerSecond`), cancellable like the delay.
        let transfer = response.transferNanoseconds(forBodyCount: isHead ? 0 : response.body.count)
        if transfer > 0 {
            try await Task.sleep(for: .nanoseconds(transfer))
        }
        if let fault = response.fault, !(isHead && fault == .truncatedBody) {
            throw Self.urlError(for: fault, url: url, bodyCount: response.body.count)
        }
        var headerFields = Self.headerFields(response.headers)
        // As the server states it (libmicrohttpd adds it there): for HEAD and 304 the size of the
        // body they stand for, so `expectedContentLength` is the same on both fronts.
        if let length = response.statedContentLength(toMethod: method) {
            headerFields["Content-Length"] = String(length)
        }
        guard let httpResponse = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: headerFields) else {
            throw URLError(.badServerResponse)
        }
        guard response.sendsBody(toMethod: method) else { return (Data(), httpResponse) }
        return (Data(try Self.decodedBody(response, url: url)), httpResponse)
    }

    /// The largest body a `Content-Encoding` is decoded to, as the AsyncHTTPClient transport's
    /// `maximumResponseBodyBytes` (a fixture that inflates past it is a mistake, not a test).
    static let maximumDecodedBodyBytes = 256 * 1024 * 1024

    /// The body as URLSession hands it to the app: a `gzip` or `deflate` `Content-Encoding` (a
    /// list too) undone, the headers left as sent. A coding it cannot decode (`br`, `zstd`) is
    /// handed over as it is; a body that does not decode throws what Apple's URLSession throws.
    static func decodedBody(_ response: MockResponse, url: URL) throws -> [UInt8] {
        guard !response.body.isEmpty, let coding = response.headerValue("Content-Encoding") else { return response.body }
        do {
            return try ContentDecoder.decode(response.body, coding: coding, limit: maximumDecodedBodyBytes) ?? response.body
        } catch {
            throw URLError(.cannotDecodeContentData, userInfo: [
                NSLocalizedDescriptionKey: "the fixture's Content-Encoding: \(coding) body cannot be decoded: \(error)",
                NSURLErrorFailingURLErrorKey: url,
            ])
        }
    }

    /// The error a real `URLSession` reports for the fault on this platform (measured against a
    /// socket doing the same; see README, "Faults and slow networks").
    static func urlError(for fault: MockFault, url: URL, bodyCount: Int) -> URLError {
        let (code, description) = platformError(for: fault, missingBytes: bodyCount - fault.bytesSent(ofBodyCount: bodyCount))
        return URLError(code, userInfo: [
            NSLocalizedDescriptionKey: description,
            NSURLErrorFailingURLErrorKey: url,
        ])
    }

    private static func platformError(for fault: MockFault, missingBytes: Int) -> (URLError.Code, String) {
        if let clientError = clientNetworkError(for: fault) { return clientError }
        #if canImport(FoundationNetworking)
        // swift-corelibs-foundation passes libcurl's error through: a reset is CURLE_RECV_ERROR
        // (-1005), an empty reply CURLE_GOT_NOTHING (-1011), a short body CURLE_PARTIAL_FILE,
        // which it does not map (-1).
        switch fault {
        case .connectionReset: return (.networkConnectionLost, "Recv failure: Connection reset by peer")
        case .emptyResponse: return (.badServerResponse, "Empty reply from server")
        default: return (.unknown, "transfer closed with \(missingBytes) bytes remaining to read")   // truncatedBody
        }
        #else
        // Apple's URLSession reports a connection that closes mid-exchange — before any answer
        // or before the announced Content-Length — as -1005 (Technical Q&A QA1941).
        return (.networkConnectionLost, "The network connection was lost.")
        #endif
    }

    /// The errors the client's own network gives before any server is reached: the same code on
    /// every platform, with Apple's wording; nil for the faults a socket shows.
    private static func clientNetworkError(for fault: MockFault) -> (URLError.Code, String)? {
        switch fault {
        case .notConnectedToInternet: (.notConnectedToInternet, "The Internet connection appears to be offline.")
        case .cannotFindHost: (.cannotFindHost, "A server with the specified hostname could not be found.")
        case .cannotConnectToHost: (.cannotConnectToHost, "Could not connect to the server.")
        case .secureConnectionFailed: (.secureConnectionFailed, "An SSL error has occurred and a secure connection to the server cannot be made.")
        case .connectionReset, .emptyResponse, .truncatedBody: nil
        }
    }

    /// `host[:port]` as a `Host` header names it: the port only when it is not the scheme's
    /// default; an IPv6 address in brackets.
    static func hostHeader(of url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = components.percentEncodedHost, !host.isEmpty else {
            return nil
        }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = components.scheme?.lowercased() == "https" ? 443 : 80
        guard let port = components.port, port != defaultPort else { return bracketed }
        return "\(bracketed):\(port)"
    }

    /// The raw request target: percent-encoded path plus `?query`, as a server sees it.
    static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var path = components?.percentEncodedPath ?? ""
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery {
            return path + "?" + query
        }
        return path
    }

    /// The body, whether set directly or as a stream (URLSession moves bodies into streams).
    static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody {
            return body
        }
        guard let stream = request.httpBodyStream else {
            return Data()
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        stream.open()
        defer { stream.close() }
        while true {
            let read = stream.read(&buffer, maxLength: buffer.count)
            if read <= 0 { break }
            data.append(contentsOf: buffer[0..<read])
        }
        return data
    }

    /// Repeated header names are folded into one comma-separated value, as HTTP allows.
    static func headerFields(_ headers: [HTTPHeader]) -> [String: String] {
        var fields: [String: String] = [:]
        var nameByLowercased: [String: String] = [:]
        for header in headers {
            let lowercased = header.name.lowercased()
            if let existingName = nameByLowercased[lowercased], let existing = fields[existingName] {
                fields[existingName] = existing + ", " + header.value
            } else {
                nameByLowercased[lowercased] = header.name
                fields[header.name] = header.value
            }
        }
        return fields
    }
}

extension MatchOutcome {
    /// Admin calls (a control verifying through this transport) are not what a test asks about
    /// when it reads ``FixtureTransport/lastOutcome``.
    fileprivate var isAdmin: Bool {
        switch self {
        case .admin, .health, .reloadRequested: true
        default: false
        }
    }
}

/// The last answer, shared by every copy of one transport.
private final class LockedRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: MatchOutcome?
    private var nearMiss: String?

    var lastOutcome: MatchOutcome? {
        lock.withLock { outcome }
    }

    var lastNearMiss: String? {
        lock.withLock { nearMiss }
    }

    func remember(_ response: MockResponse) {
        lock.withLock {
            outcome = response.outcome
            if case .noMatch(let summary) = response.outcome {
                nearMiss = summary + "\n" + String(decoding: response.body, as: UTF8.self)
            }
        }
    }
}
