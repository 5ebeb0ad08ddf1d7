extension ContentDecoder {
    /// One content coding this decoder knows how to undo.
    enum ContentCoding: Sendable, Equatable {
        /// No transformation.
        case identity
        /// RFC 1952 gzip (also sent as "x-gzip").
        case gzip
        /// RFC 1950 zlib, or raw RFC 1951 DEFLATE from servers that get it wrong.
        case deflate

        /// The name used in error messages.
        var name: String {
            switch self {
            case .identity: return "identity"
            case .gzip: return "gzip"
            case .deflate: return "deflate"
            }
        }

        /// Parses a Content-Encoding field value into codings in the order listed, or nil if any
        /// coding is unknown. Empty list elements are skipped (RFC 9110 §5.6.1 allows them).
        static func parseList(_ value: String) -> [ContentCoding]? {
            var result: [ContentCoding] = []
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let token = trimmed(element).lowercased()
                switch token {
                case "": continue
                case "identity": result.append(.identity)
                case "gzip", "x-gzip": result.append(.gzip)  // x-gzip: RFC 9110 §8.4.1.3
                case "deflate": result.append(.deflate)
                default: return nil
                }
            }
            return result
        }

        /// `text` without leading and trailing spaces and tabs (HTTP "OWS").
        private static func trimmed(_ text: Substring) -> Substring {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            guard let first = text.firstIndex(where: { !isSpace($0) }),
                  let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
            return text[first...last]
        }
    }
}
