import CMicroHTTPD

/// A libmicrohttpd response: status-less bytes plus headers, queued on connections.
struct MHDResponse: @unchecked Sendable {
    // @unchecked: MHD reference-counts responses and guards each with its own mutex, so one
    // response may be queued on many connections at once from any worker thread once its
    // headers are added (they are, before the value is shared).
    let pointer: OpaquePointer

    /// A response owning a private copy of `body`, with `headers` added in order; nil when MHD
    /// cannot allocate it. A header MHD refuses (an empty value, a `Connection` other than
    /// `close`, a `Content-Length` it computes itself, …) is not sent and is passed to `refused`.
    ///
    /// Maps to `MHD_create_response_from_buffer(size, bytes, .RESPMEM_MUST_COPY)` and one
    /// `MHD_add_response_header` per header.
    static func make(
        body: [UInt8],
        headers: some Sequence<(name: String, value: String)>,
        refused: (_ name: String, _ value: String) -> Void
    ) -> MHDResponse? {
        let created = body.withUnsafeBytes { buffer -> OpaquePointer? in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response = created.map(MHDResponse.init(pointer:)) else { return nil }
        response.addHeaders(headers, refused: refused)
        return response
    }

    /// A response that states `declaredSize` as its `Content-Length` but has no bytes: for the
    /// answers libmicrohttpd sends without a body (HEAD, `304`), so a large body is not copied
    /// just to be measured. Its reader ends the connection if libmicrohttpd ever asks it for data.
    ///
    /// A `nil` size states none: neither `Content-Length` nor `Transfer-Encoding` (libmicrohttpd
    /// would send `chunked` and then a last chunk, a body after a HEAD answer), so the answer is
    /// HTTP/1.0-style and the connection closes after it.
    ///
    /// Maps to `MHD_create_response_from_callback(size or MHD_SIZE_UNKNOWN, 4096, reader, NULL,
    /// NULL)`, `MHD_set_response_options(MHD_RF_HTTP_1_0_COMPATIBLE_STRICT)` for a `nil` size, and
    /// one `MHD_add_response_header` per header.
    static func make(
        declaredSize: Int?,
        headers: some Sequence<(name: String, value: String)>,
        refused: (_ name: String, _ value: String) -> Void
    ) -> MHDResponse? {
        let size = declaredSize.map { UInt64($0) } ?? cmhd_size_unknown
        guard let created = MHD_create_response_from_callback(size, 4096, mhdNoBodyReader, nil, nil) else { return nil }
        if declaredSize == nil, cmhd_response_close_delimited(created) != .YES {
            MHD_destroy_response(created)
            return nil
        }
        let response = MHDResponse(pointer: created)
        response.addHeaders(headers, refused: refused)
        return response
    }

    /// Adds `headers` in order, only before the response is shared; each one MHD refuses is not
    /// sent and is passed to `refused`.
    func addHeaders(_ headers: some Sequence<(name: String, value: String)>, refused: (_ name: String, _ value: String) -> Void) {
        for (name, value) in headers where !addHeader(name: name, value: value) {
            refused(name, value)
        }
    }

    /// Adds one header line, only before the response is shared; false when MHD refuses it.
    ///
    /// Maps to `MHD_add_response_header`.
    private func addHeader(name: String, value: String) -> Bool {
        MHD_add_response_header(pointer, name, value) == .YES
    }

    /// Releases this handle; MHD frees the response once no connection still sends it.
    ///
    /// Maps to `MHD_destroy_response`.
    func destroy() {
        MHD_destroy_response(pointer)
    }
}

/// The content reader of ``MHDResponse/make(declaredSize:headers:refused:)``: such responses go
/// out without a body, so being asked for one is an error (`MHD_CONTENT_READER_END_WITH_ERROR`).
private func mhdNoBodyReader(_ context: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ maximum: Int) -> Int {
    -2
}
