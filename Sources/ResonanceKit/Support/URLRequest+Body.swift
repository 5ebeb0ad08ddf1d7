import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The body whether it was set as data or as a stream (URLSession moves bodies into streams;
    /// an interceptor may set either), for transports that need the bytes.
    ///
    /// ```swift
    /// let bytes = request.bodyData ?? Data()
    /// ```
    package var bodyData: Data? {
        if let httpBody { return httpBody }
        guard let stream = httpBodyStream else { return nil }
        stream.open()
        defer { stream.close() }
        var data = Data()
        let chunkSize = 16 * 1024
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var read = stream.read(chunk, maxLength: chunkSize)
        while read > 0 {
            data.append(chunk, count: read)
            read = stream.read(chunk, maxLength: chunkSize)
        }
        return data
    }
}
