import Foundation
import ResonanceKit
import Testing

@Suite("Choosing the mock from the launch environment")
struct LaunchEnvironmentTests {
    static let production = APIEnvironment(name: "production", baseURL: URL(string: "https://api.example.com/v2")!,
                                           headers: ["X-Client": "demo"], timeout: 20)

    @Test func theVariablePointsTheFallbackAtTheMock() {
        let environment = APIEnvironment.fromLaunchEnvironment(
            fallback: Self.production, environment: [APIEnvironment.mockBaseURLVariable: "http://127.0.0.1:8080/v2"])
        #expect(environment.name == "mock")
        #expect(environment.baseURL.absoluteString == "http://127.0.0.1:8080/v2")
        #expect(environment.headers == ["X-Client": "demo"])
        #expect(environment.timeout == 20)
    }

    @Test func withoutTheVariableTheFallbackIsUsed() {
        #expect(APIEnvironment.fromLaunchEnvironment(fallback: Self.production, environment: [:]) == Self.production)
        #expect(APIEnvironment.fromLaunchEnvironment(fallback: Self.production, environment: [APIEnvironment.mockBaseURLVariable: ""]) == Self.production)
        #expect(APIEnvironment.fromLaunchEnvironment("OTHER", fallback: Self.production,
                                                     environment: ["OTHER": "https://staging.example.com"]).baseURL.host == "staging.example.com")
    }
}
