/// Conditional (RFC 9110 §13) and range (§14) requests for one static file, evaluated in the
/// order §13.2.2 gives: `If-Match`, `If-Unmodified-Since`, `If-None-Match`, `If-Modified-Since`,
/// then `Range` with `If-Range`.
///
/// Several satisfiable ranges are answered as one `multipart/byteranges` body (overlapping and
/// adjacent ranges merged, in file order); a `Range` this server does not understand (another
/// unit, bad syntax, more than ``ByteRangeRequest/maximumRanges`` ranges) or on an empty file is
/// ignored and the whole file sent, as §14.2 allows.
struct StaticFileAnswer {
    /// The file's plain `200`, prepared at load.
    let full: MockResponse
    let file: String

    /// The conditional and range headers of one request.
    struct Conditions {
        var ifMatch: String?
        var ifUnmodifiedSince: String?
        var ifNoneMatch: String?
        var ifModifiedSince: String?
        var range: String?
        var ifRange: String?

        /// Reads only what applies: `If-Unmodified-Since` without `If-Match`, `If-Modified-Since`
        /// without `If-None-Match`, `Range` and `If-Range` for GET.
        init(_ headers: any RequestHeaderLookup, isGet: Bool) {
            ifMatch = headers.value(forHeader: "if-match")
            ifUnmodifiedSince = ifMatch == nil ? headers.value(forHeader: "if-unmodified-since") : nil
            ifNoneMatch = headers.value(forHeader: "if-none-match")
            ifModifiedSince = ifNoneMatch == nil ? headers.value(forHeader: "if-modified-since") : nil
            range = isGet ? headers.value(forHeader: "range") : nil
            ifRange = range == nil ? nil : headers.value(forHeader: "if-range")
        }

        var isEmpty: Bool {
            ifMatch == nil && ifUnmodifiedSince == nil && ifNoneMatch == nil && ifModifiedSince == nil && range == nil
        }
    }

    func answer(_ conditions: Conditions) -> MockResponse {
        let etag = full.headerValue(StaticFileHeaders.etag) ?? ""
        let lastModifiedText = full.headerValue(StaticFileHeaders.lastModified) ?? ""
        let lastModified = HTTPDate.parse(lastModifiedText) ?? 0
        if let ifMatch = conditions.ifMatch, !EntityTagList(ifMatch).containsStrongMatch(for: etag) {
            return preconditionFailed("If-Match \(ifMatch) does not match the file's ETag \(etag)", etag: etag)
        }
        if let text = conditions.ifUnmodifiedSince, let date = HTTPDate.parse(text), lastModified > date {
            return preconditionFailed("the file was modified (\(lastModifiedText)) after If-Unmodified-Since \(text)", etag: etag)
        }
        if let ifNoneMatch = conditions.ifNoneMatch {
            if EntityTagList(ifNoneMatch).containsWeakMatch(for: etag) { return notModified(etag: etag) }
        } else if let text = conditions.ifModifiedSince, let date = HTTPDate.parse(text), lastModified <= date {
            return notModified(etag: etag)
        }
        guard let rangeText = conditions.range, !full.body.isEmpty, let request = ByteRangeRequest(parsing: rangeText),
              Self.ifRangeHolds(conditions.ifRange, etag: etag, lastModified: lastModified) else { return full }
        let ranges = request.satisfiableRanges(inSize: full.body.count)
        switch ranges.count {
        case 0: return rangeNotSatisfiable(rangeText)
        case 1: return partial(ranges[0])
        default: return multipart(ranges, etag: etag)
        }
    }

    /// No `If-Range`, or one naming the current representation: an entity tag compared strongly,
    /// or exactly the `Last-Modified` date.
    private static func ifRangeHolds(_ ifRange: String?, etag: String, lastModified: Int64) -> Bool {
        guard let ifRange = ifRange?.trimmingSpaces() else { return true }
        if ifRange.hasPrefix("\"") || ifRange.hasPrefix("W/") {
            return EntityTagList(String(ifRange)).containsStrongMatch(for: etag) && !ifRange.contains(",")
        }
        return HTTPDate.parse(String(ifRange)) == lastModified
    }

    /// The headers of `full` except those named, then `extra`.
    private func headers(dropping names: Set<String>, adding extra: [HTTPHeader]) -> [HTTPHeader] {
        full.headers.filter { !names.contains($0.name) } + extra
    }

