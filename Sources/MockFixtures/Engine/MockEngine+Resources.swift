/// Resources: collections whose items the mock keeps (`POST /__admin/resources`), answering
/// create, read, update and delete calls. A resource stands as one entry of the default priority
/// (``MockEngine/AnswerSource``), so a runtime fixture can still inject a one-off failure
/// (`"times": 1, "status": 503`) in front of one; cleared by reset.
extension MockEngine {
    static let resourceExample = #"{"path": "/api/people", "idField": "id", "ids": "increment", "items": [{"id": 1, "name": "Rey"}]}"#
    private static let resourceKeys = ["path", "idField", "ids", "items"]

    // MARK: Admin

    /// `POST /__admin/resources`.
    func addResourceResponse(_ request: inout IncomingRequest) -> MockResponse {
        if let refusal = recordingRefusal(the: "resource", verb: "added") { return refusal }
        let document: JSONDocument
        switch jsonBody(of: request, expecting: Self.resourceExample) {
        case .success(let parsed): document = parsed
        case .failure(let box): return box.response
        }
        guard case .object(let members) = document.root.value else {
            return badAdminRequest(request, "the resource is \(document.root.value.kindNameWithArticle)", hint: "send an object such as \(Self.resourceExample)")
        }
        if let duplicate = document.duplicateKeys.first {
            return badAdminRequest(request, "\(duplicate.position): the key \(JSONValue.excerpt(.string(duplicate.key))) is given twice", hint: "give each key once")
        }
        if let unknown = members.first(where: { !Self.resourceKeys.contains($0.key) }) {
            var hint = "the keys are " + Self.resourceKeys.joined(separator: ", ")
            if let suggestion = EditDistance.closest(to: unknown.key, among: Self.resourceKeys, maximumDistance: 2) { hint = "did you mean \"\(suggestion)\"?" }
            return badAdminRequest(request, "unknown key \(JSONValue.excerpt(.string(unknown.key))) in the resource", hint: hint)
        }
        let object = document.root.value
        guard case .string(let path)? = object["path"] else {
            return badAdminRequest(request, "the resource needs \"path\", the collection's path as a string", hint: "send \(Self.resourceExample)")
        }
        let key: String
        switch RequestTarget.parse(writtenPath: path) {
        case .success(let target) where target.query == nil && !target.lookupKey.isEmpty && !Self.isAdminKey(target.lookupKey)
            && !target.lookupKey.contains("{") && path.utf8.count <= Self.maximumRuntimePathBytes:
            key = String(target.lookupKey)
        case .success(let target):
            let why = target.query != nil ? "has a query" : target.lookupKey.isEmpty ? "is the root, which holds no collection"
                : Self.isAdminKey(target.lookupKey) ? "is under /__admin, the server's own" : target.lookupKey.contains("{")
                ? "has braces: a resource's path is literal, its items are the segment after it" : "is longer than any request can carry"
            return badAdminRequest(request, "\"path\" \(JSONValue.excerpt(.string(path))) \(why)", hint: "give the collection's path, such as \"/api/people\"")
        case .failure(let rejection):
            return badAdminRequest(request, "\"path\" \(JSONValue.excerpt(.string(path))) is not a usable request path: \(rejection.description)",
                                   hint: "write the decoded path, such as \"/api/people\"")
        }
        let declaration: ResourceDeclaration
        switch ResourceDeclaration.compile(members, path: path, key: key, file: nil, example: Self.resourceExample) {
        case .success(let compiled): declaration = compiled
        case .failure(let problem): return badAdminRequest(request, problem.message, hint: problem.hint)
        }
        let added = resources.add(key: key) { id in Resource(id: id, shape: declaration.shape, items: declaration.items) }
        switch added {
        case .taken(let existing):
            return diagnosticResponse(status: 409, outcome: .admin("refused: \(existing.id) already serves \(existing.path)"), [
                ("error", .string("\(existing.id) already serves \(existing.path)")),
                ("hint", .string("DELETE /__admin/resources/\(existing.id) first, or use it as it is")),
            ])
        case .added(let resource):
            // A resource one segment below another takes that item's path away from it.
            let warnings = resources.all.compactMap { other -> String? in
                if other.key.hasPrefix(key + "/"), !other.key.dropFirst(key.count + 1).contains("/") {
                    return "\(other.id) at \(other.path) answers that path, so item \(JSONValue.excerpt(.string(String(other.key.dropFirst(key.count + 1))))) of \(resource.id) cannot be reached"
                }
                if key.hasPrefix(other.key + "/"), !key.dropFirst(other.key.count + 1).contains("/") {
                    return "\(resource.id) answers \(path), so item \(JSONValue.excerpt(.string(String(key.dropFirst(other.key.count + 1))))) of \(other.id) at \(other.path) cannot be reached"
                }
                return nil
            }
            var fields = Self.resourceFields(resource, items: nil)
            if !warnings.isEmpty { fields.append(("warnings", .makeArray(warnings.map { .string($0) }))) }
            return diagnosticResponse(status: 201, outcome: .admin("added \(resource.id) for \(path)"),
                                      headers: Self.jsonHeaders + [HTTPHeader(name: "Location", value: "/__admin/resources/\(resource.id)")], fields)
        }
    }

