import MockFixtures

/// Replaces the values of chosen object keys, at any depth: with `"REDACTED"` in recorded
/// answers, and with the matcher `{"$any": true}` in recorded `request` constraints, so that the
/// secret is not written and the request still matches when it is replayed (a login recorded
/// with `--redact password` answers the app's next login, whatever its password).
enum Redaction {
    /// What redacted values of a `request` constraint become: present, with any value.
    static let anyValue = JSONValue.makeObject([("$any", .bool(true))])

    /// `value` with every member named in `keys` (ignoring case: `token` hides `Token` too, a
    /// secret being worth more than the odd over-redaction) holding `replacement`
    /// (``RecorderOptions/redactedText`` by default); arrays and nested objects are searched too.
    static func apply(to value: JSONValue, keys: Set<String>, replacement: JSONValue = .string(RecorderOptions.redactedText)) -> JSONValue {
        guard !keys.isEmpty else { return value }
        return apply(to: value, lowercasedKeys: Set(keys.map { $0.lowercased() }), replacement: replacement)
    }

    private static func apply(to value: JSONValue, lowercasedKeys keys: Set<String>, replacement: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { member in
                var copy = member
                copy.value.value = keys.contains(member.key.lowercased())
                    ? replacement
                    : apply(to: member.value.value, lowercasedKeys: keys, replacement: replacement)
                return copy
            })
        case .array(let elements):
            return .array(elements.map { element in
                var copy = element
                copy.value = apply(to: element.value, lowercasedKeys: keys, replacement: replacement)
                return copy
            })
        default:
            return value
        }
    }

    /// A form body (`a=1&token=x`) with the value of each field named in `keys` (ignoring case)
    /// replaced by ``RecorderOptions/redactedText``, the other fields byte for byte as sent; nil
    /// when no field is named.
    static func apply(toForm body: [UInt8], keys: Set<String>) -> [UInt8]? {
        let lowercased = Set(keys.map { $0.lowercased() })
        var redactedAny = false
        let fields = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { field -> [UInt8] in
            let nameEnd = field.firstIndex(of: UInt8(ascii: "=")) ?? field.endIndex
            let name = PercentDecoding.decodeFormComponent(field[field.startIndex..<nameEnd]).lowercased()
            guard lowercased.contains(name) else { return Array(field) }
            redactedAny = true
            return Array(field[field.startIndex..<nameEnd]) + Array("=\(RecorderOptions.redactedText)".utf8)
        }
        guard redactedAny else { return nil }
        return Array(fields.joined(separator: [UInt8(ascii: "&")]))
    }

    /// The first of `keys` that `body` names as a key a value follows, ignoring ASCII case: the
    /// name (not inside a longer word) followed, after closing quotes (escaped or not) and
    /// spaces, by `:`, `=` or `>` — `"token": …`, `token=…`, `token: …`, `<token>…`. For bodies that are
    /// written as they came, which the structured redaction could not read.
    static func mentionedKey(of keys: Set<String>, in body: [UInt8]) -> String? {
        for key in keys.sorted() {
            let needle = Array(key.lowercased().utf8)
            guard !needle.isEmpty, needle.count <= body.count else { continue }
            var start = 0
            while start + needle.count <= body.count {
                defer { start += 1 }
                guard lowercasedASCII(body[start]) == needle[0],
                      (0..<needle.count).allSatisfy({ lowercasedASCII(body[start + $0]) == needle[$0] }) else { continue }
                if start > 0, isWordByte(body[start - 1]) { continue }
                var next = start + needle.count
                if next < body.count, isWordByte(body[next]) { continue }
                // Closing quotes, escaped ones (JSON kept in a string: `\"`) and spaces.
                while next < body.count, [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(body[next]) {
                    next += 1
                }
                if next < body.count, [UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(body[next]) { return key }
            }
        }
        return nil
    }

    /// The first of `keys` that `body` contains as a word, ignoring ASCII case: not inside a
    /// longer name (`token` in `a,token,b` or `| token |`, not in `tokens` or `csrf_token`).
    static func mentionedWord(of keys: Set<String>, in body: [UInt8]) -> String? {
        for key in keys.sorted() {
            let needle = Array(key.lowercased().utf8)
            guard !needle.isEmpty, needle.count <= body.count else { continue }
            for start in 0...(body.count - needle.count)
            where (0..<needle.count).allSatisfy({ lowercasedASCII(body[start + $0]) == needle[$0] }) {
                let before = start > 0 ? body[start - 1] : nil
                let after = start + needle.count < body.count ? body[start + needle.count] : nil
                if !(before.map(isWordByte) ?? false), !(after.map(isWordByte) ?? false) { return key }
            }
        }
        return nil
    }

    /// The first of `keys` that `body` (several lines: a CSV, a table) holds as a cell of a row:
    /// between delimiters (`,` `;` `|` tab) or a line's start and end, spaces and quotes aside,
    /// in a line of two cells or more, none of them a phrase: `user,token`, `"user","token"` or
    /// `| token |`, not `your token,` in a sentence.
    static func mentionedCell(of keys: Set<String>, in body: [UInt8]) -> String? {
        let delimiters: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "\t")]
        let lineEnds: Set<UInt8> = [UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        let padding: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'")]
        for line in body.split(whereSeparator: { lineEnds.contains($0) }) {
            let cells = line.split(whereSeparator: { delimiters.contains($0) }).map { cell in
                String(decoding: cell.drop { padding.contains($0) }.reversed().drop { padding.contains($0) }.reversed(), as: UTF8.self)
            }
            // A row of a table: two cells or more, none of them a phrase ("a password, token,
            // or passkey" is a sentence, not a header row).
            guard cells.count >= 2, !cells.contains(where: { $0.split(separator: " ").count > 2 }) else { continue }
            for name in cells.map({ $0.lowercased() }) {
                if let key = keys.sorted().first(where: { $0.lowercased() == name }) { return key }
            }
        }
        return nil
    }

    /// The first of `keys` a string value of `value` holds as a document would: a member of JSON
    /// kept in the string (read with its escapes), a key with a value after it
    /// (``mentionedKey(of:in:)``: a form, also percent-encoded, or JSON escaped once more), or,
    /// in a string of several lines, a cell of a CSV or a table (``mentionedCell(of:in:)``). A
    /// message that only mentions the word (`"invalid token"`, `"rotate your token,\nthen…"`) is
    /// not a secret.
    static func keyInStringValues(of keys: Set<String>, in value: JSONValue) -> String? {
        guard !keys.isEmpty else { return nil }
        switch value {
        case .string(let text):
            let bytes = Array(text.utf8)
            // JSON kept in the string, its escapes (`tok\u0065n`) read as the parser reads them.
            let whitespace: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
            if let first = bytes.first(where: { !whitespace.contains($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
               let inner = try? JSONParser.parse(bytes) {
                if let key = keys.sorted().first(where: { Redaction.apply(to: inner.root.value, keys: [$0]) != inner.root.value }) { return key }
                if let key = keyInStringValues(of: keys, in: inner.root.value) { return key }
            }
            if bytes.contains(UInt8(ascii: "\n")) || bytes.contains(UInt8(ascii: "\r")), let key = mentionedCell(of: keys, in: bytes) {
                return key
            }
            return mentionedKey(of: keys, in: bytes)
                ?? (bytes.contains(UInt8(ascii: "%")) ? mentionedKey(of: keys, in: Array(PercentDecoding.decodeFormComponent(bytes).utf8)) : nil)
        case .object(let members):
            for member in members {
                if let key = keyInStringValues(of: keys, in: member.value.value) { return key }
            }
            return nil
        case .array(let elements):
            for element in elements {
                if let key = keyInStringValues(of: keys, in: element.value) { return key }
            }
            return nil
        default:
            return nil
        }
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// `headers` with the query parameters named in `keys` (ignoring case) in a `Location`
    /// replaced by ``RecorderOptions/redactedText``: an OAuth redirect hands the code or token on
    /// in its Location (`/callback?token=…&state=…`).
    static func apply(toLocationIn headers: [HTTPHeader], keys: Set<String>) -> [HTTPHeader] {
        guard !keys.isEmpty else { return headers }
        return headers.map { header in
            guard header.name.lowercased() == "location",
                  let question = header.value.firstIndex(of: "?") else { return header }
            let fragment = header.value[question...].firstIndex(of: "#") ?? header.value.endIndex
            let query = Array(header.value[header.value.index(after: question)..<fragment].utf8)
            guard let redacted = apply(toForm: query, keys: keys) else { return header }
            return HTTPHeader(name: header.name, value: String(header.value[...question]) + String(decoding: redacted, as: UTF8.self)
                + String(header.value[fragment...]))
        }
    }

    /// `headers` with the value of each one named in `keys` (ignoring case) replaced: an
    /// `X-Api-Key` the upstream echoes is a secret like a JSON `token`.
    static func apply(to headers: [HTTPHeader], keys: Set<String>) -> [HTTPHeader] {
        guard !keys.isEmpty else { return headers }
        let lowercased = Set(keys.map { $0.lowercased() })
        return headers.map { lowercased.contains($0.name.lowercased()) ? HTTPHeader(name: $0.name, value: RecorderOptions.redactedText) : $0 }
    }
}
