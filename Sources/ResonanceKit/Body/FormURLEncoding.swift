/// `application/x-www-form-urlencoded` as browsers send it (WHATWG URL standard): letters,
/// digits and `*-._` stay literal, a space becomes `+`, every other byte is `%XX`.
enum FormURLEncoding {
    static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "):
                encoded += "+"
            default:
                encoded += PercentEncoding.escape(byte)
            }
        }
        return encoded
    }
}