    /// `GET /__admin/resources`.
    func resourceListResponse() -> MockResponse {
        let all = resources.all
        return adminAnswer("\(all.count) resources", [("resources", .makeArray(all.map { .makeObject(Self.resourceFields($0, items: nil)) }))])
    }

    /// `GET /__admin/resources/{id}`: with its items.
    func resourceResponse(id: String) -> MockResponse {
        guard let resource = resources.resource(id: id) else { return unknownResource(id) }
        return adminAnswer("resource \(id)", Self.resourceFields(resource, items: resource.currentItems))
    }

    /// `DELETE /__admin/resources/{id}`.
    func removeResourceResponse(id: String) -> MockResponse {
        guard let removed = resources.remove(id: id) else { return unknownResource(id) }
        return adminAnswer("removed \(removed.id) for \(removed.path)", [("removed", .string(removed.id))])
    }

    /// `DELETE /__admin/resources`.
    func removeAllResourcesResponse() -> MockResponse {
        let removed = resources.removeAll()
        return adminAnswer("removed \(removed) resources", [("removed", .number(JSONNumber(removed)))])
    }

    private func unknownResource(_ id: String) -> MockResponse {
        let known = resources.all.map(\.id)
        return diagnosticResponse(status: 404, outcome: .admin("no resource \(id)"), [
            ("error", .string("there is no resource \(JSONValue.excerpt(.string(id)))")),
            ("hint", .string(known.isEmpty ? "add one with POST /__admin/resources" : "the resources are " + known.joined(separator: ", "))),
        ])
    }

