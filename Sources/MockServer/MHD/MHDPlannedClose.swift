#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mark on the current worker thread that the responder is about to make libmicrohttpd close
/// a connection on purpose: an access handler returning false, or a content reader answering
/// ``MHDContentChunk/abort``, to produce a network fault a fixture asked for.
///
/// libmicrohttpd logs such closes as errors ("Application reported internal error, closing
/// connection.", "Closing connection (application reported error generating data).") through
/// its external logger, synchronously on the same thread, before it reports the request
/// complete. ``MHDLogRelay`` drops the one line logged while the mark is set; the request-end
/// notification clears a mark no line consumed (a library built without messages).
enum MHDPlannedClose {
    /// One key per process: the mark is a non-nil value under it.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        return key
    }()

    /// Any non-nil value; nothing points to it.
    private static var mark: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: 1) }

    /// The next diagnostic libmicrohttpd logs on this thread is the planned close.
    ///
    /// Maps to `pthread_setspecific`.
    static func announce() {
        _ = pthread_setspecific(key, mark)
    }

    /// Whether a planned close was announced on this thread and not yet taken; clears it.
    ///
    /// Maps to `pthread_getspecific` and `pthread_setspecific`.
    static func take() -> Bool {
        guard pthread_getspecific(key) != nil else { return false }
        _ = pthread_setspecific(key, nil)
        return true
    }
}
