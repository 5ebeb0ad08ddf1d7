/// What the daemon hands libmicrohttpd as the `void *` closure of every callback: the responder
/// with its request type erased (C entry points cannot be generic), and the head-deadline
/// watchdog when there is one.
final class MHDCallbackContext: Sendable {
    let beginRequest: @Sendable (String) -> UnsafeMutableRawPointer
    let handle: @Sendable (UnsafeMutableRawPointer, MHDAccessCall) -> Bool
    let finishRequest: @Sendable (UnsafeMutableRawPointer, MHDTermination) -> Void
    let watchdog: RequestHeadWatchdog?

    init<Responder: MHDResponder>(responder: Responder, watchdog: RequestHeadWatchdog?) {
        beginRequest = { target in
            Unmanaged.passRetained(responder.beginRequest(rawTarget: target)).toOpaque()
        }
        handle = { request, call in
            responder.handle(Unmanaged<Responder.Request>.fromOpaque(request).takeUnretainedValue(), call)
        }
        finishRequest = { request, termination in
            responder.finishRequest(Unmanaged<Responder.Request>.fromOpaque(request), termination: termination)
        }
        self.watchdog = watchdog
    }
}
