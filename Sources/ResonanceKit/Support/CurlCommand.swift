import Foundation

/// Renders an ``OutgoingRequest`` as a one-line POSIX-shell `curl` command.
///
/// Printable UTF-8 bodies go inline with `--data-raw`, which never reads a file, even for a
/// body starting with `@`. Bodies that are not printable UTF-8 (binary multipart files, NUL,
/// control characters) are piped in: `printf '%b' '<octal escapes>' | curl --data-binary @- …`,
/// which works in every POSIX shell and stays on one line.
enum CurlCommand {
    /// The command for `request`; with `masksCredentials` (for logs), the values of
    /// ``CredentialHeaders`` are masked (`Bearer ***`, `Cookie: ***`). Bodies go as they are.
    static func make(for request: OutgoingRequest, masksCredentials: Bool) -> String {
        let method = request.urlRequest.httpMethod ?? "GET"
        // `-X HEAD` makes curl wait for a body that never comes; `--head` is the HEAD request.
        var arguments = method.uppercased() == "HEAD" ? ["curl", "--head"] : ["curl", "-X", method]
        for header in request.headers {
            let value = masksCredentials && CredentialHeaders.contains(header.name)
                ? CredentialHeaders.masked(header.value, of: header.name)
                : header.value
            arguments += ["-H", "\(header.name): \(value)"]
        }
        var pipedBody: String?
        if let body = request.body {
            if let text = inlineText(body) {
                arguments += ["--data-raw", text]
            } else {
                pipedBody = "printf '%b' '" + octalEscaped(body) + "' | "
                arguments += ["--data-binary", "@-"]
            }
        }
        arguments.append(request.urlRequest.url?.absoluteString ?? "")
        return (pipedBody ?? "") + arguments.map(shellQuoted).joined(separator: " ")
    }

    /// The body as text when it is valid UTF-8 without control characters (tab allowed).
    private static func inlineText(_ body: Data) -> String? {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        let hasControl = body.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
        return hasControl ? nil : text
    }

    /// Every byte outside printable ASCII, and `\` and `'`, as `\0ooo`, which POSIX
    /// `printf %b` turns back into that byte.
    private static func octalEscaped(_ body: Data) -> String {
        var escaped = ""
        escaped.reserveCapacity(body.count * 2)
        for byte in body {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "'") {
                escaped.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let octal = String(byte, radix: 8)
                escaped += "\\0" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return escaped
    }

    /// Leaves plain words bare; everything else goes in single quotes, each embedded
    /// quote written as `'\''`.
    static func shellQuoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "-_./:,+=%".utf8.contains(byte)
            }
        }
        if plain { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
