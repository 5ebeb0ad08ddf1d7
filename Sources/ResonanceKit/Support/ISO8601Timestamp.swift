import Foundation

/// ISO-8601 parsing and formatting that behaves the same on Linux and Apple platforms,
/// with or without fractional seconds.
enum ISO8601Timestamp {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    static func parse(_ text: String) -> Date? {
        // Apple's fractional style rejects whole seconds and vice versa, so try both.
        if let date = try? withFraction.parse(text) { return date }
        return try? withoutFraction.parse(text)
    }

    @Sendable static func decode(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an ISO-8601 date such as 2014-12-09T13:50:51.644000Z, found \"\(text.prefix(64))\""
            )
        }
        return date
    }

    @Sendable static func encodeFractionalSeconds(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(date.formatted(withFraction))
    }

    @Sendable static func encodeWholeSeconds(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(date.formatted(withoutFraction))
    }
}
