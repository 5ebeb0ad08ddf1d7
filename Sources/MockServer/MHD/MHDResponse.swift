import CMicroHTTPD

/// A libmicrohttpd response: status-less bytes plus headers, queued on connections.
///
/// MHD reference-counts responses and guards them with its own mutex, so one response may be
/// queued on many connections at once from any pool thread once all headers are added.
struct MHDResponse: @unchecked Sendable {
    let pointer: OpaquePointer

    /// A response owning a private copy of `bytes`.
    ///
    /// Maps to `MHD_create_response_from_buffer(size, bytes, .RESPMEM_MUST_COPY)`.
    static func copying(_ bytes: [UInt8]) -> MHDResponse? {
        let created = bytes.withUnsafeBytes { buffer -> OpaquePointer? in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
        return created.map(MHDResponse.init(pointer:))
    }

    /// Adds one header line; false when MHD refuses it (for example a `Content-Length` it computes itself).
    ///
    /// Maps to `MHD_add_response_header`.
    @discardableResult
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
