import CMicroHTTPD

/// Responses built once, before the first use, each over MHD's own copy of its body.
///
/// MHD owns the copies (`.RESPMEM_MUST_COPY`) and frees each when its reference count reaches
/// zero, so ``destroy()`` is safe while connections still send a response: a reload can drop an
/// old table without waiting for slow clients, and no buffer of ours can be freed under MHD.
final class MHDResponseTable: @unchecked Sendable {
    private(set) var responses: [MHDResponse] = []

    /// Builds one response per element; nil when MHD cannot allocate one.
    ///
    /// Maps to `MHD_create_response_from_buffer(.RESPMEM_MUST_COPY)` and
    /// `MHD_add_response_header` for every header, all before the first use.
    init?(bodies: [(headers: [(name: String, value: String)], body: [UInt8])]) {
        responses.reserveCapacity(bodies.count)
        for (headers, body) in bodies {
            guard let response = MHDResponse.copying(body) else {
                destroy()
                return nil
            }
            for header in headers {
                response.addHeader(name: header.name, value: header.value)
            }
            responses.append(response)
        }
    }

    /// Releases this table's handle on every response; MHD frees each one once no connection
    /// still sends it. Call once, after the last queue from this table.
    ///
    /// Maps to `MHD_destroy_response`.
    func destroy() {
        responses.forEach { $0.destroy() }
        responses = []
    }
}
