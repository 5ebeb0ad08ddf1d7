/// `//` and `/* */` comments outside strings, which WireMock's JSON reader accepts and ours does
/// not (audit I1); each becomes spaces (line breaks kept), so positions stay where they were.
enum JSONComments {
    static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        var inString = false
        while index < result.count {
            let byte = result[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/"), index + 1 < result.count {
                if result[index + 1] == UInt8(ascii: "/") {
                    while index < result.count, result[index] != UInt8(ascii: "\n") {
                        result[index] = UInt8(ascii: " ")
                        index += 1
                    }
                    continue
                }
                if result[index + 1] == UInt8(ascii: "*") {
                    var end = index + 2
                    while end + 1 < result.count, !(result[end] == UInt8(ascii: "*") && result[end + 1] == UInt8(ascii: "/")) { end += 1 }
                    let stop = min(end + 2, result.count)
                    for blank in index..<stop where result[blank] != UInt8(ascii: "\n") { result[blank] = UInt8(ascii: " ") }
                    index = stop
                    continue
                }
            }
            index += 1
        }
        return result
    }
}
