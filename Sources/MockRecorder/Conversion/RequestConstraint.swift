import MockFixtures

/// The `request` an entry gets from a recorded request, as the matcher reads it back: the JSON
/// body; the fields of a form or multipart body; or, without a body, the query parameters.
struct RequestConstraint {
    /// How the request was expressed, which decides how two constraints are compared.
    enum Style {
        /// Compared with a JSON body: semantic JSON equality.
        case body
        /// Compared with query parameters, form fields or multipart parts: as text.
        case parameters
    }

    /// Nil for no constraint (a wildcard entry). A value holding an object key that starts with
    /// `$` (a MongoDB-style `{"$set": …}` body, an OData `?$top=10`) is written inside
    /// `{"$equals": …}`, which the fixture format takes literally: unwrapped, the loader would read
    /// it as a matcher, and the file would fail to load or match something else.
    let value: JSONValue?
    /// The query parameters of a request that also has a body (a body-less request's query is
    /// its `value`): written as the entry's `query`, so `POST /orders?page=1` and `?page=2` with
    /// the same body are two entries, not one replacing the other. Nil without a query.
    let query: JSONValue?
    /// `value` and `query` as the matcher reads them (no `$equals` wrapping): what entries
    /// already in the file are compared with.
    private let readValue: JSONValue?
    private let readQuery: JSONValue?
    let style: Style
    /// A request without a body, whose query the matcher compares with an entry's `request`
    /// and its `query` alike.
    let isBodyless: Bool
    /// Said to the user when the request carried something the fixture format cannot match on.
    let note: String?

    /// Derives the constraint of `exchange`, redacting `redactedKeys`; a body-less request's
    /// also asks for each of `absentParameters` to be absent (`{"$absent": true}`).
    init(_ exchange: RecordedExchange, target: RequestTarget, redactedKeys: Set<String>, absentParameters: [String] = []) {
        var value: JSONValue?
        var style = Style.parameters
        var note: String?
        let contentType = exchange.requestHeader("content-type")
        let mediaType = contentType.map { ContentTypeHeader($0).mediaType }
        // Redacted before the redirect's `$absent` members join them: a redact key a Location
        // adds (`?session_token=…`) must stay absent, not become `$any`, which would ask for a
        // parameter the request never had.
        let queryParameters = target.query.flatMap { raw in
            Self.object(from: QueryParameters(decoding: raw).parameters.map { ($0.name, JSONValue.string($0.value)) })
        }.map { Redaction.apply(to: $0, keys: redactedKeys, replacement: Redaction.anyValue) }
        // The parameters a redirect adds, asked to be absent, so the entry never answers its own
        // Location; not for names starting with `$` (OData's `$top`), whose parameters are matched
        // literally (`$equals`), where no matcher can stand.
        let absent = absentParameters.contains { $0.hasPrefix("$") }
            || (queryParameters.map(Self.holdsDollarKey) ?? false) ? [] : absentParameters
        let constrainedQuery: JSONValue? = if absent.isEmpty {
            queryParameters
        } else {
            .makeObject((queryParameters.map(Self.members) ?? []) + absent.map { ($0, Self.absentValue) })
        }
        // A body-less request is told apart by its query; one with a body by both.
        let query = exchange.requestBody.isEmpty ? nil : constrainedQuery
        if exchange.requestBody.isEmpty {
            value = constrainedQuery
        } else if mediaType == "application/x-www-form-urlencoded" {
            value = Self.object(from: QueryParameters(decodingBytes: exchange.requestBody).parameters.map { ($0.name, JSONValue.string($0.value)) })
        } else if mediaType == "multipart/form-data", let contentType {
            do {
                let form = try ReceivedMultipartForm(parsing: exchange.requestBody, contentType: contentType)
                value = Self.object(from: form.parts.map { part in (part.name, Self.describe(part)) }, firstOnlyForObjects: true)
            } catch {
                note = "the multipart request body is malformed (\(error)), so the entry matches any \(exchange.method) request"
            }
        } else if let parsed = try? JSONParser.parse(exchange.requestBody).root.value {
            style = .body
            if case .object(let members) = parsed, members.isEmpty { value = nil } else if case .null = parsed { value = nil } else { value = parsed }
        } else {
            let kind = contentType ?? "without a Content-Type"
            note = "the request body (\(kind), \(exchange.requestBody.count) bytes) is not JSON, a form or multipart, which fixtures cannot match on, so the entry matches any \(exchange.method) request"
        }
        readValue = exchange.requestBody.isEmpty ? value : value.map { Redaction.apply(to: $0, keys: redactedKeys, replacement: Redaction.anyValue) }
        readQuery = query
        isBodyless = exchange.requestBody.isEmpty
        self.value = readValue.map(Self.literal)
        // `query`'s keys are parameter names, never matchers: OData's `$top` stays as it is
        // (wrapped in `$equals`, as `request` needs it, the file would not load).
        self.query = readQuery
        self.style = style
        self.note = note
    }

