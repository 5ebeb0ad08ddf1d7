import Foundation

/// Where and why a response body failed to decode, readable by a person.
///
/// ```swift
/// if case .decoding(let failure) = error.kind {
///     print(failure.codingPath)   // "results[0].birthYear"
/// }
/// ```
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The type being decoded, such as `People`.
    public let typeName: String
    /// The failing value's position, such as `results[0].birthYear`; empty for the top level.
    public let codingPath: String
    /// What went wrong at that position.
    public let reason: String
    /// The HTTP status of the response whose body failed to decode.
    public let statusCode: Int
    /// The start of the body, at most 200 characters.
    public let bodySnippet: String

    public var description: String {
        let position = codingPath.isEmpty ? "at the top level" : "at \(codingPath)"
        return "could not decode \(typeName) from the \(statusCode) response \(position): \(reason). "
            + "Body starts: \(bodySnippet)"
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
            self.reason = "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            self.codingPath = Self.format(context.codingPath)
            self.reason = "expected \(type) but found null or nothing: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            self.codingPath = Self.format(context.codingPath + [key])
            self.reason = "the key \"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context):
            self.codingPath = Self.format(context.codingPath)
            var reason = context.debugDescription
            if let underlying = context.underlyingError {
                reason += " (\(underlying))"
            }
            self.reason = reason
        @unknown default:
            self.codingPath = ""
            self.reason = "\(decodingError)"
        }
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
