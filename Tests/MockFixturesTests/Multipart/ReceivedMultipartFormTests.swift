import Testing
@testable import MockFixtures

@Suite("Parsing multipart/form-data bodies")
struct MultipartFormDataTests {
    private func parse(_ text: String, contentType: String = "multipart/form-data; boundary=XyZ") throws(MultipartError) -> ReceivedMultipartForm {
        try ReceivedMultipartForm(parsing: Array(text.utf8), contentType: contentType)
    }

    private func error(_ text: String, contentType: String = "multipart/form-data; boundary=XyZ") -> MultipartError? {
        do {
            _ = try parse(text, contentType: contentType)
            return nil
        } catch {
            return error
        }
    }

    @Test func splitsFieldsAndFiles() throws {
        var builder = MultipartBodyBuilder()
        builder.field("title", "Portrait")
        builder.file("avatar", filename: "luke.png", contentType: "image/png", content: [0x89, 0x50, 0x4E, 0x47])
        let form = try ReceivedMultipartForm(parsing: builder.finished, contentType: builder.contentType)
        #expect(form.boundary == builder.boundary)
        #expect(form.parts.map(\.name) == ["title", "avatar"])
        #expect(form.parts[0] == MultipartPart(name: "title", content: Array("Portrait".utf8)))
        #expect(form.parts[0].text == "Portrait")
        #expect(form.parts[1] == MultipartPart(name: "avatar", filename: "luke.png", contentType: "image/png", content: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func boundaryMayBeQuotedAndParametersInAnyOrderAndCase() throws {
        let body = "--a b;c\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n--a b;c--"
        for contentType in [#"multipart/form-data; boundary="a b;c""#, #"Multipart/Form-Data;charset=utf-8; BOUNDARY="a b;c""#] {
            let form = try parse(body, contentType: contentType)
            #expect(form.parts.map(\.text) == ["1"], "\(contentType)")
        }
    }

    @Test func ignoresPreambleEpilogueAndTransportPadding() throws {
        let body = "This is the preamble.\r\n--XyZ  \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nfirst\r\n--XyZ\r\ncontent-disposition: form-data; name=b\r\n\r\n\r\n--XyZ--\r\nepilogue --XyZ\r\n"
        let form = try parse(body)
        #expect(form.parts.map(\.name) == ["a", "b"])
        #expect(form.parts.map(\.text) == ["first", ""])
    }

    @Test func keepsBinaryContentWithLineBreaksAndDashes() throws {
        let content: [UInt8] = [0x0D, 0x0A, 0x2D, 0x2D, 0x58, 0x79, 0x0A, 0x00, 0xFF, 0x0D, 0x0A, 0x0D, 0x0A, 0x2D, 0x2D]
        var builder = MultipartBodyBuilder(boundary: "XyZ")
        builder.file("blob", filename: "data.bin", contentType: nil, content: content)
        builder.field("after", "yes")
        let form = try ReceivedMultipartForm(parsing: builder.finished, contentType: builder.contentType)
        #expect(form.parts.count == 2)
        #expect(form.parts[0].content == content)
        #expect(form.parts[0].contentType == nil)
        #expect(form.parts[0].filename == "data.bin")
        #expect(form.parts[1].text == "yes")
        #expect(form.parts(named: "blob").count == 1)
    }

    @Test func unescapesQuotedNamesAndKeepsUTF8() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"caf\u{e9} \\\"1\\\"\"; filename=\"r\u{e9}sum\u{e9}.pdf\"\r\n\r\nx\r\n--XyZ--\r\n"
        let part = try #require(try parse(body).parts.first)
        #expect(part.name == "caf\u{e9} \"1\"")
        #expect(part.filename == "r\u{e9}sum\u{e9}.pdf")
    }

    @Test func acceptsAnEmptyForm() throws {
        #expect(try parse("--XyZ--\r\n").parts.isEmpty)
    }

    @Test func refusesMalformedBodiesWithAReason() {
        #expect(error("--XyZ\r\n", contentType: "multipart/form-data") == .missingBoundary)
        #expect(error("--XyZ\r\n", contentType: #"multipart/form-data; boundary="""#) == .missingBoundary)
        #expect(error("") == .emptyBody)
        #expect(error("name=value") == .noDelimiter(boundary: "XyZ"))
        #expect(error("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncut off here") == .missingClosingDelimiter(boundary: "XyZ"))
        #expect(error("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ") == .missingClosingDelimiter(boundary: "XyZ"))
        #expect(error("--XyZ\r\nContent-Disposition: form-data\r\n\r\n1\r\n--XyZ--") == .partWithoutName(part: 1))
        #expect(error("--XyZ\r\nContent-Type: text/plain\r\n\r\n1\r\n--XyZ--") == .partWithoutName(part: 1))
        #expect(error("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n") == .unterminatedHeaders(part: 1))
        #expect(error("--XyZ\r\nnot a header\r\n\r\n1\r\n--XyZ--") == .malformedHeader(part: 1, line: "not a header"))
        #expect(error("--XyZjunk\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ--") == .junkAfterDelimiter(part: 1))
    }

    /// Bare-LF bodies are refused rather than guessed at: file content may hold LF bytes of its own.
    @Test func refusesBareLineFeeds() {
        #expect(error("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n--XyZ--\n") == .bareLineFeeds)
        #expect(error("preamble\n--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n--XyZ--\n") == .bareLineFeeds)
        #expect(error("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\n\n1\r\n--XyZ--\r\n") == .bareLineFeeds)
    }

    @Test func errorsSayWhatToDo() {
        #expect(MultipartError.missingBoundary.description.contains("boundary=…"))
        #expect(MultipartError.missingClosingDelimiter(boundary: "XyZ").description.contains(#""--XyZ--""#))
        #expect(MultipartError.partWithoutName(part: 2).description.contains(#"part 2 has no name: it needs a header Content-Disposition: form-data; name="…""#))
        #expect(MultipartError.bareLineFeeds.description.contains("CRLF"))
    }
}