    private static func resourceFields(_ resource: Resource, items: [JSONValue]?) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [
            ("id", .string(resource.id)),
            ("path", .string(resource.path)),
            ("idField", .string(resource.idField)),
            ("ids", .string(resource.ids.rawValue)),
            ("count", .number(JSONNumber(items?.count ?? resource.currentItems.count))),
        ]
        if let file = resource.file { fields.append(("file", .string(file))) }
        if let items { fields.append(("items", .makeArray(items))) }
        return fields
    }

    /// The ids a resource's items hold, as ``Resource/key(of:)`` tells them apart, and the largest
    /// whole number among them: kept as items are added and deleted, so neither rescans (audit
    /// R23: deleting the newest item scanned all 100,000 to find the next largest).
    struct ResourceIDs {
        /// The UTF-8 of each key: compared byte for byte, not by Unicode equivalence (``Resource/id(_:is:)``).
        var keys: Set<[UInt8]> = []
        /// How many ids count with each whole part towards the next id; `.max` for one past the
        /// largest whole number.
        private var wholeParts: [Int: Int] = [:]
        /// The whole parts in `wholeParts`, largest first (a binary max-heap); a part whose count
        /// fell to 0 is dropped when it comes to the top.
        private var largest: [Int] = []

        init() {}

        init(_ items: [JSONValue], idField: String) {
            for item in items { if let id = item[idField] { insert(id) } }
        }

        mutating func insert(_ id: JSONValue) {
            let key = Resource.key(of: id)
            keys.insert(Array(key.utf8))
            guard let whole = Self.countedWholePart(of: id, key: key) else { return }
            wholeParts[whole, default: 0] += 1
            if wholeParts[whole] == 1 { push(whole) }
        }

        /// Forgets `id` (its item was deleted).
        mutating func remove(_ id: JSONValue) {
            let key = Resource.key(of: id)
            keys.remove(Array(key.utf8))
            guard let whole = Self.countedWholePart(of: id, key: key), let count = wholeParts[whole] else { return }
            wholeParts[whole] = count > 1 ? count - 1 : nil
            while let top = largest.first, wholeParts[top] == nil { popLargest() }
        }

        /// The largest id rounded down to a whole number, 0 at least; nil when one is too large to
        /// have a whole number after it.
        var floor: Int? {
            guard let top = largest.first else { return 0 }
            return top == .max ? nil : max(0, top)
        }

        /// One more than the largest number id (1 when there is none, or only negative ones);
        /// nil past the largest whole number.
        var next: JSONValue? {
            guard let floor, case let (next, overflow) = floor.addingReportingOverflow(1), !overflow else { return nil }
            return .number(JSONNumber(next))
        }

        /// The whole part an id counts with towards the next one: a number's, or a string's that
        /// is a number (`"7"`, `"1.0"`, `"1e2"`: the same ids as `7`, `1` and `100`, so a made-up
        /// id never repeats them; audit R24 found `"1.0"` and a new `1` side by side); `.max`
        /// past the largest.
        private static func countedWholePart(of id: JSONValue, key: String) -> Int? {
            let counts = switch id {
            case .number: true
            case .string(let text): JSONNumber(parsing: text) != nil
            default: false
            }
            return counts ? Resource.wholePart(ofKey: key) : nil
        }

        private mutating func push(_ value: Int) {
            largest.append(value)
            var child = largest.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard largest[parent] < largest[child] else { break }
                largest.swapAt(parent, child)
                child = parent
            }
        }

        private mutating func popLargest() {
            let last = largest.removeLast()
            guard !largest.isEmpty else { return }
            largest[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var biggest = parent
                if left < largest.count, largest[left] > largest[biggest] { biggest = left }
                if right < largest.count, largest[right] > largest[biggest] { biggest = right }
                guard biggest != parent else { return }
                largest.swapAt(parent, biggest)
                parent = biggest
            }
        }
    }

    /// `item` with its id: its own (a string or a number not yet used) or, when it has none or
    /// `null`, the next one; `known` gains it.
    static func identified(_ item: JSONValue, in resource: Resource.Shape, known: inout ResourceIDs) -> Result<JSONValue, ResourceProblem> {
        let result = identified(item, in: resource, among: known)
        if case .success(let identified) = result, let id = identified[resource.idField] { known.insert(id) }
        return result
    }

    /// The longest string id, in bytes: a path naming it must fit in a request line (a
    /// 30,000-byte id was added, then every request for it got libmicrohttpd's `414`; audit F3).
    static let maximumIDBytes = 1_024

    /// As ``identified(_:in:known:)``, leaving `known` as it is.
    static func identified(_ item: JSONValue, in resource: Resource.Shape, among known: ResourceIDs) -> Result<JSONValue, ResourceProblem> {
        let members = (item.objectMembers ?? []).map { ($0.key, $0.value.value) }
        guard let id = item[resource.idField], id != .null else {
            let next: JSONValue?
            switch resource.ids {
            case .uuid: next = .string(RandomUUID.string())
            case .increment: next = known.next
            }
            guard let next else {
                return .failure(ResourceProblem(status: 409, error: "there is no next \"\(resource.idField)\": an id in the collection is at or above \(Int.max), the largest whole number ids are counted to",
                                                hint: "give the item an id of its own"))
            }
            return .success(.makeObject([(resource.idField, next)] + members.filter { $0.0 != resource.idField }))
        }
        switch id {
        case .string(let text) where text.utf8.count > maximumIDBytes:
            return .failure(ResourceProblem(status: 400, error: "its \"\(resource.idField)\" is \(text.utf8.count) bytes long, more than the \(maximumIDBytes) a path naming it can carry",
                                            hint: "give it a shorter id, or leave it out (or null) to have one made"))
        // No '\\' either: a path holding it, even encoded (%5C), is refused, so no request could
        // name the item (audit F3).
        case .string(let text) where !text.isEmpty && !text.contains("/") && !text.contains("\\") && text != "." && text != ".."
            && !text.unicodeScalars.contains(where: { [.control, .lineSeparator, .paragraphSeparator, .format].contains($0.properties.generalCategory) }): break
        case .number: break
        default:
            return .failure(ResourceProblem(status: 400, error: "its \"\(resource.idField)\" is \(JSONValue.excerpt(id)), not a string or a number a path segment can hold",
                                            hint: "give it a number or a string without '/' or '\\' (not . or ..), or leave it out (or null) to have one made"))
        }
        guard !known.keys.contains(Array(Resource.key(of: id).utf8)) else {
            return .failure(ResourceProblem(status: 409, error: "an item with \"\(resource.idField)\" \(JSONValue.excerpt(id)) is already in \(resource.path)",
                                            hint: "PUT \(Self.itemPath(resource, Resource.key(of: id))) to replace it, or give another id"))
        }
        return .success(item)
    }

    /// The path of item `id`, each segment percent-encoded: a path or id with a space or `?` stays
    /// a URI (for `Location` and hints).
    private static func itemPath(_ resource: Resource.Shape, _ id: String) -> String {
        "/" + (resource.key.split(separator: "/", omittingEmptySubsequences: false).map(String.init) + [id])
            .map(PercentEncoding.pathSegment).joined(separator: "/")
    }

    struct ResourceProblem: Error {
        let status: Int
        let error: String
        let hint: String
    }

    // MARK: Serving

    /// The answer of `resource` to `request`: its collection when `itemID` is nil, else that item.
    func resourceAnswer(_ resource: Resource, itemID: Substring?, _ request: inout IncomingRequest) -> MockResponse {
        let outcome = MatchOutcome.resource(resource.id)
        // Shortened as the 404s shorten an id: a 5,000-byte path made a 20 KB 405 (audit F3).
        let path = Self.shown(request.target.path)
        let methods = itemID == nil ? ["GET", "HEAD", "POST"] : ["GET", "HEAD", "PUT", "PATCH", "DELETE"]
        guard methods.contains(request.method) else {
            var error = "\(path) is \(itemID == nil ? "the collection" : "an item") of \(resource.id), which answers \(Self.listed(methods.filter { $0 != "HEAD" })) only"
            var hint = itemID == nil
                ? "add an item with POST here, read them with GET; act on one at \(path)/ID; for other answers here, add a runtime fixture with \"priority\": 1"
                : "read, replace, merge-patch or delete the item with GET, PUT, PATCH or DELETE; add items with POST on the collection"
            if let spelled = request.methodInAnotherCase(among: methods) {
                error += " (methods are case-sensitive)"
                hint = "send \(spelled), not \(request.method)"
            }
            return diagnosticResponse(status: 405, outcome: outcome, headers: Self.jsonHeaders + [HTTPHeader(name: "Allow", value: methods.joined(separator: ", "))], [
                ("error", .string(error)),
                ("hint", .string(hint)),
                ("resource", .string(resource.id)),
            ])
        }
        var body: JSONValue?
        if request.method == "POST" || request.method == "PUT" || request.method == "PATCH" {
            if !request.body.isEmpty, let contentType = request.headerValue("content-type"), let refusal = unsupportedMediaType(contentType, request, resource) {
                return refusal
            }
            switch request.bodyContent() {
            case .json(let value) where value.objectMembers != nil:
                body = value
            default:
                let shown = request.body.isEmpty ? "no body" : "a body that is not a JSON object"
                return diagnosticResponse(status: 400, outcome: outcome, [
                    ("error", .string("\(request.methodNamedInBodies) \(path) needs a JSON object, and the request has \(shown)")),
                    ("hint", .string("send the item as JSON, such as {\"name\": \"Rey\"}, with Content-Type: application/json")),
                    ("resource", .string(resource.id)),
                ])
            }
        }
        return resource.withItems { items in
            guard let itemID else {
                if request.isGetOrHead || Self.isConditional(request) {
                    let list = Self.resourceJSON(200, .makeArray(items.items), outcome: outcome)
                    if let refusal = preconditionRefusal(request, current: list, resource: resource) { return refusal }
                    if request.isGetOrHead { return list }
                }
                switch items.identified(body!, in: resource.shape) {
                case .failure(let problem):
                    return diagnosticResponse(status: problem.status, outcome: outcome, [("error", .string(problem.error)), ("hint", .string(problem.hint)), ("resource", .string(resource.id))])
                case .success(let item):
                    let location = Self.itemPath(resource.shape, Resource.pathText(item[resource.idField] ?? .null))
                    let created = Self.resourceJSON(201, item, outcome: outcome, extra: [HTTPHeader(name: "Location", value: location)])
                    // An answer that cannot be sent must not have taken effect: a 431 after the
                    // item was kept made the client's retry a 409 (audit H3).
                    // Measured as sent: with the CORS headers `--cors` adds (audit R16).
                    let sent = options.cors ? crossOriginResponse(created, method: request.method, headers: request.headers) : created
                    guard sent.headerLineBytes <= request.answerHeaderBytesLimit else {
                        return diagnosticResponse(status: 400, outcome: outcome, [
                            ("error", .string("the answer's headers, with a Location of \(location.utf8.count) bytes for the item's id, take \(sent.headerLineBytes) bytes, more than the answer can carry beside this request's head (\(max(request.answerHeaderBytesLimit, 0)) bytes of header lines); nothing was added")),
                            ("hint", .string("give the item a shorter \"\(resource.idField)\", or leave it out for one made by the mock")),
                            ("resource", .string(resource.id)),
                        ])
                    }
                    items.append(item)
                    return created
                }
            }
            guard let index = items.index(ofID: itemID) else {
                let known = items.prefix(Self.candidateLimit).compactMap { $0[resource.idField] }.map { JSONValue.excerpt($0) }
                return diagnosticResponse(status: 404, outcome: outcome, [
                    ("error", .string("no item with \"\(resource.idField)\" \(JSONValue.excerpt(.string(String(itemID)))) in \(resource.path) (\(resource.id))")),
                    ("hint", .string(known.isEmpty ? "the collection is empty; POST \(resource.path) adds an item" : "the ids are " + known.joined(separator: ", ") + (items.count > known.count ? ", …" : ""))),
                    ("resource", .string(resource.id)),
                ])
            }
            let id = items[index][resource.idField] ?? .null
            let current = Self.resourceJSON(200, items[index], outcome: outcome)
            // Evaluated before the method acts (RFC 9110 §13.2.1): a stale If-Match replaces or
            // deletes nothing.
            if let refusal = preconditionRefusal(request, current: current, resource: resource) { return refusal }
            switch request.method {
            case "PUT":
                // The item as sent, under the id of the path: the body cannot move it elsewhere.
                items.replace(at: index, with: .makeObject([(resource.idField, id)] + (body!.objectMembers ?? []).filter { $0.key != resource.idField }.map { ($0.key, $0.value.value) }))
                return Self.resourceJSON(200, items[index], outcome: outcome)
            case "PATCH":
                let merged = Resource.merge(body!, into: items[index])
                items.replace(at: index, with: .makeObject((merged.objectMembers ?? []).map { ($0.key, $0.key == resource.idField ? id : $0.value.value) }
                    + (merged[resource.idField] == nil ? [(resource.idField, id)] : [])))
                return Self.resourceJSON(200, items[index], outcome: outcome)
            case "DELETE":
                items.remove(at: index)
                return MockResponse(status: 204, headers: [], body: [], delayMilliseconds: 0, preparedID: nil, outcome: outcome)
            default:
                return current
            }
        }
    }

    /// JSON with a strong `ETag` of its bytes, so a client can make its next change conditional
    /// (`If-Match`) and revalidate (`If-None-Match`).
    private static func resourceJSON(_ status: Int, _ value: JSONValue, outcome: MatchOutcome, extra: [HTTPHeader] = []) -> MockResponse {
        let body = value.serializedBytes()
        let etag = HTTPHeader(name: "ETag", value: "\"" + FNV1a.hex(FNV1a.hash(body), digits: 16) + "\"")
        return MockResponse(status: status, headers: jsonHeaders + [etag] + extra, body: body, delayMilliseconds: 0, preparedID: nil, outcome: outcome)
    }

    /// A `415` for a body labelled as anything but JSON (RFC 9110 §15.5.16), with what is taken
    /// (`Accept-Patch`, RFC 5789 §3.1; `Accept-Post`); nil for JSON. A body with no label is read
    /// as JSON when it is. A JSON Patch (`application/json-patch+json`) is refused too: PATCH here
    /// is a JSON merge patch (RFC 7396).
    private func unsupportedMediaType(_ contentType: String, _ request: IncomingRequest, _ resource: Resource) -> MockResponse? {
        let essence = contentType.prefix { $0 != ";" }.trimmingSpaces().lowercased()
        guard !MediaType.isJSON(essence) || essence == "application/json-patch+json" else { return nil }
        let label = essence.isEmpty ? "labelled by an empty Content-Type" : "labelled \(essence)"
        let accepted = request.method == "PATCH" ? "application/merge-patch+json, application/json" : "application/json"
        let hint = essence == "application/x-www-form-urlencoded"
            ? "send Content-Type: application/json (curl -d labels a body application/x-www-form-urlencoded unless -H says otherwise)"
            : request.method == "PATCH" ? "send a JSON merge patch (RFC 7396) as application/merge-patch+json or application/json" : "send the item as application/json"
        var response = diagnosticResponse(status: 415, outcome: .resource(resource.id), [
            ("error", .string("\(request.methodNamedInBodies) \(request.target.path) takes JSON, and the body is \(label)")),
            ("hint", .string(hint)),
            ("resource", .string(resource.id)),
        ])
        response = response.replacingHeaders(response.headers + [HTTPHeader(name: request.method == "PATCH" ? "Accept-Patch" : "Accept-Post", value: accepted)])
        return response
    }

    private static func isConditional(_ request: IncomingRequest) -> Bool {
        request.headerValue("if-match") != nil || request.headerValue("if-none-match") != nil
    }

    /// RFC 9110 §13.2.2 against `current`, the answer a GET gets now (its `ETag`): a `412` when
    /// `If-Match` names another tag or `If-None-Match` this one (a `304` for GET and HEAD), or nil
    /// to go on. A resource keeps no modification dates, so `If-Unmodified-Since` and
    /// `If-Modified-Since` are ignored, as §13.1.3–4 say.
    private func preconditionRefusal(_ request: IncomingRequest, current: MockResponse, resource: Resource) -> MockResponse? {
        let etag = current.headerValue("ETag") ?? ""
        let what = current.body.first == UInt8(ascii: "[") ? "the collection" : "the item"
        let failed: String
        if let ifMatch = request.headerValue("if-match"), !EntityTagList(ifMatch).containsStrongMatch(for: etag) {
            failed = "If-Match \(ifMatch) does not match \(what)'s ETag \(etag)"
        } else if let ifNoneMatch = request.headerValue("if-none-match"), EntityTagList(ifNoneMatch).containsWeakMatch(for: etag) {
            if request.isGetOrHead {
                return MockResponse(status: 304, headers: [HTTPHeader(name: "ETag", value: etag)], body: [], delayMilliseconds: 0, preparedID: nil,
                                    outcome: current.outcome).stating(bodyLength: current.body.count)
            }
            failed = "If-None-Match \(ifNoneMatch) matches \(what)'s ETag \(etag)"
        } else {
            return nil
        }
        var response = diagnosticResponse(status: 412, outcome: current.outcome, [
            ("error", .string("precondition failed: \(failed); nothing was changed")),
            ("hint", .string("send the ETag of the latest GET in If-Match (every GET, PUT, PATCH and POST answer gives one), or leave the condition out")),
            ("resource", .string(resource.id)),
            ("etag", .string(etag)),
        ])
        response = response.replacingHeaders(response.headers + [HTTPHeader(name: "ETag", value: etag)])
        return response
    }
}
