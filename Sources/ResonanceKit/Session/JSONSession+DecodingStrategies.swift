import Foundation

extension JSONSession {
    /// How JSON object keys map to property names when decoding.
    ///
    /// ```swift
    /// session.keyDecodingStrategy = .convertFromSnakeCase   // "birth_year" → birthYear
    /// ```
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are used exactly as they appear in the JSON.
        case useDefaultKeys
        /// `snake_case` keys are converted to `camelCase` property names.
        case convertFromSnakeCase
        /// Your closure maps the coding path (its last element is the key found) to a key.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How dates are decoded.
    ///
    /// ```swift
    /// session.dateDecodingStrategy = .iso8601WithFractionalSeconds  // "2014-12-09T13:50:51.644000Z"
    /// ```
    public enum DateDecodingStrategy: Sendable {
        /// The `Date` type's own `Decodable` form (seconds since 2001-01-01).
        case deferredToDate
        /// A number of seconds since 1970-01-01.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// Foundation's ISO-8601 parsing. On Apple platforms this rejects fractional seconds;
        /// use ``iso8601WithFractionalSeconds`` for timestamps such as `2014-12-09T13:50:51.644Z`.
        case iso8601
        /// ISO-8601 with or without fractional seconds (`2014-12-09T13:50:51.644000Z`,
        /// `2014-12-09T13:50:51Z`, `2014-12-20T21:17:56+02:00`), identical on every platform.
        case iso8601WithFractionalSeconds
        /// Your closure decodes the date.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How binary data is decoded.
    public enum DataDecodingStrategy: Sendable {
        /// A Base64 string.
        case base64
        /// The `Data` type's own `Decodable` form (an array of bytes).
        case deferredToData
        /// Your closure decodes the data.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }
}
