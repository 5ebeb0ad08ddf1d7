import Foundation

/// Renders an ``OutgoingRequest`` as a POSIX-shell `curl` command line.
enum CurlCommand {
    static func make(for request: OutgoingRequest, masksAuthorization: Bool) -> String {
        let method = request.urlRequest.httpMethod ?? "GET"
        // `-X HEAD` makes curl wait for a body that never comes; `--head` is the HEAD request.
        var arguments = method.uppercased() == "HEAD" ? ["curl", "--head"] : ["curl", "-X", method]
        for header in request.headers {
            let value = masksAuthorization && isCredentialHeader(header.name)
                ? AuthorizationValue.masked(header.value)
                : header.value
            arguments += ["-H", "\(header.name): \(value)"]
        }
        if let body = request.body {
            arguments += ["--data-binary", String(decoding: body, as: UTF8.self)]
        }
        arguments.append(request.urlRequest.url?.absoluteString ?? "")
        return arguments.map(shellQuoted).joined(separator: " ")
    }

    static func isCredentialHeader(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased == "authorization" || lowercased == "proxy-authorization"
    }

    /// Leaves plain words bare; everything else goes in single quotes, each embedded
    /// quote written as `'\''`. A leading `@` is quoted too, though curl would still read
    /// `--data-binary @x` as a file name; JSON bodies never start with `@`.
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
