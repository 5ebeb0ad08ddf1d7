import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// Ephemeral, no cookies, no URL cache: the settings of ResonanceKit's default transport, so
    /// the hand-written baselines do the same network work.
    ///
    /// ```swift
    /// let session = URLSession(configuration: .benchmarkBaseline)
    /// ```
    static var benchmarkBaseline: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}
