import CZlib

/// Undoes `Content-Encoding: gzip` / `x-gzip` / `deflate` (listed codings are undone last first).
enum ContentDecoding {
    /// The decoded body; `identity` is skipped; any other coding is an error, since only
    /// ``HTTPRequestHead/acceptedEncodings`` were asked for.
    /// An empty body is returned as it is, whatever the codings: a 204, a 304 (which repeats the
    /// 200's `Content-Encoding`, RFC 9110 §15.4.5) and a HEAD answer have nothing to decode.
    static func decode(_ body: [UInt8], codings header: [String], limit: Int) throws(TransportFailure) -> [UInt8] {
        guard !body.isEmpty else { return body }
        let codings = header.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: " \t").lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        var decoded = body
        for coding in codings.reversed() {
            switch coding {
            case "gzip", "x-gzip", "deflate":
                decoded = try inflate(decoded, coding: coding, limit: limit)
            default:
                throw .badResponse("the body is encoded with '\(coding)', which was not asked for (only \(HTTPRequestHead.acceptedEncodings))")
            }
        }
        return decoded
    }

    /// gzip (several members allowed) or zlib-wrapped deflate, detected from the header; a
    /// `deflate` body that is raw deflate (a common server mistake) is retried as such.
    private static func inflate(_ input: [UInt8], coding: String, limit: Int) throws(TransportFailure) -> [UInt8] {
        if input.isEmpty { return [] }
        do throws(TransportFailure) {
            return try run(input, windowBits: 15 + 32, coding: coding, limit: limit)
        } catch {
            guard coding == "deflate", case .badResponse = error else { throw error }
            return try run(input, windowBits: -15, coding: coding, limit: limit)
        }
    }

    /// Maps to `inflateInit2` (through `czlib_inflate_init`), `inflate` until `Z_STREAM_END`
    /// (then `inflateReset` while gzip members follow) and `inflateEnd`.
    private static func run(_ input: [UInt8], windowBits: Int32, coding: String, limit: Int) throws(TransportFailure) -> [UInt8] {
        var stream = z_stream()
        guard czlib_inflate_init(&stream, windowBits) == Z_OK else {
            throw .badResponse("zlib could not start decoding \(coding)")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var source = input
        let result: Result<[UInt8], TransportFailure> = source.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit {
                    return .failure(.tooLarge("its \(coding)-decoded body passed the limit of \(limit) bytes"))
                }
                switch status {
                case Z_STREAM_END:
                    // Another gzip member may follow (concatenated gzip files are valid).
                    guard stream.avail_in > 0, windowBits > 0 else { return .success(output) }
                    inflateReset(&stream)
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .failure(.badResponse("the \(coding) body ends too early"))
                case Z_BUF_ERROR:
                    continue
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "code \(status)"
                    return .failure(.badResponse("the \(coding) body cannot be decoded: \(message)"))
                }
            }
        }
        return try result.get()
    }
}