    /// `value` with each object whose keys start with `$` inside `{"$equals": …}`, as deep as
    /// possible, so the redaction matchers (`{"$any": true}`) elsewhere in it keep working.
    static func literal(_ value: JSONValue) -> JSONValue {
        guard holdsDollarKey(value) else { return value }
        switch value {
        case .object(let members):
            if members.contains(where: { $0.key.hasPrefix("$") }) { return .makeObject([("$equals", value)]) }
            return .makeObject(members.map { ($0.key, literal($0.value.value)) })
        case .array(let elements):
            return .makeArray(elements.map { literal($0.value) })
        default:
            return value
        }
    }

    /// The members of an object, as `(key, value)` pairs; none for anything else.
    private static func members(of value: JSONValue) -> [(String, JSONValue)] {
        guard case .object(let members) = value else { return [] }
        return members.map { ($0.key, $0.value.value) }
    }

    /// The matcher a parameter a redirect adds is asked to be absent with.
    static let absentValue = JSONValue.makeObject([("$absent", .bool(true))])

    /// Whether an object key somewhere in `value` starts with `$`, the recorder's own matchers aside.
    private static func holdsDollarKey(_ value: JSONValue) -> Bool {
        if value == Redaction.anyValue || value == absentValue { return false }
        switch value {
        case .object(let members): return members.contains { $0.key.hasPrefix("$") || holdsDollarKey($0.value.value) }
        case .array(let elements): return elements.contains { holdsDollarKey($0.value) }
        default: return false
        }
    }

