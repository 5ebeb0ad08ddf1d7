import Foundation

extension JSONSession {
    /// How property names map to JSON object keys when encoding request bodies.
    ///
    /// ```swift
    /// session.keyEncodingStrategy = .convertToSnakeCase   // birthYear → "birth_year"
    /// ```
    public enum KeyEncodingStrategy: Sendable {
        /// Property names are used as keys unchanged.
        case useDefaultKeys
        /// `camelCase` property names become `snake_case` keys.
        case convertToSnakeCase
        /// Your closure maps the coding path (its last element is the key being written) to a key.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How dates in request bodies are encoded.
    ///
    /// ```swift
    /// session.dateEncodingStrategy = .iso8601WithFractionalSeconds  // "2014-12-09T13:50:51.644Z"
    /// ```
    public enum DateEncodingStrategy: Sendable {
        /// The `Date` type's own `Encodable` form (seconds since 2001-01-01).
        case deferredToDate
        /// A number of seconds since 1970-01-01.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// ISO-8601 in UTC without fractional seconds: `2014-12-09T13:50:51Z`.
        case iso8601
        /// ISO-8601 in UTC with milliseconds: `2014-12-09T13:50:51.644Z`.
        case iso8601WithFractionalSeconds
        /// Your closure encodes the date.
        case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
    }

    /// How binary data in request bodies is encoded.
    public enum DataEncodingStrategy: Sendable {
        /// A Base64 string.
        case base64
        /// The `Data` type's own `Encodable` form (an array of bytes).
        case deferredToData
        /// Your closure encodes the data.
        case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)
    }
}
