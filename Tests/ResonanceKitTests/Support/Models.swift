import Foundation

/// SWAPI-style models used across the tests.
struct People: Decodable, Sendable, Equatable {
    let count: Int
    let next: URL?
    let previous: URL?
    let results: [Person]
}

struct Person: Decodable, Sendable, Equatable {
    let name: String
    let birthYear: String
    let eyeColor: String
    let created: Date
    let edited: Date
    let url: URL
}

struct Account: Decodable, Sendable, Equatable {
    let id: Int
    let username: String
    let displayName: String
    let created: Date
    let lastLogin: Date
}

struct SlowAnswer: Decodable, Sendable, Equatable {
    let message: String
    let delayMs: Int
}

struct NewPerson: Encodable, Sendable {
    let name: String
    let birthYear: String?
}

/// The error body our fixtures and services send: `{"error": {"code": …, "message": …, "fields": …}}`.
struct APIError: Decodable, Sendable, Equatable {
    struct Detail: Decodable, Sendable, Equatable {
        let code: String
        let message: String
        var fields: [String: [String]]? = nil
    }

    let error: Detail
}

enum SampleJSON {
    static let lukeCreated = "2014-12-09T13:50:51.644000Z"

    static func person(name: String = "Luke Skywalker", birthYear: String = "\"19BBY\"") -> String {
        """
        {"name": "\(name)", "birth_year": \(birthYear), "eye_color": "blue",
         "created": "\(lukeCreated)", "edited": "2014-12-20T21:17:56.891000Z",
         "url": "https://swapi.dev/api/people/1/"}
        """
    }

    static func people(_ persons: [String]) -> String {
        """
        {"count": \(persons.count), "next": null, "previous": null, "results": [\(persons.joined(separator: ","))]}
        """
    }
}
