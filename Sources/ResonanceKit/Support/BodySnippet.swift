import Foundation

/// The start of a body as printable text, for error messages and logs.
enum BodySnippet {
    static let maximumCharacters = 200

    static func make(from data: Data, limit: Int = maximumCharacters) -> String {
        if data.isEmpty { return "<empty>" }
        // Decode a bounded prefix so a multi-megabyte body costs nothing extra.
        let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
        let printable = String(text.map { $0.isNewline ? " " : $0 })
        if printable.count <= limit && data.count <= limit * 4 {
            return printable
        }
        return String(printable.prefix(limit - 1)) + "…"
    }
}
