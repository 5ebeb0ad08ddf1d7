#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request method as a Swift string, without building one for the common methods (string
/// literals given to `strcmp` are constant C strings: no copy, no allocation).
enum HTTPMethodName {
    /// `method` as sent (`GET` when MHD gave none).
    static func string(_ method: UnsafePointer<CChar>?) -> String {
        guard let method else { return "GET" }
        if strcmp(method, "GET") == 0 { return "GET" }
        if strcmp(method, "POST") == 0 { return "POST" }
        if strcmp(method, "PUT") == 0 { return "PUT" }
        if strcmp(method, "DELETE") == 0 { return "DELETE" }
        if strcmp(method, "HEAD") == 0 { return "HEAD" }
        if strcmp(method, "PATCH") == 0 { return "PATCH" }
        return String(cString: method)
    }
}
