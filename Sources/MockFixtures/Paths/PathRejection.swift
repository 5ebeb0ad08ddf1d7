/// Why a request target was refused instead of being mapped to a file.
///
/// ```swift
/// if case .failure(let rejection) = RequestTarget.parse("/api/%2e%2e/secret") {
///     print(rejection)   // "the path contains a '.' or '..' segment (…)"
/// }
/// ```
package enum PathRejection: Error, Sendable, Equatable, CustomStringConvertible {
    case notOriginForm
    case emptySegment
    case dotSegment
    case encodedSeparator
    case backslash
    case nulByte
    case controlCharacter
    case invalidPercentEncoding
    case invalidUTF8

    package var description: String {
        switch self {
        case .notOriginForm:
            "the request target does not start with '/' (nor is it an absolute http://host/path URL)"
        case .emptySegment:
            "the path contains an empty segment ('//'); remove the doubled slash"
        case .dotSegment:
            "the path contains a '.' or '..' segment (possibly percent-encoded), which could leave the fixture root; request the canonical path instead"
        case .encodedSeparator:
            "the path contains an encoded '/' or '\\' (%2F or %5C) inside a segment, which could leave the fixture root"
        case .backslash:
            "the path contains a '\\', which is not allowed in fixture paths"
        case .nulByte:
            "the path contains a NUL byte (%00)"
        case .controlCharacter:
            "the path contains a control character; percent-encode it or remove it"
        case .invalidPercentEncoding:
            "the path contains a '%' that is not followed by two hexadecimal digits"
        case .invalidUTF8:
            "the percent-decoded path is not valid UTF-8"
        }
    }
}
