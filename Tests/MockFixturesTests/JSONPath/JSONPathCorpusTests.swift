import Foundation
import Testing
@testable import MockFixtures

/// The evaluator against `Tests/JSONPathCorpus/corpus.json`: 526 RFC 9535 cases whose results
/// three independent implementations computed (its README says how).
@Suite("JSONPath corpus (RFC 9535)")
struct JSONPathCorpusTests {
    struct Case: CustomStringConvertible {
        let name: String
        let query: String
        let document: JSONValue?
        let result: [JSONNode]?
        let unordered: Bool
        var description: String { "\(name): \(query)" }
    }

    static let cases: [Case] = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        let path = url.appendingPathComponent("Tests/JSONPathCorpus/corpus.json").path
        guard let data = FileManager.default.contents(atPath: path),
              case .array(let elements) = (try? JSONParser.parse(Array(data)))?.root.value else { return [] }
        return elements.map { element in
            let value = element.value
            var result: [JSONNode]?
            if case .array(let nodes)? = value["result"] { result = nodes }
            return Case(name: value["name"]?.stringValue ?? "", query: value["query"]?.stringValue ?? "", document: value["document"],
                        result: value["invalid"] == .bool(true) ? nil : result, unordered: value["unordered"] == .bool(true))
        }
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count == 526, "Tests/JSONPathCorpus/corpus.json is missing or unreadable")
        #expect(Self.cases.filter { $0.result == nil }.count == 96)
    }

    @Test(arguments: cases.filter { $0.result == nil })
    func refuses(_ corpusCase: Case) {
        #expect(throws: JSONPathSyntaxError.self, "\(corpusCase)") { try JSONPathQuery(corpusCase.query) }
    }

    @Test(arguments: cases.filter { $0.result != nil })
    func selects(_ corpusCase: Case) throws {
        let query = try JSONPathQuery(corpusCase.query)
        let selected = query.select(from: try #require(corpusCase.document))
        let expected = try #require(corpusCase.result).map(\.value)
        let shown = "\(corpusCase): got \(selected.map { JSONValue.excerpt($0) }), expected \(expected.map { JSONValue.excerpt($0) })"
        if corpusCase.unordered {
            #expect(selected.count == expected.count && DistinctAssignment.firstUnassigned(expected: expected.count, actual: selected.count, accepts: {
                expected[$0] == selected[$1]
            }) == nil, "\(shown)")
        } else {
            #expect(selected.count == expected.count && zip(selected, expected).allSatisfy { $0 == $1 }, "\(shown)")
        }
    }
}
