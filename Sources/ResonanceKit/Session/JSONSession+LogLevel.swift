extension JSONSession {
    /// How much a session logs through its `logger`.
    ///
    /// `Authorization` values are always masked (`Bearer ***`) in logs.
    ///
    /// ```swift
    /// session.logLevel = .response
    /// ```
    public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
        /// Nothing is logged.
        case none
        /// Method and URL at `.info`, plus a ready-to-paste `curl` command at `.debug`.
        case request
        /// Everything from ``request``, plus status and duration at `.info` and
        /// the first bytes of request and response bodies at `.debug`.
        case response

        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }
}
