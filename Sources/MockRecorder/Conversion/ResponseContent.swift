import MockFixtures

/// How a response body is written: `response` for JSON, `responseText` for text, bytes in a
/// `responseFile` otherwise, nothing for an empty body — plus the `Content-Type` header when the
/// fixture key would not imply the upstream's.
struct ResponseContent {
    enum Body {
        case none
        case json(JSONValue)
        case text(String)
        /// The bytes and the file extension to store them under (without the dot).
        case bytes([UInt8], fileExtension: String)
    }

    let body: Body
    /// The upstream's `Content-Type`, when it must be written into `headers`.
    let contentTypeHeader: String?
    /// Why the body may hold a secret that redaction cannot rewrite: the exchange is then not
    /// recorded at all, so the secret stays out.
    enum Unredactable {
        /// A `--redact` key it names where redaction cannot rewrite it (text that is neither JSON
        /// nor a form, or JSON or a form inside a JSON string).
        case names(key: String)
        /// Text in an encoding the byte search cannot read (`UTF-16`, `UTF-32`).
        case unreadableText(encoding: String)
    }

    private(set) var unredactable: Unredactable?

    /// Why the exchange is not recorded, when a redacted key may be in a body redaction cannot
    /// rewrite; nil otherwise.
    var unredactableReason: String? {
        switch unredactable {
        case .unreadableText(let encoding)?:
            "the answer's body is text in \(encoding), which --redact cannot search; nothing was written, "
                + "so no secret reaches the fixtures (write this entry by hand)"
        case .names(let key)?:
            "the answer's body names '\(key)', a --redact key, where redaction cannot rewrite it (text that is not JSON or a form, "
                + "or JSON or a form inside a JSON string); nothing was written, so the secret stays out of the fixtures (write this entry by hand)"
        case nil:
            nil
        }
    }

    /// The media type a `responseText` entry sends unless `headers` say otherwise.
    static let defaultTextType = "text/plain; charset=utf-8"

    init(_ exchange: RecordedExchange, redactedKeys: Set<String>) {
        let declared = exchange.responseHeader("content-type")
        let contentType = declared.map(ContentTypeHeader.init)
        let bytes = exchange.responseBody
        if bytes.isEmpty {
            body = .none
            // No body, so no key implies a type: the declared one is kept, JSON too, so the
            // replayed answer carries what the API's did; not on a 204 or 205, which have no
            // content for it to describe (the loader would warn).
            contentTypeHeader = [204, 205].contains(exchange.status) ? nil : declared
            return
        }
        let looksLikeJSON = contentType?.isJSON ?? true   // undeclared bodies that parse are JSON
        // With keys to redact, JSON under another declared type (`text/plain`, an octet stream)
        // is read as JSON too, so its secrets are found; it is written as `response` only when a
        // key was redacted, with its declared type kept, and as it came otherwise.
        if looksLikeJSON || !redactedKeys.isEmpty, let document = try? JSONParser.parse(bytes),
           let parsed = Self.recordable(document, redactedKeys: redactedKeys),
           looksLikeJSON || parsed != document.root.value {
            if case .null = parsed {
                // `"response": null` means no body; the JSON text `null` is written as text.
                body = .text("null")
                contentTypeHeader = declared ?? MediaType.json
                return
            }
            body = .json(parsed)
            contentTypeHeader = contentType?.mediaType == MediaType.json ? nil : declared
            // JSON or a form kept inside a string value (`{"payload": "{\"token\": …}"}`) is
            // beyond the member-by-member redaction.
            unredactable = Redaction.keyInStringValues(of: redactedKeys, in: parsed).map { .names(key: $0) }
            return
        }
        let binaryType = contentType.map { !$0.isText && !$0.isJSON && $0.mediaType != "application/octet-stream" } ?? false
        if !redactedKeys.isEmpty, !binaryType,
           let encoding = Self.wideTextEncoding(of: bytes, charset: contentType?.charset,
                                                declaredText: contentType.map { $0.isText || $0.isJSON } ?? false) {
            // UTF-16 or UTF-32 (declared, or by its BOM or NUL bytes): not searchable byte by byte.
            body = .bytes(bytes, fileExtension: "bin")
            contentTypeHeader = declared
            unredactable = .unreadableText(encoding: encoding)
            return
        }
        if contentType?.mediaType == "application/x-www-form-urlencoded", !redactedKeys.isEmpty,
           let redacted = Redaction.apply(toForm: bytes, keys: redactedKeys) {
            // An OAuth token endpoint may answer `access_token=…&token_type=bearer`.
            body = .text(String(decoding: redacted, as: UTF8.self))
            contentTypeHeader = declared
            return
        }
        let textual = contentType.map { ($0.isText || $0.isJSON) && $0.isUTF8Compatible } ?? true
        if textual, let text = String(validating: bytes, as: UTF8.self) {
            body = .text(text)
            let isDefault = declared.map { ContentTypeHeader($0) == ContentTypeHeader(Self.defaultTextType) } ?? false
            contentTypeHeader = isDefault ? nil : declared
            // Text that is neither JSON nor a form cannot be rewritten: any mention of a key
            // (a CSV header row `user,token`, a table, `token: …`) keeps it out of the fixtures.
            unredactable = Redaction.mentionedWord(of: redactedKeys, in: bytes).map { .names(key: $0) }
            return
        }
        let fileExtension = contentType.flatMap { FileExtensions.forMediaType($0.mediaType) } ?? "bin"
        body = .bytes(bytes, fileExtension: fileExtension)
        let implied = MediaType.forFileName("body.\(fileExtension)")
        contentTypeHeader = declared.flatMap { ContentTypeHeader($0) == ContentTypeHeader(implied) ? nil : $0 }
        // Text under a binary or non-UTF-8 type (JSON in Latin-1, say) is searched too; binary
        // types (images, archives) are not: their bytes would name a short key by chance.
        unredactable = binaryType ? nil : Redaction.mentionedWord(of: redactedKeys, in: bytes).map { .names(key: $0) }
    }

