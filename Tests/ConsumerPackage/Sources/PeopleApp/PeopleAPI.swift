import Foundation
import ResonanceKit

public struct Person: Codable, Sendable, Equatable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

public struct APIError: Decodable, Sendable, Error {
    public let error: String
}

/// The app's API client: production by default, any base URL in tests.
public struct PeopleAPI: Sendable {
    let session: JSONSession

    public init(baseURL: URL) {
        session = JSONSession(baseURL: baseURL)
    }

    public func people() async throws -> [Person] {
        try await JSONRequest<[Person], APIError>(method: .get, path: "api/people", session: session).perform()
    }

    public func add(_ name: String) async throws -> Person {
        try await JSONRequest<Person, APIError>(method: .post, path: "api/people", session: session).perform(parameters: ["name": name])
    }
}
