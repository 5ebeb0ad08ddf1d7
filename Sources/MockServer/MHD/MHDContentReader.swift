import CMicroHTTPD

/// The body of a streamed response (``MHDResponse/streaming(length:blockSize:reader:headers:refused:)``),
/// which libmicrohttpd pulls piece by piece while it sends, instead of holding it whole.
///
/// libmicrohttpd calls ``read(at:into:)`` on the worker thread that owns the connection, never
/// for a HEAD request or a status without a body, and never again once the announced length has
/// been read; calls for one response never overlap.
protocol MHDContentReader: AnyObject {
    /// Writes the bytes starting at `position` (the sum of all counts returned so far) into
    /// `buffer`, which is never empty, and says how many.
    func read(at position: Int, into buffer: UnsafeMutableRawBufferPointer) -> MHDContentChunk
}

/// What one ``MHDContentReader/read(at:into:)`` call hands libmicrohttpd.
enum MHDContentChunk: Equatable {
    /// This many bytes (at least 1) are in the buffer.
    case bytes(Int)
    /// Nothing yet: the reader has suspended the connection (``MHDConnection/suspend()``) and
    /// will resume it when bytes are due; libmicrohttpd asks again after the resume. Returning
    /// this without suspending would make libmicrohttpd ask again at once, in a busy loop.
    case suspended
    /// Close the connection now. Before the announced length, the client sees a body cut short.
    case abort

    /// `MHD_ContentReaderCallback`'s return value: a count, 0, or `MHD_CONTENT_READER_END_WITH_ERROR`.
    fileprivate var rawValue: Int {
        switch self {
        case .bytes(let count): count
        case .suspended: 0
        case .abort: MHD_CONTENT_READER_END_WITH_ERROR
        }
    }
}

extension MHDResponse {
    /// A response announcing `length` body bytes (its `Content-Length`) and pulling them from
    /// `reader`, at most `blockSize` per call, with `headers` added in order (a header MHD
    /// refuses is not sent and is passed to `refused`). The response keeps `reader` until MHD
    /// frees it; nil when MHD cannot allocate it.
    ///
    /// Maps to `MHD_create_response_from_callback(length, blockSize, mhdReadContent, reader, mhdReleaseContentReader)`
    /// and one `MHD_add_response_header` per header.
    static func streaming(
        length: Int,
        blockSize: Int,
        reader: some MHDContentReader,
        headers: some Sequence<(name: String, value: String)>,
        refused: (_ name: String, _ value: String) -> Void
    ) -> MHDResponse? {
        let box = Unmanaged.passRetained(ContentReaderBox(reader))
        guard let created = MHD_create_response_from_callback(
            UInt64(length), max(1, blockSize), mhdReadContent, box.toOpaque(), mhdReleaseContentReader
        ) else {
            // MHD calls the release callback only for a response it created.
            box.release()
            return nil
        }
        let response = MHDResponse(pointer: created)
        response.addHeaders(headers, refused: refused)
        return response
    }
}

/// Holds a reader of any type behind the one pointer libmicrohttpd passes back.
private final class ContentReaderBox {
    let reader: any MHDContentReader

    init(_ reader: any MHDContentReader) {
        self.reader = reader
    }
}

/// `MHD_ContentReaderCallback`: the next bytes of a streamed body.
private func mhdReadContent(
    _ context: UnsafeMutableRawPointer?,
    _ position: UInt64,
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int
) -> Int {
    guard let context, let buffer, capacity > 0 else { return MHD_CONTENT_READER_END_WITH_ERROR }
    // The response holds the box until mhdReleaseContentReader: no retain needed per call.
    return Unmanaged<ContentReaderBox>.fromOpaque(context)._withUnsafeGuaranteedRef { box in
        box.reader.read(at: Int(position), into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)).rawValue
    }
}

/// `MHD_ContentReaderFreeCallback`: MHD freed the response; drops the reader.
private func mhdReleaseContentReader(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ContentReaderBox>.fromOpaque(context).release()
}
