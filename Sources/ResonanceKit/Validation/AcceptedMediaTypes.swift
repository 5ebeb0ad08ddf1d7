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

    /// Whether a response `Content-Type` is acceptable.
    public func accepts(contentType: String) -> Bool {
        let received = MediaType.essence(of: contentType)
        if received.isEmpty { return true }
        return mediaTypes.contains { MediaType.matches(received, accepted: $0) }
    }
}

/// Media type comparison: the part before `;`, lowercased, with JSON-family and wildcard rules.
enum MediaType {
    static func essence(of value: String) -> String {
        // Nearly every value is already an essence ("application/json"): printable ASCII with
        // no parameters, spaces or capitals. Checked byte by byte, that skips the split, trim
        // and lowercasing below, which cost more than the rest of content-type validation.
        if value.utf8.allSatisfy(isPlainEssenceByte) {
            return value
        }
        let beforeParameters = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return beforeParameters.trimmingWhitespace.lowercased()
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
