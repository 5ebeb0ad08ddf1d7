import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fixture body sent with `Content-Encoding: gzip` or `deflate` reaches the app decoded on both
/// fronts, as URLSession decodes it over a socket, with the headers as sent (the encoding named,
/// the compressed length stated).
@Suite("Content-Encoding, over sockets and in-process")
struct ContentEncodingTests {
    /// `{"a": 1}` gzipped, `{"a": 2}` in zlib's format and `{"a": 3}` as raw DEFLATE (which
    /// servers send as "deflate" too), made with Python's zlib.
    static let gzip: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x4a, 0x54, 0xb2, 0x52, 0x30, 0xac, 0x05, 0x00, 0x97, 0x8e, 0xa1, 0xfb, 0x08, 0x00, 0x00, 0x00]
    static let zlib: [UInt8] = [0x78, 0x9c, 0xab, 0x56, 0x4a, 0x54, 0xb2, 0x52, 0x30, 0xaa, 0x05, 0x00, 0x09, 0xe7, 0x02, 0x2a]
    static let rawDeflate: [UInt8] = [0xab, 0x56, 0x4a, 0x54, 0xb2, 0x52, 0x30, 0xae, 0x05, 0x00]

    static let files = [
        "api/gz.json": #"{"headers": {"Content-Encoding": "gzip", "Content-Type": "application/json"}, "responseFile": "bodies/a.gz"}"#,
        "api/zlib.json": #"{"headers": {"Content-Encoding": "deflate", "Content-Type": "application/json"}, "responseFile": "bodies/a.zz"}"#,
        "api/raw.json": #"{"headers": {"Content-Encoding": "Deflate", "Content-Type": "application/json"}, "responseFile": "bodies/a.deflate"}"#,
        "api/listed.json": #"{"headers": {"Content-Encoding": "gzip, identity", "Content-Type": "application/json"}, "responseFile": "bodies/a.gz"}"#,
    ]
    static let bodies = ["bodies/a.gz": gzip, "bodies/a.zz": zlib, "bodies/a.deflate": rawDeflate]

    @Test(arguments: ControlFront.allCases)
    func gzipAndDeflateBodiesArriveDecodedWithTheirHeadersAsSent(front: ControlFront) async throws {
        try await front.run(files: Self.files, binaryFiles: Self.bodies) { harness in
            for (path, value, coding, length) in [("gz", 1, "gzip", Self.gzip.count), ("zlib", 2, "deflate", Self.zlib.count),
                                                  ("raw", 3, "Deflate", Self.rawDeflate.count), ("listed", 1, "gzip, identity", Self.gzip.count)] {
                let answer = try await harness.session.send(HTTPRequest(path: path))
                #expect(try JSONSerialization.jsonObject(with: answer.body) as? [String: Int] == ["a": value], "\(path): \(String(decoding: answer.body, as: UTF8.self))")
                #expect(answer.headers["Content-Encoding"] == coding, "\(path)")
                #expect(answer.headers["Content-Length"] == String(length), "\(path): the length sent, before decoding")
            }
            let head = try await harness.session.send(HTTPRequest(method: .head, path: "gz"))
            #expect(head.body.isEmpty)
            #expect(head.headers["Content-Length"] == String(Self.gzip.count))
        }
    }

    /// A fixture whose body does not decode is a broken fixture: the in-process front says so
    /// with Apple's error. (Linux's URLSession is erratic here: it throws for a wrong CRC-32 but
    /// hands over a cut stream's partial output, or nothing for garbage.)
    @Test func aBodyThatDoesNotDecodeThrowsCannotDecodeContentData() async throws {
        var wrongChecksum = Self.gzip
        wrongChecksum[wrongChecksum.count - 8] ^= 0xff
        try await ControlFront.inProcess.run(files: Self.files, binaryFiles: ["bodies/a.gz": wrongChecksum, "bodies/a.zz": Array(Self.zlib.dropLast(3))]) { harness in
            for path in ["gz", "zlib"] {
                let error = await #expect(throws: RequestError<Data>.self) { try await harness.session.send(HTTPRequest(path: path)) }
                guard case .transport(let transportError) = error?.kind, let underlying = transportError as? URLError else {
                    Issue.record("\(path): \(String(describing: error))")
                    continue
                }
                #expect(underlying.code == .cannotDecodeContentData)
                #expect(underlying.localizedDescription.contains("the fixture's Content-Encoding: \(path == "gz" ? "gzip" : "deflate") body cannot be decoded"),
                        "\(underlying.localizedDescription)")
            }
        }
    }

    /// Brotli needs a decoder of its own (with a 120 KB dictionary); the in-process front hands
    /// a `br` body over as it is, where URLSession over a socket would decode it.
    @Test func aCodingItCannotDecodeIsHandedOverAsItIs() async throws {
        let files = ["api/br.json": #"{"headers": {"Content-Encoding": "br"}, "responseFile": "bodies/a.br"}"#]
        try await ControlFront.inProcess.run(files: files, binaryFiles: ["bodies/a.br": Array("not decoded".utf8)]) { harness in
            let answer = try await harness.session.send(HTTPRequest(path: "br"))
            #expect(try answer.text() == "not decoded")
        }
    }
}
