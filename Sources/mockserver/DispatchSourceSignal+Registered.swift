import Dispatch

extension DispatchSourceSignal {
    /// Resumes the source and returns once libdispatch has registered it, or after `seconds`.
    ///
    /// On Linux the registration (libdispatch's own `sigaction` handler and `signalfd`) happens
    /// later, on its manager thread. Until then the signal keeps the disposition set before
    /// (`SIG_IGN`), so one that arrives is lost: a SIGTERM a busy CI machine sends right after
    /// "listening on" would leave the server running. Waiting here closes that window before
    /// the server says it is listening.
    func resumeRegistered(within seconds: Double = 10) {
        let registered = DispatchSemaphore(value: 0)
        setRegistrationHandler { registered.signal() }
        resume()
        _ = registered.wait(timeout: .now() + seconds)
    }
}
