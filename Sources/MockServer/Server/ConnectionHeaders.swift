import CMicroHTTPD
import MockFixtures

/// Request headers read straight from MHD's parsed header list, one lookup at a time, so a
/// request whose match needs no headers copies none.
struct ConnectionHeaders: RequestHeaderLookup {
    let connection: MHDConnection

    /// Maps to `MHD_lookup_connection_value(connection, .HEADER_KIND, name)`.
    func value(forHeader lowercasedName: String) -> String? {
        connection.headerValue(lowercasedName)
    }

    /// Maps to `MHD_get_connection_values(connection, .HEADER_KIND, …)`.
    func headerFields() -> [HTTPHeader] {
        connection.allHeaders()
    }

    /// The journal's copy of every header, straight from MHD's bytes (no strings).
    func forEachHeader(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void) {
        connection.forEachHeader(body)
    }
}
