/// A `Content-Type` value split into its media type and charset, e.g.
/// `application/problem+json; charset=UTF-8` → `application/problem+json`, `utf-8`.
struct ContentTypeHeader: Equatable {
    /// `type/subtype`, lower case.
    let mediaType: String
    /// The `charset` parameter, lower case, if any.
    let charset: String?

    init(_ value: String) {
        let parts = value.split(separator: ";")
        mediaType = (parts.first.map { $0.trimmed } ?? "").lowercased()
        charset = parts.dropFirst().lazy
            .map { $0.trimmed }
            .first { $0.lowercased().hasPrefix("charset=") }
            .map { $0.dropFirst("charset=".count).trimmed.trimmingQuotes.lowercased() }
    }

    /// `application/json`, or any `+json` type such as `application/problem+json`.
    var isJSON: Bool {
        mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    }

    /// Types meant to be read as text.
    var isText: Bool {
        mediaType.hasPrefix("text/") || mediaType.hasSuffix("+xml") || mediaType.hasSuffix("+yaml")
            || Self.textApplicationTypes.contains(mediaType)
    }

    /// Whether the body is declared as UTF-8 (or ASCII, a subset), or declares nothing.
    var isUTF8Compatible: Bool {
        charset == nil || charset == "utf-8" || charset == "utf8" || charset == "us-ascii"
    }

    static let textApplicationTypes: Set<String> = [
        "application/xml", "application/javascript", "application/ecmascript", "application/x-www-form-urlencoded",
        "application/graphql", "application/yaml", "application/x-yaml", "application/csv", "application/x-ndjson",
        "application/sql", "application/rtf",
    ]
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmed: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }

    /// Without one pair of surrounding double quotes.
    var trimmingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : String(self)
    }
}
