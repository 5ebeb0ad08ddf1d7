import CMicroHTTPD

// The C entry points MHD calls on its worker threads. They are plain global functions (never
// closures in an actor-isolated context) and only translate pointers into Swift values before
// handing over to the MHDResponder behind `MHDCallbackContext`, which owns the behaviour.

/// `MHD_OPTION_URI_LOG_CALLBACK`: runs once per request with the raw, still percent-encoded
/// target, before any header is parsed. Its result becomes the request's `*con_cls`.
func mhdRequestStarted(
    _ closure: UnsafeMutableRawPointer?,
    _ uri: UnsafePointer<CChar>?,
    _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let closure else { return nil }
    // The daemon keeps the context alive while MHD can call back: no retain needed per call.
    return Unmanaged<MHDCallbackContext>.fromOpaque(closure)._withUnsafeGuaranteedRef { context in
        context.beginRequest(uri.map { String(cString: $0) } ?? "/")
    }
}

/// `MHD_AccessHandlerCallback`: see ``MHDAccessCall`` for when MHD calls it.
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
    // The URI log callback always runs first and fills the slot.
    guard let closure, let connection, let request = requestSlot?.pointee else { return .NO }
    var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    if let uploadDataSize, uploadDataSize.pointee > 0, let uploadData {
        chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
        // Every byte is consumed: the responder keeps or discards it.
        uploadDataSize.pointee = 0
    }
    let call = MHDAccessCall(connection: MHDConnection(pointer: connection), method: method, version: version, uploadChunk: chunk)
    return Unmanaged<MHDCallbackContext>.fromOpaque(closure)._withUnsafeGuaranteedRef { context in
        context.watchdog?.headArrived(on: connection)
        return context.handle(request, call) ? .YES : .NO
    }
}

/// `MHD_OPTION_NOTIFY_COMPLETED`: the request is over (answered, failed or abandoned); frees
/// the state allocated in `mhdRequestStarted`.
func mhdRequestCompleted(
    _ closure: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let closure else { return }
    Unmanaged<MHDCallbackContext>.fromOpaque(closure)._withUnsafeGuaranteedRef { context in
        if let connection {
            context.watchdog?.requestCompleted(on: connection)
        }
        guard let requestSlot, let request = requestSlot.pointee else { return }
        requestSlot.pointee = nil
        context.finishRequest(request, MHDTermination(termination))
    }
}

/// `MHD_OPTION_NOTIFY_CONNECTION`: a connection opened or closed.
func mhdConnectionNotified(
    _ closure: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let closure, let connection, let socketContext else { return }
    let context = Unmanaged<MHDCallbackContext>.fromOpaque(closure).takeUnretainedValue()
    guard let watchdog = context.watchdog else { return }
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        socketContext.pointee = watchdog.connectionOpened(socket: cmhd_connection_fd(connection))
    case .CONNECTION_NOTIFY_CLOSED:
        if let record = socketContext.pointee {
            socketContext.pointee = nil
            watchdog.connectionClosed(record)
        }
    default:
        break
    }
}

/// The shim's `cmhd_log_line_callback`: one formatted MHD diagnostic.
func mhdLogLine(_ context: UnsafeMutableRawPointer?, _ line: UnsafePointer<CChar>?) {
    guard let context, let line else { return }
    let relay = Unmanaged<MHDLogRelay>.fromOpaque(context).takeUnretainedValue()
    relay.receive(String(cString: line))
}
