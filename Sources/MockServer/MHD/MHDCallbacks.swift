import CMicroHTTPD

// The C entry points MHD calls on its worker threads. They are plain global functions (never
// closures in an actor-isolated context) and only translate pointers into Swift values before
// handing over to RequestDispatcher, which owns the behaviour.

/// `MHD_OPTION_URI_LOG_CALLBACK`: runs once per request with the raw, still percent-encoded
/// target, before any header is parsed. Its result becomes the request's `*con_cls`.
func mhdRequestStarted(
    _ closure: UnsafeMutableRawPointer?,
    _ uri: UnsafePointer<CChar>?,
    _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let closure else { return nil }
    let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(closure).takeUnretainedValue()
    let target = uri.map { String(cString: $0) } ?? "/"
    return Unmanaged.passRetained(dispatcher.beginRequest(rawTarget: target)).toOpaque()
}

/// `MHD_AccessHandlerCallback`: called after the headers, once per uploaded chunk, and again
/// when the request is complete (and after every resume) until a response is queued.
func mhdAccessHandler(
    _ closure: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let closure, let connection, let requestSlot else { return .NO }
    let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(closure).takeUnretainedValue()
    let request: RequestContext
    if let existing = requestSlot.pointee {
        request = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    } else {
        // Only reachable if MHD skipped the URI callback; MHD's url is already decoded then.
        request = dispatcher.beginRequest(rawTarget: url.map { String(cString: $0) } ?? "/")
        requestSlot.pointee = Unmanaged.passRetained(request).toOpaque()
    }
    if request.method == nil {
        request.method = method.map { String(cString: $0) } ?? "GET"
    }
    var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    if let uploadDataSize, uploadDataSize.pointee > 0, let uploadData {
        chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
        // Every byte is consumed: kept while under the limit, discarded after.
        uploadDataSize.pointee = 0
    }
    let keepConnection = dispatcher.handle(request, on: MHDConnection(pointer: connection), uploadChunk: chunk)
    return keepConnection ? .YES : .NO
}

/// `MHD_OPTION_NOTIFY_COMPLETED`: the request is over (answered, failed or abandoned); frees
/// the state allocated in `mhdRequestStarted`.
func mhdRequestCompleted(
    _ closure: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let closure, let requestSlot, let state = requestSlot.pointee else { return }
    requestSlot.pointee = nil
    let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(closure).takeUnretainedValue()
    dispatcher.finishRequest(Unmanaged<RequestContext>.fromOpaque(state), termination: MHDTermination(termination))
}

/// The shim's `cmhd_log_line_callback`: one formatted MHD diagnostic.
func mhdLogLine(_ context: UnsafeMutableRawPointer?, _ line: UnsafePointer<CChar>?) {
    guard let context, let line else { return }
    let relay = Unmanaged<MHDLogRelay>.fromOpaque(context).takeUnretainedValue()
    relay.receive(String(cString: line))
}
