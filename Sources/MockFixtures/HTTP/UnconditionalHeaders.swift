/// A request's headers without its conditions (`If-None-Match`, `If-Modified-Since`, `If-Match`,
/// `If-Unmodified-Since`, `If-Range`): the request a fixture `304` stands for, whose `200` gives
/// the `Content-Length` the `304` may state (RFC 9110 §8.6).
struct UnconditionalHeaders: RequestHeaderLookup {
    static let conditions: Set<String> = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range"]

    let base: any RequestHeaderLookup

    func value(forHeader lowercasedName: String) -> String? {
        Self.conditions.contains(lowercasedName) ? nil : base.value(forHeader: lowercasedName)
    }

    func headerFields() -> [HTTPHeader] {
        base.headerFields().filter { !Self.conditions.contains($0.name.lowercased()) }
    }
}
