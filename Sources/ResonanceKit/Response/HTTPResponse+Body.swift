import Foundation

extension HTTPResponse {
    /// Decodes the body as JSON with the decoding strategies of the session that sent it.
    /// `Data`, ``EmptyResponse`` and empty bodies for `Optional` work as for ``JSONRequest``.
    ///
    /// ```swift
    /// let account = try response.decode(Account.self)
    /// ```
    ///
    /// - Throws: ``DecodingFailure`` naming the type, the coding path and the body's start.
    public func decode<Value: Decodable>(_ type: Value.Type = Value.self) throws(DecodingFailure) -> Value {
        do {
            return try ResponseBody.decode(type, from: body, using: makeDecoder())
        } catch {
            throw DecodingFailure(typeName: String(describing: Value.self), error: error, statusCode: statusCode, body: body)
        }
    }

    /// The body as text, in the `charset` of its `Content-Type` (UTF-8 when none is named).
    ///
    /// ```swift
    /// let motd = try response.text()
    /// ```
    ///
    /// - Throws: ``DecodingFailure`` when the charset is unknown or the bytes are not valid in it.
    public func text() throws(DecodingFailure) -> String {
        let charset = headers["Content-Type"].flatMap { MediaType.charset(of: MediaType.firstValue(ofHeader: $0)) } ?? "utf-8"
        guard let encoding = Self.encoding(named: charset) else {
            throw DecodingFailure(typeName: "String", reason: "the charset \"\(charset)\" is not supported; use utf-8, iso-8859-1, us-ascii, utf-16 or windows-1252", statusCode: statusCode, body: body)
        }
        guard let text = String(data: body, encoding: encoding) else {
            throw DecodingFailure(typeName: "String", reason: "the body is not valid \(charset)", statusCode: statusCode, body: body)
        }
        return text
    }

    private static func encoding(named charset: String) -> String.Encoding? {
        switch charset {
        case "utf-8", "utf8": .utf8
        case "iso-8859-1", "latin1", "iso_8859-1": .isoLatin1
        case "us-ascii", "ascii": .ascii
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "windows-1252", "cp1252": .windowsCP1252
        default: nil
        }
    }
}