    /// "UTF-16" or "UTF-32" when `bytes` are text in one of them: declared by `charset` (any
    /// spelling: `utf-16le`, `utf16`, `ucs-2`), or shown by a byte order mark, or, for a type
    /// declared as text, by NUL bytes, which UTF-8 text does not have (binary data, an octet
    /// stream or an undeclared body, has them too).
    static func wideTextEncoding(of bytes: [UInt8], charset: String?, declaredText: Bool) -> String? {
        let compact = charset.map { String($0.filter { $0 != "-" && $0 != "_" }) } ?? ""
        if compact.hasPrefix("utf32") || compact.hasPrefix("ucs4") { return "UTF-32" }
        if compact.hasPrefix("utf16") || compact.hasPrefix("ucs2") { return "UTF-16" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || (declaredText && bytes.prefix(512).contains(0)) { return "UTF-16" }
        return nil
    }

    /// The body to write as `response`, redacted; nil when it is to be written as text. A body
    /// with a key given twice is kept as text, since as a value it keeps the last one only and
    /// would replay something the API never sent, unless a redacted key occurs in it: then the
    /// secret wins over the exact bytes.
    private static func recordable(_ document: JSONDocument, redactedKeys: Set<String>) -> JSONValue? {
        let redacted = Redaction.apply(to: document.root.value, keys: redactedKeys)
        // Duplicate keys and trailing commas (which the lenient fixture parser takes) would be
        // replayed as other JSON than the API sent: such a body is kept as it came.
        guard (document.duplicateKeys.isEmpty && !document.hasTrailingCommas) || redacted != document.root.value else { return nil }
        return redacted
    }
}

/// File extensions for response bodies stored as files, chosen so that the fixture format's
/// own extension table (``MediaType/forFileName(_:)``) gives back the same media type.
enum FileExtensions {
    /// Extensions worth trying, most common first.
    static let candidates = [
        "png", "jpg", "gif", "webp", "svg", "ico", "avif", "pdf", "zip", "gz", "mp4", "webm", "mp3",
        "woff2", "woff", "ttf", "wasm", "xml", "csv", "html", "css", "js", "txt", "md", "json",
        "mov", "m4v", "m4a", "aac", "m3u8", "ts", "m4s", "mpd", "wav", "ogg", "ogv", "flac", "heic", "heif", "tiff", "bmp", "apng",
        "otf", "webmanifest", "jsonld", "yaml", "ics", "vcf",
    ]

    /// An extension whose media type is `mediaType`, or nil.
    static func forMediaType(_ mediaType: String) -> String? {
        candidates.first { ContentTypeHeader(MediaType.forFileName("body.\($0)")).mediaType == mediaType }
    }
}
