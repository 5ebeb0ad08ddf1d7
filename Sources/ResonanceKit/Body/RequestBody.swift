import Foundation

/// A request body and the `Content-Type` it is sent with.
///
/// ```swift
/// let json: RequestBody = .json(NewPerson(name: "Rey"))              // application/json
/// let form: RequestBody = .form(["username": "luke", "password": "skywalker"])
/// let raw: RequestBody = .data(pdfBytes, contentType: "application/pdf")
/// var upload = MultipartFormData()
/// upload.addField(name: "title", value: "Portrait")
/// upload.addFile(name: "avatar", filename: "luke.png", contentType: "image/png", data: png)
/// let multipart: RequestBody = .multipart(upload)
/// ```
///
/// A `Content-Type` header set on the request or session replaces the body's own.
public struct RequestBody: Sendable {
    enum Storage: Sendable {
        case json(any Encodable & Sendable)
        case form([(name: String, value: String)])
        case data(Data, contentType: String)
        case multipart(MultipartFormData)
    }

    let storage: Storage

    /// A value encoded as JSON with the session's encoding strategies; `application/json`.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(storage: .json(value))
    }

    /// Fields in the given order, `application/x-www-form-urlencoded` (a space is sent as `+`).
    public static func form(_ fields: [(name: String, value: String)]) -> RequestBody {
        RequestBody(storage: .form(fields))
    }

    /// Fields sorted by name, so the bytes are stable; `application/x-www-form-urlencoded`.
    public static func form(_ fields: [String: String]) -> RequestBody {
        RequestBody(storage: .form(fields.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }))
    }

    /// Bytes sent exactly as given, with the content type you name.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(storage: .data(data, contentType: contentType))
    }

    /// `multipart/form-data` with text fields and files (RFC 7578).
    public static func multipart(_ form: MultipartFormData) -> RequestBody {
        RequestBody(storage: .multipart(form))
    }

    /// The bytes and `Content-Type` to send. Errors are human-readable reasons.
    func encoded(with session: JSONSession) throws -> (data: Data, contentType: String) {
        switch storage {
        case .json(let value):
            do {
                return (try session.makeEncoder().encode(value), "application/json")
            } catch {
                throw BodyEncodingError(reason: "\(type(of: value)): \(error)")
            }
        case .form(let fields):
            return (Data(FormURLEncoding.encode(fields).utf8), "application/x-www-form-urlencoded")
        case .data(let data, let contentType):
            return (data, contentType)
        case .multipart(let form):
            let (data, boundary) = try form.encoded()
            return (data, "multipart/form-data; boundary=\(boundary)")
        }
    }
}

/// Why a body could not be encoded, as a sentence.
struct BodyEncodingError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
