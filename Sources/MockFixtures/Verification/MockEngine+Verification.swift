extension MockEngine {
    /// `POST /__admin/requests/find` (`counting` false) and `POST /__admin/requests/count`.
    func verificationResponse(_ request: inout IncomingRequest, counting: Bool) -> MockResponse {
        guard let journal else { return journalOffResponse(request) }
        let document: JSONDocument
        switch jsonBody(of: request, expecting: RequestPattern.example) {
        case .success(let parsed): document = parsed
        case .failure(let box): return box.response
        }
        let pattern: RequestPattern
        switch RequestPattern.compile(document) {
        case .success(let compiled): pattern = compiled
        case .failure(let error): return badAdminRequest(request, error.message, hint: error.hint)
        }
        let (exchanges, dropped) = journal.snapshot()
        var matching: [JournalRecord] = []
        var misses: [(exchange: JournalRecord, comparison: RequestPattern.Comparison)] = []
        for exchange in exchanges {
            let comparison = pattern.compare(with: exchange)
            if comparison.reasons.isEmpty {
                matching.append(exchange)
            } else if counting {
                misses.append((exchange, comparison))
            }
        }
        // Requests the journal dropped may have fit too: said in every answer, so that a client
        // never takes a count from a journal that overflowed for an exact one.
        guard counting else {
            return adminAnswer("found \(matching.count) requests", [("requests", .makeArray(matching.map(\.json))),
                                                                  ("dropped", .number(JSONNumber(dropped)))])
        }
        var fields: [(String, JSONValue)] = [("count", .number(JSONNumber(matching.count))), ("dropped", .number(JSONNumber(dropped)))]
        if matching.isEmpty {
            fields.append(("nearMisses", .makeArray(Self.nearest(misses, limit: 3).map { miss in
                let path = (try? RequestTarget.parse(miss.exchange.target).get()).map { String($0.path) } ?? miss.exchange.target
                return .makeObject([
                    ("id", .number(JSONNumber(miss.exchange.id))),
                    ("method", .string(miss.exchange.method)),
                    ("path", .string(path)),
                    ("reasons", .makeArray(miss.comparison.reasons.map { .string($0) })),
                ])
            })))
            fields.append(("recorded", .number(JSONNumber(exchanges.count))))
        }
        return adminAnswer("counted \(matching.count) requests", fields)
    }

    /// The misses closest to the pattern: same path before other paths, same method before other
    /// methods, fewer reasons first, newer first.
    static func nearest(_ misses: [(exchange: JournalRecord, comparison: RequestPattern.Comparison)], limit: Int)
        -> [(exchange: JournalRecord, comparison: RequestPattern.Comparison)] {
        func rank(_ miss: (exchange: JournalRecord, comparison: RequestPattern.Comparison)) -> (Int, Int, Int, Int) {
            (miss.comparison.pathDiffers ? 1 : 0, miss.comparison.methodDiffers ? 1 : 0, miss.comparison.reasons.count, -miss.exchange.id)
        }
        return Array(misses.sorted { rank($0) < rank($1) }.prefix(limit))
    }
}
