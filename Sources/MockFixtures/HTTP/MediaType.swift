/// Content types for static files, by file extension.
///
/// ```swift
/// MediaType.forFileName("luke.PNG")   // "image/png"
/// MediaType.forFileName("data.bin")   // "application/octet-stream"
/// ```
package enum MediaType {
    package static let json = "application/json"
    package static let octetStream = "application/octet-stream"
    /// What `responseText` is sent as unless `headers` says otherwise.
    package static let plainText = "text/plain; charset=utf-8"

    static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "ico": "image/x-icon", "avif": "image/avif",
        "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "xml": "application/xml", "pdf": "application/pdf", "csv": "text/csv; charset=utf-8",
        "wasm": "application/wasm", "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf",
        "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "zip": "application/zip",
        "gz": "application/gzip", "json": "application/json", "md": "text/markdown; charset=utf-8",
        // Apple media (AVPlayer plays by type: an HLS playlist or a .mov as an octet stream fails).
        "mov": "video/quicktime", "m4v": "video/x-m4v", "m4a": "audio/mp4", "aac": "audio/aac",
        "m3u8": "application/vnd.apple.mpegurl", "ts": "video/mp2t", "m4s": "video/iso.segment", "mpd": "application/dash+xml",
        "wav": "audio/wav", "ogg": "audio/ogg", "oga": "audio/ogg", "ogv": "video/ogg", "opus": "audio/ogg", "flac": "audio/flac",
        "heic": "image/heic", "heif": "image/heif", "tif": "image/tiff", "tiff": "image/tiff", "bmp": "image/bmp", "apng": "image/apng",
        "otf": "font/otf", "map": "application/json", "webmanifest": "application/manifest+json", "jsonld": "application/ld+json",
        "yaml": "application/yaml", "yml": "application/yaml", "ics": "text/calendar; charset=utf-8", "vcf": "text/vcard; charset=utf-8",
    ]

    /// Whether a Content-Type names JSON: `application/json` or a `+json` type
    /// (`application/manifest+json`, …), parameters and case aside.
    package static func isJSON(_ contentType: some StringProtocol) -> Bool {
        let essence = contentType.prefix { $0 != ";" }.trimmingSpaces().lowercased()
        return essence == json || essence.hasSuffix("+json")
    }

    /// The Content-Type for a file name, from its extension (case-insensitive).
    package static func forFileName(_ name: some StringProtocol) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return octetStream }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return byExtension[fileExtension] ?? octetStream
    }
}
