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
        for (name, value) in headers where !response.addHeader(name: name, value: value) {
            refused(name, value)
        }
        return response
    }

    /// Adds one header line, only before the response is shared; false when MHD refuses it.
    ///
    /// Maps to `MHD_add_response_header`.
    func addHeader(name: String, value: String) -> Bool {
        MHD_add_response_header(pointer, name, value) == .YES
    }

    /// Releases this handle; MHD frees the response once no connection still sends it.
    ///
    /// Maps to `MHD_destroy_response`.
    func destroy() {
        MHD_destroy_response(pointer)
    }
}
