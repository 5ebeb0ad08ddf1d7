/// One part of a `multipart/form-data` body: a form field or an uploaded file.
///
/// ```swift
/// let form = try ReceivedMultipartForm(parsing: body, contentType: contentType)
/// if let avatar = form.parts(named: "avatar").first {
///     print(avatar.filename ?? "-", avatar.contentType ?? "-", avatar.content.count)
/// }
/// ```
package struct MultipartPart: Sendable, Equatable {
    /// The `name` of its `Content-Disposition`.
    package let name: String
    /// The `filename` of its `Content-Disposition`; `nil` for a plain field.
    package let filename: String?
    /// Its own `Content-Type` header, as sent.
    package let contentType: String?
    /// The raw bytes between its headers and the next delimiter.
    package let content: [UInt8]

    package init(name: String, filename: String? = nil, contentType: String? = nil, content: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.content = content
    }

    /// The content as UTF-8 text (invalid bytes become U+FFFD), which is how fields are compared.
    package var text: String { String(decoding: content, as: UTF8.self) }
}
