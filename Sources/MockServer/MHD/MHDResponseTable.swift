/// Responses built once, each over MHD's own copy of its body, and never changed afterwards.
///
/// MHD owns the copies (`.RESPMEM_MUST_COPY`) and frees each when its reference count reaches
/// zero, so releasing the table is safe while connections still send a response: a reload can
/// drop an old table without waiting for slow clients, and no buffer of ours can be freed under MHD.
final class MHDResponseTable: Sendable {
    /// One response per element given to ``build(_:refused:)``, in the same order.
    let responses: [MHDResponse]

    private init(responses: [MHDResponse]) {
        self.responses = responses
    }

    /// Builds one response per element; nil when MHD cannot allocate one. A header MHD refuses
    /// is not sent and is passed to `refused` with the index of its response.
    ///
    /// Maps to `MHD_create_response_from_buffer(.RESPMEM_MUST_COPY)` and
    /// `MHD_add_response_header` for every header, all before the first use.
    static func build(
        _ specifications: [(headers: [(name: String, value: String)], body: [UInt8])],
        refused: (_ index: Int, _ name: String, _ value: String) -> Void
    ) -> MHDResponseTable? {
        var responses: [MHDResponse] = []
        responses.reserveCapacity(specifications.count)
        for (index, specification) in specifications.enumerated() {
            let made = MHDResponse.make(body: specification.body, headers: specification.headers) { name, value in
                refused(index, name, value)
            }
            guard let made else {
                responses.forEach { $0.destroy() }
                return nil
            }
            responses.append(made)
        }
        return MHDResponseTable(responses: responses)
    }

    /// Releases this table's handle on every response; MHD frees each one once no connection
    /// still sends it.
    ///
    /// Maps to `MHD_destroy_response`.
    deinit {
        responses.forEach { $0.destroy() }
    }
}
