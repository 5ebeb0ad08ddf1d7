import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and files, in the order added.
///
/// The boundary is random and checked not to occur in any part, so any content is safe.
///
/// ```swift
/// var form = MultipartFormData()
/// form.addField(name: "title", value: "Portrait")
/// form.addFile(name: "avatar", filename: "luke.png", contentType: "image/png", data: png)
/// let created = try await session.send(Upload(form: form))
/// ```
public struct MultipartFormData: Sendable {
    /// One part: a text field (no filename, no content type) or a file.
    public struct Part: Sendable, Equatable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var data: Data
    }

    /// The parts in the order they are sent.
    public private(set) var parts: [Part] = []

    /// A boundary you chose (for byte-exact tests); `nil` picks a random one per encoding.
    public var fixedBoundary: String?

    /// An empty form. Pass `boundary` only when you need stable bytes; encoding fails if it
    /// occurs in the content.
    public init(boundary: String? = nil) {
        self.fixedBoundary = boundary
    }

    /// Adds a text field, sent as UTF-8.
    public mutating func addField(name: String, value: String) {
        parts.append(Part(name: name, filename: nil, contentType: nil, data: Data(value.utf8)))
    }

    /// Adds a file part.
    public mutating func addFile(name: String, filename: String, contentType: String = "application/octet-stream", data: Data) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// The encoded body and the boundary it uses.
    func encoded() throws -> (data: Data, boundary: String) {
        let boundary = try chooseBoundary()
        var body = Data()
        for part in parts {
            guard HTTPToken.isValidValue(part.contentType ?? "") else {
                throw BodyEncodingError(reason: "the content type of multipart part \"\(part.name)\" contains a line break or NUL; remove it")
            }
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename {
                head += "; filename=\"\(Self.quoted(filename))\""
            }
            head += "\r\n"
            if let contentType = part.contentType {
                head += "Content-Type: \(contentType)\r\n"
            }
            head += "\r\n"
            body.append(Data(head.utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (body, boundary)
    }

    private func chooseBoundary() throws -> String {
        if let fixedBoundary {
            guard Self.isValidBoundary(fixedBoundary) else {
                throw BodyEncodingError(reason: "the multipart boundary \"\(fixedBoundary)\" is not 1–70 letters, digits or '()+_,-./:=?; choose another")
            }
            guard !occursInParts(fixedBoundary) else {
                throw BodyEncodingError(reason: "the multipart boundary \"\(fixedBoundary)\" occurs in the content; choose another or let MultipartFormData pick one")
            }
            return fixedBoundary
        }
        var generator = SystemRandomNumberGenerator()
        while true {
            let candidate = "ResonanceKit-" + Self.randomToken(length: 24, using: &generator)
            if !occursInParts(candidate) { return candidate }
        }
    }

    private func occursInParts(_ boundary: String) -> Bool {
        let needle = Data(boundary.utf8)
        return parts.contains { part in
            part.data.range(of: needle) != nil
                || part.name.contains(boundary)
                || (part.filename?.contains(boundary) ?? false)
        }
    }

    private static let boundaryAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    private static func randomToken(length: Int, using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in boundaryAlphabet.randomElement(using: &generator) ?? "x" })
    }

    /// RFC 2046 `bchars`, without the space it allows only in the middle.
    private static func isValidBoundary(_ boundary: String) -> Bool {
        (1...70).contains(boundary.utf8.count) && boundary.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: "'()+_,-./:=?".utf8.contains(byte)
            }
        }
    }

    /// Names and filenames as HTML forms send them: `"`, CR and LF percent-escaped so they
    /// cannot end the quoted string or the header line.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