    /// `value` with every `{"$equals": X}` in it read as X: how the matcher reads it.
    private static func unwrappingLiteral(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case .object(let members)?:
            if members.count == 1, let only = members.first, only.key == "$equals" { return only.value.value }
            return .makeObject(members.map { ($0.key, unwrappingLiteral($0.value.value) ?? .null) })
        case .array(let elements)?:
            return .makeArray(elements.map { unwrappingLiteral($0.value) ?? .null })
        default:
            return value
        }
    }

    /// What an existing entry asks of this request's parameters: for a body-less request its
    /// `request` and `query` together (both are compared with the query string, so a
    /// hand-written `{"query": {"q": "x"}}` is the same rule as `{"request": {"q": "x"}}`), for
    /// one with a body its `request` and `query` apart.
    func existingConstraints(request: JSONValue?, query: JSONValue?) -> (request: JSONValue?, query: JSONValue?) {
        guard isBodyless, let query else { return (request, query) }
        guard let request else { return (query, nil) }
        guard case .object(let asked) = request, case .object(let alsoAsked) = query else { return (request, query) }
        return (.makeObject((asked + alsoAsked).map { ($0.key, $0.value.value) }), nil)
    }

    /// Whether an existing entry's `request` (nil, `null` and `{}` being the same wildcard)
    /// constrains exactly what this one does.
    func isEquivalent(to existing: JSONValue?) -> Bool {
        let other = Self.normalizedWildcard(Self.unwrappingLiteral(existing))
        guard let value = readValue, let other else { return readValue == nil && other == nil }
        switch style {
        case .body: return value == other
        case .parameters: return Self.sameParameters(value, other)
        }
    }

    /// Whether an existing entry's `query` (nil, `null` and `{}` being no constraint) asks for
    /// exactly what this one's does.
    func queryIsEquivalent(to existing: JSONValue?) -> Bool {
        let mine = Self.normalizedWildcard(readQuery)
        let other = Self.normalizedWildcard(Self.unwrappingLiteral(existing))
        guard let mine, let other else { return mine == nil && other == nil }
        return Self.sameParameters(mine, other)
    }

    /// Whether an existing entry with this `request` and `query` would also answer the recorded
    /// request, though it is not the same: each parameter it asks for has the recorded value,
    /// and the recorded request has more (the matcher allows extra parameters). The recorded
    /// entry then goes before it, or it would never be reached.
    ///
    /// A JSON body is shadowed by an entry asking for the same body and fewer query parameters
    /// (`POST /_search` before `POST /_search?from=10`): a wildcard entry never shadows, since
    /// the matcher tries constrained entries first.
    func isShadowed(byRequest existingRequest: JSONValue?, query existingQuery: JSONValue?) -> Bool {
        guard let existing = Self.normalizedWildcard(Self.unwrappingLiteral(existingRequest)) else { return false }
        switch style {
        case .parameters: guard Self.asks(existing, asSubsetOf: readValue) else { return false }
        case .body: guard existing == readValue else { return false }
        }
        let existingQuery = Self.normalizedWildcard(Self.unwrappingLiteral(existingQuery))
        return existingQuery.map { Self.asks($0, asSubsetOf: readQuery) } ?? true
    }

    /// Whether every parameter of `existing` is in `recorded` as the matcher would accept it: a
    /// single value when any occurrence has it (`tag: "a"` answers `?tag=a&tag=b`), an array
    /// when the occurrences are its elements in any order.
    private static func asks(_ existing: JSONValue, asSubsetOf recorded: JSONValue?) -> Bool {
        guard case .object(let wanted) = existing, case .object(let have)? = recorded else { return false }
        return wanted.allSatisfy { member in
            guard let other = have.last(where: { $0.key == member.key }) else { return false }
            if case .array = member.value.value {
                return sameParameters(.makeObject([(member.key, member.value.value)]), .makeObject([(other.key, other.value.value)]))
            }
            return values(other.value.value).contains { sameScalar(member.value.value, $0) }
        }
    }

    /// What tells this request apart, for naming its body file: the `request`, and the `query`
    /// when there is one.
    var identity: JSONValue? {
        guard let query else { return value }
        return .makeArray([value ?? .null, query])
    }

    /// `null` and `{}` constrain nothing.
    static func normalizedWildcard(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case .none, .some(.null): nil
        case .some(.object(let members)) where members.isEmpty: nil
        case .some(let value): value
        }
    }

    /// Compares two parameter-shaped objects as the matcher reads them: `2` and `"2"` are the
    /// same value, repeated values match in any order.
    private static func sameParameters(_ left: JSONValue, _ right: JSONValue) -> Bool {
        guard case .object(let leftMembers) = left, case .object(let rightMembers) = right, leftMembers.count == rightMembers.count else {
            return left == right
        }
        for member in leftMembers {
            guard let other = rightMembers.last(where: { $0.key == member.key }) else { return false }
            var remaining = values(other.value.value)
            for value in values(member.value.value) {
                guard let index = remaining.firstIndex(where: { sameScalar(value, $0) }) else { return false }
                remaining.remove(at: index)
            }
            guard remaining.isEmpty else { return false }
        }
        return true
    }

    private static func values(_ value: JSONValue) -> [JSONValue] {
        if case .array(let elements) = value { return elements.map(\.value) }
        return [value]
    }

    private static func sameScalar(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if left == right { return true }
        switch (left, right) {
        case (.string(let text), .number(let number)), (.number(let number), .string(let text)):
            return JSONNumber(parsing: text) == number
        case (.string(let text), .bool(let flag)), (.bool(let flag), .string(let text)):
            return text == (flag ? "true" : "false")
        default:
            return false
        }
    }

    /// An object of names to values; a repeated name becomes an array (any order matches),
    /// except object values (multipart file parts), where the first one is kept.
    private static func object(from pairs: [(String, JSONValue)], firstOnlyForObjects: Bool = false) -> JSONValue? {
        guard !pairs.isEmpty else { return nil }
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for (name, value) in pairs {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        return .makeObject(order.map { name in
            let all = values[name]!
            if all.count == 1 { return (name, all[0]) }
            if firstOnlyForObjects, case .object = all[0] { return (name, all[0]) }
            return (name, .makeArray(all))
        })
    }

    /// A text part as its text; a file part as `{"filename": …, "contentType": …}`.
    private static func describe(_ part: MultipartPart) -> JSONValue {
        guard part.filename != nil || part.contentType != nil else { return .string(part.text) }
        var members: [(String, JSONValue)] = []
        if let filename = part.filename { members.append(("filename", .string(filename))) }
        if let contentType = part.contentType { members.append(("contentType", .string(contentType))) }
        return .makeObject(members)
    }
}
