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
    case invalidPercentEncoding
    case invalidUTF8
    case fragment
    case userinfo
    case unencodedSpaceOrControl

    /// `400` when the target is not valid request-target syntax (RFC 9112 §3.2), `404` when it is
    /// valid but names nothing the server would ever serve (dot segments, encoded separators, …).
    package var status: Int {
        switch self {
        case .notOriginForm, .invalidPercentEncoding, .fragment, .userinfo, .unencodedSpaceOrControl: 400
        case .emptySegment, .dotSegment, .encodedSeparator, .backslash, .nulByte, .invalidUTF8: 404
        }
    }

    package var description: String {
        switch self {
        case .notOriginForm:
            "the request target does not start with '/' (nor is it an absolute http:// or https:// URL)"
        case .fragment:
            "the request target contains a '#' fragment, which clients must not send (RFC 9112 §3.2)"
        case .userinfo:
            "the request target's authority holds user information ('user@host'), which HTTP treats as an error (RFC 9110 §4.2.4)"
        case .unencodedSpaceOrControl:
            "the request target contains a space or a control character, which a URL never holds as itself (RFC 9112 §3.2)"
        case .emptySegment:
            "the path contains an empty segment ('//')"
        case .dotSegment:
            "the path contains a '.' or '..' segment (possibly percent-encoded), which could leave the fixture root"
        case .encodedSeparator:
            "the path contains an encoded '/' or '\\' (%2F or %5C) inside a segment, which could leave the fixture root"
        case .backslash:
            "the path contains a '\\', which is not allowed in fixture paths"
        case .nulByte:
            "the path contains a NUL byte (%00)"
        case .invalidPercentEncoding:
            "the path contains a '%' that is not followed by two hexadecimal digits"
        case .invalidUTF8:
            "the percent-decoded path is not valid UTF-8"
        }
    }

    /// What to send instead.
    package var hint: String {
        switch self {
        case .notOriginForm:
            "send a path such as /api/people?page=2, or an absolute URL such as http://127.0.0.1:8080/api/people"
        case .fragment:
            "remove the fragment, or percent-encode '#' as %23 if it is part of the path"
        case .userinfo:
            "send credentials in an Authorization header instead"
        case .unencodedSpaceOrControl:
            "percent-encode it: a space as %20, a tab as %09"
        case .emptySegment:
            "remove the doubled slash"
        case .dotSegment:
            "request the canonical path, with '.' and '..' resolved"
        case .encodedSeparator, .backslash:
            "separate segments with a plain '/'; a fixture file name cannot hold '/' or '\\'"
        case .nulByte:
            "remove it from the path"
        case .invalidPercentEncoding:
            "write a literal '%' as %25"
        case .invalidUTF8:
            "percent-encode the path's text as UTF-8"
        }
    }
}