    private func response(_ status: Int, _ headers: [HTTPHeader], _ body: [UInt8]) -> MockResponse {
        MockResponse(status: status, headers: headers, body: body, outcome: full.outcome)
    }

    /// `304`: no representation metadata but the validator and caching headers (RFC 9110
    /// §15.4.5), so no `Content-Type`. It carries the file's bytes as a HEAD answer does — no
    /// front sends them (``MockResponse/sendsBody(toMethod:)``) — so a server's `Content-Length`
    /// is the size of the `200` it stands for, the one value §8.6 allows besides none.
    private func notModified(etag: String) -> MockResponse {
        response(304, full.headers.filter { $0.name == StaticFileHeaders.etag || $0.name == StaticFileHeaders.cacheControl }, full.body)
    }

    private func partial(_ range: ClosedRange<Int>) -> MockResponse {
        response(206, headers(dropping: [], adding: [HTTPHeader(name: "Content-Range", value: contentRange(range))]),
                 Array(full.body[range]))
    }

    private func multipart(_ ranges: [ClosedRange<Int>], etag: String) -> MockResponse {
        let boundary = "byteranges-" + etag.filter { $0.isLetter || $0.isNumber }
        let contentType = full.headerValue(StaticFileHeaders.contentType) ?? MediaType.octetStream
        var body: [UInt8] = []
        body.reserveCapacity(ranges.reduce(0) { $0 + $1.count + 128 })
        for range in ranges {
            body += Array("--\(boundary)\r\nContent-Type: \(contentType)\r\nContent-Range: \(contentRange(range))\r\n\r\n".utf8)
            body += full.body[range]
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        let type = HTTPHeader(name: StaticFileHeaders.contentType, value: "multipart/byteranges; boundary=\(boundary)")
        return response(206, [type] + headers(dropping: [StaticFileHeaders.contentType], adding: []), body)
    }

    private func contentRange(_ range: ClosedRange<Int>) -> String {
        "bytes \(range.lowerBound)-\(range.upperBound)/\(full.body.count)"
    }

    /// `416` with `Content-Range: bytes */size` and a body saying what the file holds.
    private func rangeNotSatisfiable(_ rangeText: String) -> MockResponse {
        let size = full.body.count
        let body = JSONValue.makeObject([
            ("error", .string("\(rangeText) cannot be satisfied: \(file) is \(size) byte\(size == 1 ? "" : "s") long")),
            ("staticFile", .string(file)),
            ("size", .number(JSONNumber(size))),
            ("hint", .string("ask for bytes within 0-\(size - 1), e.g. Range: bytes=0-\(min(size, 1024) - 1)")),
        ])
        return response(416, [
            HTTPHeader(name: StaticFileHeaders.contentType, value: MediaType.json),
            HTTPHeader(name: "Content-Range", value: "bytes */\(size)"),
        ] + full.headers.filter { $0.name == StaticFileHeaders.acceptRanges || $0.name == StaticFileHeaders.etag }, body.prettyPrintedBytes())
    }

    private func preconditionFailed(_ reason: String, etag: String) -> MockResponse {
        let body = JSONValue.makeObject([
            ("error", .string("precondition failed: \(reason)")),
            ("hint", .string("send the file's current ETag in If-Match (given here and on every GET of it), or leave the condition out")),
            ("staticFile", .string(file)),
            ("etag", .string(etag)),
        ])
        return response(412, [HTTPHeader(name: StaticFileHeaders.contentType, value: MediaType.json),
                              HTTPHeader(name: StaticFileHeaders.etag, value: etag)], body.prettyPrintedBytes())
    }
}

extension MockEngine {
    /// A static file's answer: its prepared `200` unless the request is conditional or asks
    /// for a range (a request with none of those headers costs nothing more).
    func staticFileResponse(preparedID: Int, file: String, _ request: IncomingRequest, store: FixtureStore) -> MockResponse {
        let full = prepared(preparedID, in: store, outcome: .staticFile(file))
        let conditions = StaticFileAnswer.Conditions(request.headers, isGet: !request.isHead)
        return conditions.isEmpty ? full : StaticFileAnswer(full: full, file: file).answer(conditions)
    }
}
