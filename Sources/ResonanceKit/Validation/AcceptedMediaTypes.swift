/// The media types a request accepts: sent as its `Accept` header and checked against the
/// `Content-Type` of every successful, non-empty response.
///
/// Types compare case-insensitively and without parameters (`application/json; charset=utf-8`
/// is `application/json`). Any JSON type (`application/json` or a `+json` type such as
/// `application/problem+json`) satisfies any other JSON type; `image/*` accepts every image;
/// `*/*` accepts everything. A response without a `Content-Type` is not rejected.
///
/// ```swift
/// struct Avatar: Endpoint {
///     typealias Response = Data
///     var path: String { "images/luke.png" }
///     var accepts: AcceptedMediaTypes? { ["image/png"] }
/// }
/// ```
public struct AcceptedMediaTypes: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The accepted types, lowercased, as given.
    public let mediaTypes: [String]

    public init(_ mediaTypes: [String]) {
        self.mediaTypes = mediaTypes.map { MediaType.essence(of: $0) }.filter { !$0.isEmpty }
    }

    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// `application/json` (and every `+json` type).
    public static let json: AcceptedMediaTypes = ["application/json"]
    /// Anything: `*/*`, no check.
    public static let any: AcceptedMediaTypes = ["*/*"]

    /// The `Accept` header value.
    public var headerValue: String {
        mediaTypes.joined(separator: ", ")
    }

    public var description: String {
        mediaTypes.joined(separator: " or ")
    }

    /// Parses an `Accept` header: comma-separated, quality and other parameters ignored.
    init(acceptHeader: String) {
        self.init(acceptHeader.split(separator: ",").map(String.init))
    }

    /// Parses an `Accept` header, reusing `defaultTypes` when the header is exactly what they
    /// send (the usual case: nobody overrode `Accept`), so it is not split and re-parsed on
    /// every request. A type containing a comma would parse differently, so it is not reused.
    init(acceptHeader: String, defaultTypes: AcceptedMediaTypes?) {
        if let defaultTypes, acceptHeader == defaultTypes.headerValue,
           !defaultTypes.mediaTypes.contains(where: { $0.utf8.contains(UInt8(ascii: ",")) }) {
            self = defaultTypes
        } else {
            self.init(acceptHeader: acceptHeader)
        }
    }

    /// Whether a response `Content-Type` is acceptable. A header sent twice arrives joined
    /// (`application/json, application/json`); then every value must be acceptable.
    public func accepts(contentType: String) -> Bool {
        firstUnacceptable(in: contentType) == nil
    }

    /// The essence of the first value of a `Content-Type` header that is not acceptable.
    func firstUnacceptable(in contentType: String) -> String? {
        // One value, the usual case: no splitting, no array.
        if !contentType.utf8.contains(UInt8(ascii: ",")) {
            let received = MediaType.essence(of: contentType)
            return received.isEmpty || mediaTypes.contains(where: { MediaType.matches(received, accepted: $0) }) ? nil : received
        }
        for value in MediaType.values(ofHeader: contentType) {
            let received = MediaType.essence(of: value)
            if received.isEmpty { continue }
            if !mediaTypes.contains(where: { MediaType.matches(received, accepted: $0) }) {
                return received
            }
        }
        return nil
    }
}

/// Media type comparison: the part before `;`, lowercased, with JSON-family and wildcard rules.
enum MediaType {
    static func essence(of value: some StringProtocol) -> String {
        // Nearly every value is already an essence ("application/json"): printable ASCII with
        // no parameters, spaces or capitals. Checked byte by byte, that skips the split, trim
        // and lowercasing below, which cost more than the rest of content-type validation.
        if value.utf8.allSatisfy(isPlainEssenceByte) {
            return String(value)
        }
        let beforeParameters = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return beforeParameters.trimmingWhitespace.lowercased()
    }

    /// The values of a header that may have been sent more than once and arrived joined with
    /// commas, split outside quoted strings (a `boundary="a,b"` parameter stays whole).
    static func values(ofHeader header: String) -> [Substring] {
        guard header.utf8.contains(UInt8(ascii: ",")) else { return [Substring(header)] }
        var values: [Substring] = []
        var start = header.startIndex
        var inQuotes = false
        var index = header.startIndex
        while index < header.endIndex {
            let character = header[index]
            if character == "\"" {
                inQuotes.toggle()
            } else if character == ",", !inQuotes {
                values.append(header[start..<index])
                start = header.index(after: index)
            }
            index = header.index(after: index)
        }
        values.append(header[start...])
        return values.filter { !$0.trimmingWhitespace.isEmpty }
    }

    /// The first value of a header that may have arrived joined (see ``values(ofHeader:)``).
    static func firstValue(ofHeader header: String) -> String {
        values(ofHeader: header).first.map(String.init) ?? header
    }

    /// Printable ASCII other than `;` and uppercase letters: bytes `essence(of:)` leaves as they are.
    private static func isPlainEssenceByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ";") && !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isJSON(_ essence: String) -> Bool {
        essence == "application/json" || essence == "text/json" || (essence.contains("/") && essence.hasSuffix("+json"))
    }

    static func matches(_ received: String, accepted: String) -> Bool {
        if accepted == "*/*" || accepted == "*" || accepted == received { return true }
        if accepted.hasSuffix("/*") {
            return received.hasPrefix(accepted.dropLast())
        }
        return isJSON(accepted) && isJSON(received)
    }

    /// The `charset` parameter of a `Content-Type`, lowercased and unquoted.
    static func charset(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace.lowercased() == "charset" else { continue }
            var value = pair[1].trimmingWhitespace
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.lowercased()
        }
        return nil
    }
}
