/// One of an entry's `"webhooks"`, compiled: the request it sends after the entry answers, fixed
/// or rendered per request from a template whose first header is the URL (``urlHeader``).
struct EntryWebhook: Sendable {
    let method: String
    /// As written (the URL when it is not templated).
    let url: String
    let headers: [HTTPHeader]
    let body: [UInt8]
    /// With `"template": true`: renders ``urlHeader`` (the URL) first, then the headers and body.
    let template: ResponseTemplate?
    let delay: EntryDelay

    /// The pseudo-header a template carries the URL in (no header name can start with `:`).
    static let urlHeader = ":url"

    /// The request for `request`, numbered `id`.
    func rendered(for request: inout IncomingRequest, id: Int, entry: MatchOutcome, pseudonym: String) -> WebhookRequest {
        var url = url
        var headers = headers
        var body = body
        if let template {
            let rendered = template.render(for: &request)
            url = rendered.headers.first { $0.name == Self.urlHeader }?.value ?? ""
            headers = rendered.headers.filter { $0.name != Self.urlHeader }
            body = rendered.body
        }
        // The triggering request's own Via entries go first, as a proxy keeps them: two mocks
        // whose webhooks call each other stop once one sees its own name come back.
        let own = "1.1 " + pseudonym
        headers.append(HTTPHeader(name: "Via", value: request.headerValue("via").map { "\($0), \(own)" } ?? own))
        return WebhookRequest(id: id, method: method, url: url, headers: headers, body: body, delayMilliseconds: delay.pick(), entry: entry)
    }
}
