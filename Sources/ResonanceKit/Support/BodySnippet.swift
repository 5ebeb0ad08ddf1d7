import Foundation

/// The start of a body as printable text, for error messages and logs.
enum BodySnippet {
    static let maximumCharacters = 200

    /// The one phrase every message uses for a body without bytes.
    static let emptyBodySentence = "The body was empty."

    /// The first `limit` characters, line breaks as spaces; empty for an empty body.
    static func make(from data: Data, limit: Int = maximumCharacters) -> String {
        if data.isEmpty { return "" }
        // Decode a bounded prefix so a multi-megabyte body costs nothing extra.
        let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
        let printable = String(text.map { $0.isNewline ? " " : $0 })
        if printable.count <= limit && data.count <= limit * 4 {
            return printable
        }
        return String(printable.prefix(limit - 1)) + "…"
    }

    /// `Body starts: {"error": …` or ``emptyBodySentence``: how messages end.
    static func sentence(for data: Data) -> String {
        sentence(snippet: make(from: data))
    }

    static func sentence(snippet: String) -> String {
        snippet.isEmpty ? emptyBodySentence : "Body starts: \(snippet)"
    }
}
