@testable import MockServer
import Testing

/// Headers libmicrohttpd refuses are never dropped silently.
@Suite struct MHDResponseTests {
    @Test func aRefusedHeaderIsReportedAndTheOthersAreKept() throws {
        var refused: [(Int, String, String)] = []
        let table = try #require(MHDResponseTable.build([
            (headers: [(name: "X-Fine", value: "1"), (name: "X-Empty", value: "")], body: Array("{}".utf8)),
            (headers: [(name: "Connection", value: "keep-alive"), (name: "Content-Length", value: "9")], body: []),
        ]) { index, name, value in refused.append((index, name, value)) })
        #expect(table.responses.count == 2)
        #expect(refused.map { "\($0.0) \($0.1): \($0.2)" } == ["0 X-Empty: ", "1 Connection: keep-alive", "1 Content-Length: 9"])
    }

    @Test func aRefusalIsWordedWithTheHeaderAndTheAnswer() {
        #expect(RequestDispatcher.headerRefusal(name: "Connection", value: "keep-alive", answer: "a fixture's 503 answer")
            == "libmicrohttpd refused the response header 'Connection: keep-alive' of a fixture's 503 answer; it is not sent")
    }
}
