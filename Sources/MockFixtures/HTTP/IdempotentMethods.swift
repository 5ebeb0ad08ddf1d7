/// Methods whose request may be sent again with the same effect (RFC 9110 §9.2.2): what the
/// upstream client repeats on its own, and what a stopping server tells a client it may repeat.
///
/// ```swift
/// IdempotentMethods.contains("PUT")    // true
/// IdempotentMethods.contains("POST")   // false
/// ```
package enum IdempotentMethods {
    static let names: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// Whether `method` (upper-case, as sent) is idempotent.
    package static func contains(_ method: String) -> Bool {
        names.contains(method)
    }
}
