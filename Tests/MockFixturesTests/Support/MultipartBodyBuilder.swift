/// Writes `multipart/form-data` bodies the way HTTP clients do (CRLF lines), for tests.
struct MultipartBodyBuilder {
    let boundary: String
    private(set) var bytes: [UInt8] = []

    init(boundary: String = "----ResonanceKitBoundary7MA4YWxk") {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        part(headers: [#"Content-Disposition: form-data; name="\#(name)""#], content: Array(value.utf8))
    }

    mutating func file(_ name: String, filename: String, contentType: String?, content: [UInt8]) {
        var headers = [#"Content-Disposition: form-data; name="\#(name)"; filename="\#(filename)""#]
        if let contentType { headers.append("Content-Type: \(contentType)") }
        part(headers: headers, content: content)
    }

    mutating func part(headers: [String], content: [UInt8]) {
        bytes += Array("--\(boundary)\r\n".utf8)
        for header in headers { bytes += Array("\(header)\r\n".utf8) }
        bytes += Array("\r\n".utf8)
        bytes += content
        bytes += Array("\r\n".utf8)
    }

    /// The body with its closing delimiter.
    var finished: [UInt8] { bytes + Array("--\(boundary)--\r\n".utf8) }
}
