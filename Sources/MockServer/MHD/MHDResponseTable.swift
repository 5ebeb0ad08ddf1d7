import CMicroHTTPD

/// The responses built once at start, each over a body buffer owned by this table and kept
/// until ``destroy()``, so MHD can send them without copying (`.RESPMEM_PERSISTENT`).
final class MHDResponseTable: @unchecked Sendable {
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private(set) var responses: [MHDResponse] = []

    /// Builds one response per element; nil when MHD cannot allocate one.
    ///
    /// Maps to `MHD_create_response_from_buffer(.RESPMEM_PERSISTENT)` and
    /// `MHD_add_response_header` for every header, all before the first use.
    init?(bodies: [(headers: [(name: String, value: String)], body: [UInt8])]) {
        responses.reserveCapacity(bodies.count)
        for (headers, body) in bodies {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(body.count, 1), alignment: 1)
            buffers.append(buffer)
            body.withUnsafeBytes { buffer.copyMemory(from: $0) }
            guard let response = MHDResponse.persistent(buffer: UnsafeRawBufferPointer(rebasing: buffer[0..<body.count])) else {
                destroy()
                return nil
            }
            for header in headers {
                response.addHeader(name: header.name, value: header.value)
            }
            responses.append(response)
        }
    }

    /// Destroys every response and frees the buffers; only after the daemon has stopped.
    ///
    /// Maps to `MHD_destroy_response`.
    func destroy() {
        responses.forEach { $0.destroy() }
        responses = []
        buffers.forEach { $0.deallocate() }
        buffers = []
    }
}
