/// Which names in a fixture tree are hidden, and so never loaded, watched or recorded into:
/// those starting with `.` (`.git`, `.DS_Store`, editor swap files), except `.well-known`, the
/// folder of RFC 8615's well-known URIs (`/.well-known/openid-configuration`,
/// `/.well-known/apple-app-site-association`), which apps fetch and tests need to mock.
///
/// ```swift
/// HiddenName.isHidden(".git")          // true
/// HiddenName.isHidden(".well-known")   // false
/// ```
package enum HiddenName {
    /// The one dot-name that is loaded.
    package static let wellKnown = ".well-known"

    package static func isHidden(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") && name != wellKnown
    }

    /// ``isHidden(_:)`` for a name's bytes, as a directory listing gives them.
    package static func isHidden(bytes name: UnsafeRawBufferPointer) -> Bool {
        name.first == UInt8(ascii: ".") && !name.elementsEqual(wellKnown.utf8)
    }

    /// The first hidden segment of a `/`-separated path, or nil.
    package static func firstHiddenSegment(of path: some StringProtocol) -> Substring? {
        Substring(path).split(separator: "/").first(where: isHidden)
    }
}
