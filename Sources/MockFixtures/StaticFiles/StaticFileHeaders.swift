/// The headers a static file is served with, fixed when the tree is loaded so its plain `200`
/// stays a prepared response: its type, a strong `ETag` from its content, `Last-Modified` from
/// its modification time, `Accept-Ranges: bytes`, and `Cache-Control: no-cache` (clients keep
/// the file but ask again each time — a cheap `304` — so an edited fixture shows at once instead
/// of after a heuristic freshness lifetime of days).
///
/// ```swift
/// StaticFileHeaders.make(contentType: "image/png", body: bytes, modifiedSeconds: 1_700_000_000)
/// // Content-Type: image/png, ETag: "1f3a-8c0e…", Last-Modified: Tue, 14 Nov 2023 22:13:20 GMT, …
/// ```
enum StaticFileHeaders {
    static let etag = "ETag"
    static let lastModified = "Last-Modified"
    static let acceptRanges = "Accept-Ranges"
    static let cacheControl = "Cache-Control"
    static let contentType = "Content-Type"

    static func make(contentType: String, body: [UInt8], modifiedSeconds: Int64) -> [HTTPHeader] {
        [
            HTTPHeader(name: Self.contentType, value: contentType),
            HTTPHeader(name: etag, value: entityTag(for: body)),
            HTTPHeader(name: lastModified, value: HTTPDate.format(modifiedSeconds)),
            HTTPHeader(name: acceptRanges, value: "bytes"),
            HTTPHeader(name: cacheControl, value: "no-cache"),
        ]
    }

    /// `"<size in hex>-<FNV-1a of the content>"`: the same bytes give the same tag on every
    /// machine and after every reload (a container or a fresh checkout has new modification
    /// times, not new content), so it is a strong validator.
    static func entityTag(for body: [UInt8]) -> String {
        "\"\(String(body.count, radix: 16))-\(FNV1a.hex(FNV1a.hash(body), digits: 16))\""
    }
}

extension FixtureStoreBuilder {
    /// The headers of the static file `file` with content `body` (see ``StaticFileHeaders``).
    /// `Last-Modified` is the modification time in whole seconds, never later than now
    /// (RFC 9110 §8.8.2.1), so a file from a machine with a clock ahead still revalidates.
    static func staticFileHeaders(_ file: FixtureTreeWalker.FoundFile, body: [UInt8]) -> [HTTPHeader] {
        let now = WallClock.millisecondsSince1970() / 1_000
        let modified = FileStatus(path: file.readPath).map { CivilDate.floorDivision($0.modificationNanoseconds, 1_000_000_000).quotient } ?? now
        return StaticFileHeaders.make(contentType: MediaType.forFileName(file.relativePath), body: body, modifiedSeconds: min(modified, now))
    }
}
