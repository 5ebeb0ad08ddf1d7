import Foundation

extension APIEnvironment {
    /// The launch-environment variable UI tests set to point the app at a mock server.
    public static let mockBaseURLVariable = "RESONANCE_MOCK_BASE_URL"

    /// `fallback`, pointed at the base URL in the process environment variable `variable` when it
    /// is set — the one line an app needs so an XCUITest can run it against `mockserver`.
    ///
    /// ```swift
    /// // In the app:
    /// session.environment = .fromLaunchEnvironment(fallback: .production)
    /// // In the UI test:
    /// app.launchEnvironment[APIEnvironment.mockBaseURLVariable] = "http://127.0.0.1:8080"
    /// ```
    ///
    /// The result is named `mock` and keeps the fallback's headers, timeout and cache policy. A
    /// value that is not an absolute `http`/`https` URL is ignored (the fallback is used) and
    /// stops debug builds with an assertion naming the variable, so a typo cannot go unnoticed.
    public static func fromLaunchEnvironment(
        _ variable: String = mockBaseURLVariable,
        fallback: APIEnvironment,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> APIEnvironment {
        guard let value = environment[variable], !value.isEmpty else { return fallback }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            assertionFailure("\(variable)=\(value) is not an absolute http(s) URL such as http://127.0.0.1:8080; using \(fallback.name)")
            return fallback
        }
        var mock = fallback
        mock.name = "mock"
        mock.baseURL = url
        return mock
    }
}
