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
    /// The connection's socket; -1 when libmicrohttpd does not tell it. Maps to
    /// `MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD)` (the shim's
    /// `cmhd_connection_fd`).
    var socketDescriptor: Int32 {
        cmhd_connection_fd(pointer)
    }

    func suspend() {
        MHD_suspend_connection(pointer)
    }

    /// Hands a suspended connection back to MHD, which calls the access handler again.
    ///
    /// Maps to `MHD_resume_connection`; safe from any thread.
    func resume() {
        MHD_resume_connection(pointer)
    }

    /// The value of request header `lowercasedName`, without copying the others; a header sent
    /// on several lines is combined as ``CombinedHeaderValue`` says (the journal's value), where
    /// `MHD_lookup_connection_value` would return the first line's alone.
    ///
    /// Maps to `MHD_get_connection_values_n(connection, .HEADER_KIND, iterator, &search)`: one
    /// pass comparing lengths first, as the lookup itself does, that copies only what it returns.
    func headerValue(_ lowercasedName: String) -> String? {
        var name = lowercasedName
        return name.withUTF8 { bytes in
            var search = HeaderSearch(lowercasedName: lowercasedName, bytes: UnsafeRawBufferPointer(bytes))
            withUnsafeMutablePointer(to: &search) { searchPointer in
                _ = MHD_get_connection_values_n(pointer, .HEADER_KIND, { context, _, key, keyLength, value, valueLength in
                    guard let context, let key else { return .YES }
                    context.assumingMemoryBound(to: HeaderSearch.self).pointee.visit(
                        name: UnsafeRawBufferPointer(start: key, count: keyLength),
                        value: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueLength))
                    return .YES
                }, searchPointer)
            }
            return search.result
        }
    }

    /// What the request's headers say about its size and framing (every `Host`,
    /// `Content-Length` and `Transfer-Encoding`, `Cookie` sizes, names that are not tokens, lines
    /// libmicrohttpd misread), without copying any other header; `method` and `version` are the
    /// request line's, as the access handler received them.
    ///
    /// Maps to `MHD_get_connection_values_n(connection, .HEADER_KIND, iterator, &scan)`, whose
    /// lengths spare a `strlen` per name and value, `MHD_get_connection_info(connection,
    /// MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE)` (the shim's `cmhd_request_head_size`), and
    /// `MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, nil, nil)`, which counts the
    /// query parameters.
    func head(method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?) -> RequestHead {
        var scan = HeadScan(head: RequestHead(isHTTP10: version.map { strcmp($0, "HTTP/1.0") == 0 } ?? false))
        withUnsafeMutablePointer(to: &scan) { scanPointer in
            _ = MHD_get_connection_values_n(pointer, .HEADER_KIND, { context, _, key, keyLength, value, valueLength in
                guard let context, let key else { return .YES }
                let scan = context.assumingMemoryBound(to: HeadScan.self)
                let name = UnsafeBufferPointer(start: UnsafeRawPointer(key).assumingMemoryBound(to: UInt8.self), count: keyLength)
                let value = value.map { UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: valueLength) }
                scan.pointee.visit(name: name, value: value ?? UnsafeBufferPointer(start: nil, count: 0))
                return .YES
            }, scanPointer)
        }
        if let method {
            scan.checkEnd(headEnd: UnsafeRawPointer(method) + cmhd_request_head_size(pointer))
        }
        scan.head.queryArgumentCount = Int(max(0, MHD_get_connection_values_n(pointer, .GET_ARGUMENT_KIND, nil, nil)))
        return scan.head
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

    /// Every request header, in the order received (forwarding and the in-process API).
    ///
    /// Maps to `MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)`, which counts them
    /// so the array is allocated once, then ``forEachHeader(_:)``.
    func allHeaders() -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        headers.reserveCapacity(Int(max(0, MHD_get_connection_values_n(pointer, .HEADER_KIND, nil, nil))))
        forEachHeader { name, value in
            headers.append(HTTPHeader(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
        }
        return headers
    }

    /// Calls `body` with the bytes of every request header's name and value, in the order
    /// received; the buffers point into MHD's memory pool and are valid during the call only.
    ///
    /// Maps to `MHD_get_connection_values_n(connection, .HEADER_KIND, iterator, &body)`, whose
    /// lengths spare a `strlen` per name and value. This runs for every request the journal records.
    func forEachHeader(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void) {
        typealias Visitor = (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void
        withoutActuallyEscaping(body) { body in
            var visitor: Visitor = body
            withUnsafeMutablePointer(to: &visitor) { visitorPointer in
                _ = MHD_get_connection_values_n(pointer, .HEADER_KIND, { context, _, key, keyLength, value, valueLength in
                    guard let context, let key else { return .YES }
                    let visit = context.assumingMemoryBound(to: Visitor.self).pointee
                    visit(UnsafeRawBufferPointer(start: key, count: keyLength),
                          UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueLength))
                    return .YES
                }, visitorPointer)
            }
        }
    }
}
