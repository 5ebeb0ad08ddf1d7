import MockFixtures

/// An existing (or new) fixture file, parsed just enough to merge a recorded entry into it:
/// the entries' methods and constraints, and where each entry's text lies, so everything else
/// in the file stays byte for byte as it was.
struct FixtureDocument {
    /// What the recorder needs to know about one entry already in the file.
    struct Entry {
        let method: String
        /// Nil for a wildcard (`request` absent, `null` or `{}`).
        let request: JSONValue?
        /// Nil when there is no `query` (absent, `null` or `{}`).
        let query: JSONValue?
        /// `requestHeaders`, `requestCookies`, `requestJsonPath`, `requestBody`, `pathParameters`, `"queryMatch": "exact"`, `times`, a
        /// scenario `state` or a `priority` make it a different matching rule than anything recorded: it is neither
        /// replaced nor looked at for placing a recorded entry.
        let hasOtherConstraints: Bool
        let responseFile: String?
        /// Its `priority`, when it has a whole number there.
        let priority: Int?
    }

    private enum Layout {
        case new
        case array(whole: Range<Int>, elements: [Range<Int>])
        case singleObject(Range<Int>)
    }

    let entries: [Entry]
    private let bytes: [UInt8]
    private let layout: Layout

    /// A document for a file that does not exist yet.
    static let empty = FixtureDocument(entries: [], bytes: [], layout: .new)

    private init(entries: [Entry], bytes: [UInt8], layout: Layout) {
        self.entries = entries
        self.bytes = bytes
        self.layout = layout
    }

