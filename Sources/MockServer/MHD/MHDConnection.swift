import CMicroHTTPD
import MockFixtures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection as MHD hands it to the callbacks. Valid only while MHD owns the
/// request, which is why it is never stored beyond a request's lifetime.
struct MHDConnection: @unchecked Sendable {
    // @unchecked: the handle is used on the worker thread that owns the connection, except for
    // MHD_resume_connection, which MHD allows from any thread (timers and the reload queue
    // resume parked connections through SuspendedConnections, under its lock).
    let pointer: OpaquePointer

    /// Sends `response` with `status` once the request is complete.
    ///
    /// Maps to `MHD_queue_response`. Returns false when MHD refuses (for example while a body
    /// is still being uploaded).
    func queue(_ response: MHDResponse, status: Int) -> Bool {
        MHD_queue_response(pointer, UInt32(clamping: status), response.pointer) == .YES
    }

    /// Stops MHD from processing this connection until ``resume()``; the worker thread moves on.
    ///
    /// Maps to `MHD_suspend_connection`.
    func suspend() {
        MHD_suspend_connection(pointer)
    }

    /// Hands a suspended connection back to MHD, which calls the access handler again.
    ///
    /// Maps to `MHD_resume_connection`; safe from any thread.
    func resume() {
        MHD_resume_connection(pointer)
    }

    /// The value of request header `name` (case-insensitive), without copying the others.
    ///
    /// Maps to `MHD_lookup_connection_value(connection, .HEADER_KIND, name)`.
    func headerValue(_ name: String) -> String? {
        guard let value = MHD_lookup_connection_value(pointer, .HEADER_KIND, name) else { return nil }
        return String(cString: value)
    }

    /// What the request's headers say about its size and framing (every `Host`,
    /// `Content-Length` and `Transfer-Encoding`, `Cookie` sizes), without copying any other
    /// header; `version` is the request line's version.
    ///
    /// Maps to `MHD_get_connection_values(connection, .HEADER_KIND, iterator, &head)`.
    func head(version: UnsafePointer<CChar>?) -> RequestHead {
        var head = RequestHead(isHTTP10: version.map { strcmp($0, "HTTP/1.0") == 0 } ?? false)
        withUnsafeMutablePointer(to: &head) { headPointer in
            _ = MHD_get_connection_values(pointer, .HEADER_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let head = context.assumingMemoryBound(to: RequestHead.self)
                let name = UnsafeBufferPointer(start: UnsafeRawPointer(key).assumingMemoryBound(to: UInt8.self), count: strlen(key))
                let valueLength = value.map { strlen($0) } ?? 0
                head.pointee.count(nameLength: name.count, valueLength: valueLength)
                if let header = CheckedHeader(name: name) {
                    head.pointee.add(header, valueLength: valueLength, value: value.map { String(cString: $0) } ?? "")
                }
                return .YES
            }, headPointer)
        }
        return head
    }

    /// The declared `Content-Length`, parsed without allocating; nil when absent or not a
    /// plain decimal number (MHD itself rejects malformed lengths).
    ///
    /// Maps to `MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")`.
    func declaredContentLength() -> UInt64? {
        guard var digit = MHD_lookup_connection_value(pointer, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        var length: UInt64 = 0
        var sawDigit = false
        while digit.pointee != 0 {
            let character = UInt8(bitPattern: digit.pointee)
            guard character >= UInt8(ascii: "0"), character <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowA) = length.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(UInt64(character - UInt8(ascii: "0")))
            if overflowA || overflowB { return .max }
            length = sum
            sawDigit = true
            digit += 1
        }
        return sawDigit ? length : nil
    }

    /// Every request header, in the order received (for the request journal, on every request).
    ///
    /// Maps to `MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)`, which counts them
    /// so the array is allocated once, then `MHD_get_connection_values_n(connection, .HEADER_KIND,
    /// iterator, list)`, whose lengths spare a `strlen` per name and value.
    func allHeaders() -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        headers.reserveCapacity(Int(max(0, MHD_get_connection_values_n(pointer, .HEADER_KIND, nil, nil))))
        withUnsafeMutablePointer(to: &headers) { list in
            _ = MHD_get_connection_values_n(pointer, .HEADER_KIND, { context, _, key, keyLength, value, valueLength in
                guard let context, let key else { return .YES }
                let list = context.assumingMemoryBound(to: [HTTPHeader].self)
                list.pointee.append(HTTPHeader(
                    name: String(decoding: UnsafeRawBufferPointer(start: key, count: keyLength), as: UTF8.self),
                    value: value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueLength), as: UTF8.self) } ?? ""))
                return .YES
            }, list)
        }
        return headers
    }
}
