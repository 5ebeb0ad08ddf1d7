import Foundation

/// Where and why a response body failed to decode, readable by a person.
///
/// ```swift
/// if case .decoding(let failure) = error.kind {
///     print(failure.codingPath)   // "results[0].birthYear"
/// }
/// ```
public struct DecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The type being decoded, such as `People`.
    public let typeName: String
    /// The failing value's position, such as `results[0].birthYear`; empty for the top level.
    public let codingPath: String
    /// What went wrong at that position.
    public let reason: String
    /// The HTTP status of the response whose body failed to decode.
    public let statusCode: Int
    /// The start of the body, at most 200 characters; empty when the body was.
    public let bodySnippet: String

    public var description: String {
        let position = codingPath.isEmpty ? "at the top level" : "at \(codingPath)"
        return "could not decode \(typeName) from the \(statusCode) response \(position): \(reason). "
            + BodySnippet.sentence(snippet: bodySnippet)
    }

    init(typeName: String, reason: String, statusCode: Int, body: Data) {
        self.typeName = typeName
        self.codingPath = ""
        self.reason = Self.sentenceFragment(reason)
        self.statusCode = statusCode
        self.bodySnippet = BodySnippet.make(from: body)
    }

    init(typeName: String, error: any Error, statusCode: Int, body: Data) {
        self.typeName = typeName
        self.statusCode = statusCode
        self.bodySnippet = BodySnippet.make(from: body)
        guard let decodingError = error as? DecodingError else {
            self.codingPath = ""
            self.reason = "\(error)"
            return
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            self.codingPath = Self.format(context.codingPath)
            self.reason = "expected \(type): \(Self.sentenceFragment(context.debugDescription))"
        case .valueNotFound(let type, let context):
            self.codingPath = Self.format(context.codingPath)
            self.reason = "expected \(type) but found null or nothing: \(Self.sentenceFragment(context.debugDescription))"
        case .keyNotFound(let key, let context):
            self.codingPath = Self.format(context.codingPath + [key])
            self.reason = "the key \"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context):
            self.codingPath = Self.format(context.codingPath)
            var reason = Self.sentenceFragment(context.debugDescription)
            if let underlying = context.underlyingError {
                reason += " (\(Self.sentenceFragment(Self.debugDescription(of: underlying))))"
            }
            self.reason = reason
        @unknown default:
            self.codingPath = ""
            self.reason = "\(decodingError)"
        }
    }

    /// Foundation's messages end with a period ("The given data was not valid JSON."); the
    /// description adds its own, so one is dropped here.
    static func sentenceFragment(_ text: String) -> String {
        var fragment = text.trimmingWhitespace
        while fragment.hasSuffix(".") { fragment.removeLast() }
        return fragment
    }

    /// The readable part of a JSON parser error: its `NSDebugDescription` ("Unexpected character
    /// 'x' around line 1, column 1.") rather than the whole `NSError` dump.
    private static func debugDescription(of error: any Error) -> String {
        let userInfo = (error as NSError).userInfo
        if let debug = userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
        return String(describing: error)
    }

    /// `results[0].birthYear`: integer keys as subscripts, string keys joined by dots.
    static func format(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}