    /// Parses `bytes` of `file` (relative path, for errors). A file that is not JSON, or not an
    /// array of entries or one entry object, is refused, never overwritten.
    init(parsing bytes: [UInt8], file: String) throws(RecordError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes).root.value
        } catch {
            throw .unparseableFixture(file: file, problem: "\(error.position): \(error.message)")
        }
        // A resource declaration, also one wrapped in an array by mistake: its items are the test
        // data, and a recorded entry beside or in place of them would lose them (audit R17).
        let declaresResource = { (value: JSONValue) in value.objectMembers?.contains { $0.key == "$resource" } ?? false }
        var elements: [JSONNode] = []
        if case .array(let all) = root { elements = all }
        if declaresResource(root) || elements.contains(where: { declaresResource($0.value) }) {
            throw .resourceDeclaration(file: file)
        }
        switch (root, JSONEntryScanner.root(of: bytes)) {
        case (.array(let elements), .array(let whole, let ranges)) where ranges.count == elements.count:
            self.init(entries: elements.map { Self.entry($0.value) }, bytes: bytes, layout: .array(whole: whole, elements: ranges))
        case (.object, .object(let range)):
            self.init(entries: [Self.entry(root)], bytes: bytes, layout: .singleObject(range))
        default:
            throw .notAnEntryList(file: file, found: root.kindName)
        }
    }

    /// The file with `entry` appended, and its index.
    func appending(_ entry: JSONValue) -> (bytes: [UInt8], index: Int) {
        let text = EntryBuilder.arrayElementText(entry, indent: indent)
        switch layout {
        case .new:
            return (array(of: [text]) + Array("\n".utf8), 0)
        case .array(let whole, let elements):
            guard let last = elements.last else {
                return (splice(whole, with: array(of: [text])), 0)
            }
            return (splice(last.upperBound..<last.upperBound, with: separator + text), elements.count)
        case .singleObject(let range):
            // One entry object becomes an array of the two.
            return (splice(range, with: array(of: [Array(bytes[range]), text])), 1)
        }
    }

    /// The file with `entries` appended in order, in one splice (`mockserver import` adds many
    /// to one file: appending one at a time re-read the growing file each time).
    func appending(contentsOf entries: [JSONValue]) -> [UInt8] {
        let texts = entries.map { EntryBuilder.arrayElementText($0, indent: indent) }
        guard !texts.isEmpty else { return bytes }
        switch layout {
        case .new:
            return array(of: texts) + Array("\n".utf8)
        case .array(let whole, let elements):
            guard let last = elements.last else {
                return splice(whole, with: array(of: texts))
            }
            return splice(last.upperBound..<last.upperBound, with: separator + Array(texts.joined(separator: separator)))
        case .singleObject(let range):
            return splice(range, with: array(of: [Array(bytes[range])] + texts))
        }
    }

    /// The file with `entry` inserted before entry `index` (which must exist), so it is tried first.
    func inserting(_ entry: JSONValue, before index: Int) -> [UInt8] {
        let text = EntryBuilder.arrayElementText(entry, indent: indent)
        switch layout {
        case .new:
            return appending(entry).bytes
        case .array(_, let elements):
            let start = elements[index].lowerBound
            return splice(start..<start, with: text + separator)
        case .singleObject(let range):
            return splice(range, with: array(of: [text, Array(bytes[range])]))
        }
    }

    /// The spaces a level the file is indented with, from its first entry's line (2 for a new
    /// file): an entry added to a file indented with 4 is indented with 4 too.
    private var indent: Int {
        guard case .array(_, let elements) = layout, let first = elements.first else { return 2 }
        var start = first.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") { start -= 1 }
        let spaces = first.lowerBound - start
        return start > 0 && bytes[start - 1] == UInt8(ascii: "\n") && (1...8).contains(spaces) ? spaces : 2
    }

    /// Between two elements of the top-level array.
    private var separator: [UInt8] {
        Array(",\n".utf8) + Array(repeating: UInt8(ascii: " "), count: indent)
    }

    /// A top-level array of `elements` (already indented), one per line.
    private func array(of elements: [[UInt8]]) -> [UInt8] {
        Array("[\n".utf8) + Array(repeating: UInt8(ascii: " "), count: indent) + Array(elements.joined(separator: separator)) + Array("\n]".utf8)
    }

    /// The file with entry `index` replaced by `entry`.
    func replacing(_ index: Int, with entry: JSONValue) -> [UInt8] {
        let text = EntryBuilder.arrayElementText(entry, indent: indent)
        switch layout {
        case .new:
            return appending(entry).bytes
        case .array(_, let elements):
            return splice(elements[index], with: text)
        case .singleObject(let range):
            return splice(range, with: array(of: [text]))
        }
    }

    private func splice(_ range: Range<Int>, with replacement: [UInt8]) -> [UInt8] {
        var result = bytes
        // A file written with CR LF line ends (an editor on Windows) gets the new lines with them
        // too, so it does not end up with both kinds.
        let usesCRLF = bytes.firstRange(of: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) != nil
        result.replaceSubrange(range, with: usesCRLF ? Self.withCRLF(replacement) : replacement)
        if result.last != UInt8(ascii: "\n") { result.append(contentsOf: usesCRLF ? [UInt8(ascii: "\r"), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]) }
        return result
    }

    /// `text` with every LF that is not already after a CR preceded by one.
    private static func withCRLF(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count + text.count / 16)
        for (offset, byte) in text.enumerated() {
            if byte == UInt8(ascii: "\n"), offset == 0 || text[offset - 1] != UInt8(ascii: "\r") { result.append(UInt8(ascii: "\r")) }
            result.append(byte)
        }
        return result
    }

    private static func entry(_ value: JSONValue) -> Entry {
        let method = value["method"]?.stringValue?.uppercased() ?? "GET"
        let otherConstraints = ["requestHeaders", "requestCookies", "requestJsonPath", "requestBody", "pathParameters", "times", "state", "priority"].contains { key in
            value[key].map { if case .null = $0 { false } else { true } } ?? false
        } || value["queryMatch"]?.stringValue == "exact"
        return Entry(
            method: method,
            request: RequestConstraint.normalizedWildcard(value["request"]),
            query: RequestConstraint.normalizedWildcard(value["query"]),
            hasOtherConstraints: otherConstraints,
            responseFile: value["responseFile"]?.stringValue,
            priority: value["priority"].flatMap { if case .number(let number) = $0 { number.integerLiteralValue } else { nil } }
        )
    }
}
