import TestSupport
import Testing
@testable import MockFixtures

@Suite("Matching multipart/form-data bodies")
struct MultipartMatchingTests {
    let tree: TemporaryFolder
    let store: FixtureStore

    init() throws {
        tree = try TemporaryFolder()
        try tree.write("uploads.json", """
        [
          {"method": "POST", "request": {"name": "Rey", "age": 19, "avatar": {"filename": "avatar.png", "contentType": "image/png"}}, "status": 201},
          {"method": "POST", "request": {"tags": ["a", "b"], "doc": {"contentType": "application/pdf"}}, "status": 202},
          {"method": "POST", "request": {"nested": {"size": 1}}, "status": 203},
          {"method": "POST", "status": 422}
        ]
        """)
        try tree.write("strict.json", #"[{"method": "POST", "request": {"name": "Rey"}, "status": 201}]"#)
        try tree.write("json.json", #"[{"method": "POST", "request": ["Rey"], "status": 201}]"#)
        store = try tree.load()
        #expect(store.problems == [])
    }

    private func post(_ target: String, _ builder: MultipartBodyBuilder, contentType: String? = nil) -> MockResponse {
        store.respond(method: "POST", target: target, headers: ["Content-Type": contentType ?? builder.contentType], body: builder.finished)
    }

    private func reasons(_ response: MockResponse, entry: Int) throws -> [String] {
        let candidates = try #require(try response.jsonObject()["candidates"] as? [[String: Any]])
        return try #require(candidates[entry]["reasons"] as? [String])
    }

    private static func rey(filename: String = "avatar.png", contentType: String? = "image/png", name: String = "Rey") -> MultipartBodyBuilder {
        var builder = MultipartBodyBuilder()
        builder.field("name", name)
        builder.field("age", "19")
        builder.field("extra", "ignored")
        builder.file("avatar", filename: filename, contentType: contentType, content: [0x89, 0x50, 0x0D, 0x0A])
        return builder
    }

    @Test func matchesFieldsAsTextAndFilePartsByNameAndType() {
        let response = post("/uploads", Self.rey())
        #expect(response.status == 201)
        #expect(response.outcome == .matched(file: "uploads.json", entry: 0))
        #expect(post("/uploads", Self.rey(contentType: "IMAGE/PNG; foo=bar")).status == 201)
    }

    @Test func fallsBackWhenAPartDiffers() {
        #expect(post("/uploads", Self.rey(filename: "a.jpg")).status == 422)
        #expect(post("/uploads", Self.rey(contentType: "image/jpeg")).status == 422)
        #expect(post("/uploads", Self.rey(contentType: nil)).status == 422)
        #expect(post("/uploads", Self.rey(name: "Finn")).status == 422)
    }

    @Test func repeatedPartsAndContentTypeOnly() {
        var builder = MultipartBodyBuilder()
        builder.field("tags", "b")
        builder.field("tags", "a")
        builder.file("doc", filename: "plans.pdf", contentType: "application/pdf", content: Array("%PDF".utf8))
        #expect(post("/uploads", builder).status == 202)
        builder.field("tags", "c")
        #expect(post("/uploads", builder).status == 422)
    }

    @Test func explainsEachDifference() throws {
        #expect(try reasons(post("/strict", Self.rey(name: "Finn")), entry: 0) == [#"multipart part 'name' is "Finn", expected "Rey""#])
        var empty = MultipartBodyBuilder()
        empty.field("other", "x")
        #expect(try reasons(post("/strict", empty), entry: 0) == [#"missing multipart part 'name' (expected "Rey")"#])

        // uploads.json has a wildcard POST, so misses are explained through a file without one.
        try tree.write("avatar.json", #"[{"method": "POST", "request": {"avatar": {"filename": "avatar.png", "contentType": "image/png"}}}]"#)
        let avatarStore = try tree.load()
        func avatarReasons(_ builder: MultipartBodyBuilder) throws -> [String] {
            let response = avatarStore.respond(method: "POST", target: "/avatar", headers: ["content-type": builder.contentType], body: builder.finished)
            #expect(response.status == 404)
            return try reasons(response, entry: 0)
        }
        #expect(try avatarReasons(empty) == ["missing multipart part 'avatar'"])
        #expect(try avatarReasons(Self.rey(filename: "a.jpg")) == [#"multipart part 'avatar' has filename "a.jpg", expected "avatar.png""#])
        #expect(try avatarReasons(Self.rey(filename: "a.jpg", contentType: nil)) == [
            #"multipart part 'avatar' has filename "a.jpg", expected "avatar.png""#,
            #"multipart part 'avatar' has no content type, expected "image/png""#,
        ])
        #expect(try avatarReasons(Self.rey(contentType: "image/gif")) == [#"multipart part 'avatar' has content type "image/gif", expected "image/png""#])
        var plainField = MultipartBodyBuilder()
        plainField.field("avatar", "not a file")
        #expect(try avatarReasons(plainField) == [#"multipart part 'avatar' has no filename, expected "avatar.png""#, #"multipart part 'avatar' has no content type, expected "image/png""#])
    }

    @Test func anObjectWithoutFileKeysCanNeverMatch() throws {
        var builder = MultipartBodyBuilder()
        builder.field("nested", #"{"size":1}"#)
        #expect(post("/uploads", builder).status == 422)
        try tree.write("nested.json", #"[{"method": "POST", "request": {"nested": {"size": 1}}}]"#)
        let nestedStore = try tree.load()
        #expect(nestedStore.problems == [], "any JSON is accepted at load time")
        let response = nestedStore.respond(method: "POST", target: "/nested", headers: ["Content-Type": builder.contentType], body: builder.finished)
        #expect(try reasons(response, entry: 0) == [
            #"multipart part 'nested' can never match: the entry expects an object without "filename" or "contentType", which is how a file part is described"#,
        ])
    }

    @Test func malformedBodiesNeverMatchAConstrainedEntryAndSayWhy() throws {
        var builder = Self.rey()
        let cutOff = Array(builder.finished.dropLast(12))
        let response = store.respond(method: "POST", target: "/strict", headers: ["Content-Type": builder.contentType], body: cutOff)
        #expect(response.status == 404)
        #expect(try reasons(response, entry: 0) == [
            #"request body is malformed multipart/form-data: the closing delimiter "--\#(builder.boundary)--" is missing (the body may be cut off)"#,
        ])
        let noBoundary = store.respond(method: "POST", target: "/uploads", headers: ["Content-Type": "multipart/form-data"], body: builder.finished)
        #expect(noBoundary.status == 422, "the wildcard entry still answers")
        let strictNoBoundary = store.respond(method: "POST", target: "/strict", headers: ["Content-Type": "multipart/form-data"], body: builder.finished)
        #expect(try reasons(strictNoBoundary, entry: 0).first?.hasPrefix("request body is malformed multipart/form-data: the Content-Type has no boundary parameter") == true)
        builder.part(headers: ["Content-Type: text/plain"], content: [])
        let unnamed = store.respond(method: "POST", target: "/strict", headers: ["Content-Type": builder.contentType], body: builder.finished)
        #expect(try reasons(unnamed, entry: 0) == [#"request body is malformed multipart/form-data: part 5 has no name: it needs a header Content-Disposition: form-data; name="…""#])
        let empty = store.respond(method: "POST", target: "/strict", headers: ["Content-Type": builder.contentType], body: [])
        #expect(try reasons(empty, entry: 0).first == #"request has no body, so the entry's "request" was compared with its query parameters"#)
    }

    @Test func aNonObjectRequestCannotMatchAForm() throws {
        let response = post("/json", Self.rey())
        #expect(try reasons(response, entry: 0) == [#"request body is multipart/form-data, but the entry expects the JSON body ["Rey"]"#])
    }
}
