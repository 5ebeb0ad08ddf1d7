import Foundation

extension JSONSession {
    /// A decoder configured with this session's decoding strategies.
    ///
    /// ```swift
    /// let person = try session.makeDecoder().decode(Person.self, from: cachedData)
    /// ```
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch keyDecodingStrategy {
        case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let convert): decoder.keyDecodingStrategy = .custom(convert)
        }
        switch dateDecodingStrategy {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .iso8601WithFractionalSeconds: decoder.dateDecodingStrategy = .custom(ISO8601Timestamp.decode)
        case .custom(let decode): decoder.dateDecodingStrategy = .custom(decode)
        }
        switch dataDecodingStrategy {
        case .base64: decoder.dataDecodingStrategy = .base64
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        case .custom(let decode): decoder.dataDecodingStrategy = .custom(decode)
        }
        return decoder
    }

    /// An encoder configured with this session's encoding strategies. Keys are sorted so the
    /// same value always produces the same bytes (stable fixtures, stable `curl` commands).
    ///
    /// ```swift
    /// let body = try session.makeEncoder().encode(NewPerson(name: "Rey"))
    /// ```
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch keyEncodingStrategy {
        case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .custom(let convert): encoder.keyEncodingStrategy = .custom(convert)
        }
        switch dateEncodingStrategy {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: encoder.dateEncodingStrategy = .custom(ISO8601Timestamp.encodeWholeSeconds)
        case .iso8601WithFractionalSeconds: encoder.dateEncodingStrategy = .custom(ISO8601Timestamp.encodeFractionalSeconds)
        case .custom(let encode): encoder.dateEncodingStrategy = .custom(encode)
        }
        switch dataEncodingStrategy {
        case .base64: encoder.dataEncodingStrategy = .base64
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        case .custom(let encode): encoder.dataEncodingStrategy = .custom(encode)
        }
        return encoder
    }
}
