/// Reads a JSONPath query as RFC 9535 writes it, with what Jayway's JsonPath (WireMock's) adds
/// and users of it write: `-` inside a dotted name (`$.content-type`), `.length()` at the end of
/// a query, and the filter operators `=~ /re/i`, `in`, `nin`, `subsetof`, `anyof`, `noneof`,
/// `size` and `empty`. Everything else the RFC refuses is refused, with the offset and what was
/// expected there. Checked at load, so a request never meets a query that cannot run.
struct JSONPathParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// Parenthesised and nested filters: a limit keeps a hostile key from exhausting the stack.
    private var depth = 0
    private static let maximumDepth = 64
    /// RFC 9535's integer range (I-JSON): ±(2^53 − 1).
    private static let integerLimit = 9_007_199_254_740_991

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The whole text as one query starting at `$`.
    mutating func parseWholeQuery() throws(JSONPathSyntaxError) -> JSONPathQuery {
        guard peek == "$" else {
            throw error(peek == "@"
                ? "@ stands for the value a filter looks at; a query starts with $, the body's root, as in $.items[0]"
                : "a query starts with $, the body's root, as in $.items[0] or $['first name']")
        }
        let query = try parseQuery()
        guard index == scalars.count else {
            throw error("unexpected \(found) after the query \(String(String.UnicodeScalarView(scalars[..<index])))"
                + (peek == " " ? " (spaces are allowed only between its parts)" : ""))
        }
        return query
    }

    // MARK: Queries and segments

    /// `$` or `@` and the segments after it, and Jayway's `.length()` after them.
    private mutating func parseQuery() throws(JSONPathSyntaxError) -> JSONPathQuery {
        let start = index
        let isRelative = scalars[index] == "@"
        index += 1
        var segments: [JSONPathSegment] = []
        var endsWithLength = false
        while true {
            let beforeSpaces = index
            skipSpaces()
            guard let next = peek, next == "." || next == "[" else {
                index = beforeSpaces
                break
            }
            if next == ".", consume(".length()") || consume(".size()") {
                endsWithLength = true
                break
            }
            segments.append(try parseSegment())
        }
        return JSONPathQuery(segments: segments, endsWithLength: endsWithLength, isRelative: isRelative,
                             source: String(String.UnicodeScalarView(scalars[start..<index])))
    }

    private mutating func parseSegment() throws(JSONPathSyntaxError) -> JSONPathSegment {
        if peek == "[" { return JSONPathSegment(selectors: try parseBracketedSelection(), isDescendant: false) }
        index += 1  // "."
        let isDescendant = peek == "."
        if isDescendant {
            index += 1
            if peek == "[" { return JSONPathSegment(selectors: try parseBracketedSelection(), isDescendant: true) }
        }
        if peek == "*" {
            index += 1
            return JSONPathSegment(selectors: [.wildcard], isDescendant: isDescendant)
        }
        return JSONPathSegment(selectors: [.name(try parseShorthandName(after: isDescendant ? ".." : "."))], isDescendant: isDescendant)
    }

    /// A name written after `.` or `..`: a letter, `_` or any non-ASCII character first, then
    /// those, digits and (as Jayway allows) `-`.
    private mutating func parseShorthandName(after dots: String) throws(JSONPathSyntaxError) -> String {
        let start = index
        guard let first = peek, Self.isNameFirst(first) else {
            if let first = peek, ("0"..."9").contains(first) {
                throw error("a name after \(dots) cannot start with a digit; write it in brackets, ['\(first)…'] for a member or [\(first)] for an array index")
            }
            throw error("expected a member name, * or [ after \(dots), found \(found); write other names in brackets, as in $['first name']")
        }
        index += 1
        while let next = peek, Self.isNameFirst(next) || ("0"..."9").contains(next) || next == "-" {
            index += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    /// `[selector, selector, …]`.
    private mutating func parseBracketedSelection() throws(JSONPathSyntaxError) -> [JSONPathSelector] {
        let open = index
        index += 1
        var selectors: [JSONPathSelector] = []
        while true {
            skipSpaces()
            selectors.append(try parseSelector())
            skipSpaces()
            guard let next = peek else { throw error(at: open, "the [ here is not closed with ]") }
            index += 1
            if next == "]" { return selectors }
            guard next == "," else {
                index -= 1
                throw error("expected , or ] in brackets, found \(found)")
            }
        }
    }

    private mutating func parseSelector() throws(JSONPathSyntaxError) -> JSONPathSelector {
        guard let next = peek else { throw error("expected a selector before the end: a quoted name, *, an index, a slice or a ?filter") }
        switch next {
        case "'", "\"":
            return .name(try parseStringLiteral())
        case "*":
            index += 1
            return .wildcard
        case "?":
            index += 1
            skipSpaces()
            return .filter(try parseLogicalExpression())
        case "-", "0"..."9", ":":
            return try parseIndexOrSlice()
        default:
            throw error("expected a selector: a quoted name ('name'), *, an index (0, -1), a slice (1:3) or a filter (?@.qty > 1), found \(found)")
        }
    }

    /// `2`, `-1`, or a slice `start:end:step` with any part left out (RFC 9535 §2.3.4).
    private mutating func parseIndexOrSlice() throws(JSONPathSyntaxError) -> JSONPathSelector {
        let start: Int? = peek == ":" ? nil : try parseInteger()
        skipSpaces()
        guard peek == ":" else {
            if let start { return .index(start) }
            throw error("expected an index")
        }
        index += 1
        skipSpaces()
        var end: Int?
        if let next = peek, next == "-" || ("0"..."9").contains(next) {
            end = try parseInteger()
            skipSpaces()
        }
        var step: Int?
        if peek == ":" {
            index += 1
            skipSpaces()
            if let next = peek, next == "-" || ("0"..."9").contains(next) { step = try parseInteger() }
        }
        return .slice(start: start, end: end, step: step)
    }

    /// An index: `0`, or digits without a leading zero, optionally negative, within ±(2^53 − 1).
    private mutating func parseInteger() throws(JSONPathSyntaxError) -> Int {
        let start = index
        let isNegative = consume("-")
        let digitsStart = index
        while let next = peek, ("0"..."9").contains(next) { index += 1 }
        let digits = String(String.UnicodeScalarView(scalars[digitsStart..<index]))
        guard !digits.isEmpty else { throw error("expected digits after -") }
        if digits.count > 1, digits.hasPrefix("0") { throw error(at: start, "an index has no leading zeros: write \(isNegative ? "-" : "")\(digits.drop { $0 == "0" }.isEmpty ? "0" : String(digits.drop { $0 == "0" }))") }
        if isNegative, digits == "0" { throw error(at: start, "-0 is not an index: write 0 for the first element, -1 for the last") }
        guard digits.count <= 16, let magnitude = Int(digits), magnitude <= Self.integerLimit else {
            throw error(at: start, "\(isNegative ? "-" : "")\(digits) is beyond the indexes JSONPath allows (±9007199254740991)")
        }
        return isNegative ? -magnitude : magnitude
    }

    /// `'…'` or `"…"` with JSON's escapes (and `\'` inside single quotes).
    private mutating func parseStringLiteral() throws(JSONPathSyntaxError) -> String {
        let quote = scalars[index]
        let open = index
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error(at: open, "the string starting here is not closed with \(quote)") }
            index += 1
            if scalar == quote { return String(text) }
            if scalar.value < 0x20 {
                index -= 1
                throw error("a control character (U+\(String(scalar.value, radix: 16, uppercase: true))) in a string must be escaped, as \\n or \\u000A")
            }
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            guard let escaped = peek else { throw error(at: open, "the string starting here is not closed with \(quote)") }
            index += 1
            switch escaped {
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "/", "\\": text.append(escaped)
            case quote: text.append(quote)
            case "u": text.append(try parseUnicodeEscape())
            default:
                index -= 2
                throw error("\\\(escaped) is not an escape in a JSONPath string; the escapes are \\b \\f \\n \\r \\t \\/ \\\\ \\\(quote) and \\uXXXX")
            }
        }
    }

    /// The `XXXX` of `\uXXXX` (index after the `u`), a surrogate pair taking a second `\uXXXX`.
    private mutating func parseUnicodeEscape() throws(JSONPathSyntaxError) -> Unicode.Scalar {
        let escapeStart = index - 2
        let high = try parseHexQuad(escapeStart)
        if (0xDC00...0xDFFF).contains(high) {
            throw error(at: escapeStart, "\\u\(String(high, radix: 16, uppercase: true)) is the second half of a surrogate pair, with no first half before it")
        }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        guard consume("\\u") else {
            throw error(at: escapeStart, "\\u\(String(high, radix: 16, uppercase: true)) is the first half of a surrogate pair; follow it with the second, \\uDC00 to \\uDFFF")
        }
        let low = try parseHexQuad(escapeStart)
        guard (0xDC00...0xDFFF).contains(low) else {
            throw error(at: escapeStart, "\\u\(String(high, radix: 16, uppercase: true)) must be followed by the second half of a surrogate pair, \\uDC00 to \\uDFFF")
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    private mutating func parseHexQuad(_ escapeStart: Int) throws(JSONPathSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexDigit(scalar) else {
                throw error(at: escapeStart, "\\u takes four hexadecimal digits, as in \\u00FC")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    // MARK: Filter expressions

    private mutating func parseLogicalExpression() throws(JSONPathSyntaxError) -> JSONPathFilter {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error("filters and parentheses nest more than \(Self.maximumDepth) deep") }
        let alternatives = try parseTerms(separatedBy: "||") { parser throws(JSONPathSyntaxError) in try parser.parseConjunction() }
        return alternatives.count == 1 ? alternatives[0] : .or(alternatives)
    }

    private mutating func parseConjunction() throws(JSONPathSyntaxError) -> JSONPathFilter {
        let terms = try parseTerms(separatedBy: "&&") { parser throws(JSONPathSyntaxError) in try parser.parseBasicExpression() }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// One term or more, each read by `term`, with `separator` (and spaces) between them.
    private mutating func parseTerms(separatedBy separator: String,
                                     _ term: (inout JSONPathParser) throws(JSONPathSyntaxError) -> JSONPathFilter) throws(JSONPathSyntaxError) -> [JSONPathFilter] {
        var terms = [try term(&self)]
        while true {
            let beforeSpaces = index
            skipSpaces()
            guard consume(separator) else {
                index = beforeSpaces
                return terms
            }
            skipSpaces()
            terms.append(try term(&self))
        }
    }

    /// `(…)`, `!(…)`, `!@.a`, a test or a comparison.
    private mutating func parseBasicExpression() throws(JSONPathSyntaxError) -> JSONPathFilter {
        if peek == "!" {
            let bang = index
            index += 1
            skipSpaces()
            if peek == "(" { return .not(try parseParenthesized()) }
            let inner = try parseComparisonOrTest()
            if case .compare = inner {
                throw error(at: bang, "! negates a test or a parenthesised expression, not a comparison: write !(…) around the comparison, or use !=")
            }
            return .not(inner)
        }
        if peek == "(" { return try parseParenthesized() }
        return try parseComparisonOrTest()
    }

    private mutating func parseParenthesized() throws(JSONPathSyntaxError) -> JSONPathFilter {
        let open = index
        index += 1
        skipSpaces()
        let inner = try parseLogicalExpression()
        skipSpaces()
        guard consume(")") else {
            throw error(peek == nil ? "the ( at offset \(open) is not closed with )" : "expected ) or an operator (&&, ||, ==, …), found \(found)")
        }
        return inner
    }

    private mutating func parseComparisonOrTest() throws(JSONPathSyntaxError) -> JSONPathFilter {
        let start = index
        let left = try parsePrimary()
        let beforeSpaces = index
        skipSpaces()
        if let comparison = try parseComparisonOperator() {
            let leftOperand = try comparable(left, at: start)
            skipSpaces()
            let rightStart = index
            let right = try parseRightOperand(of: comparison)
            return .compare(leftOperand, comparison, try comparable(right, at: rightStart))
        }
        index = beforeSpaces
        switch left {
        case .query(let query):
            return .exists(query)
        case .function(let call) where call.function.isLogical:
            return .test(call)
        case .function(let call):
            throw error(at: start, "\(call.function.rawValue)() gives a value, not true or false: compare it, as in [?\(call.function.rawValue)(@.name) > 2]")
        case .literal(let value):
            throw error(at: start, "\(JSONValue.excerpt(value)) alone is not a test: compare it with something, as in [?@.kind == 'book']")
        }
    }

    /// `operand` when it may stand beside a comparison operator: a literal, a query selecting at
    /// most one value, or a function that gives a value (RFC 9535 §2.4.3: well-typedness).
    private func comparable(_ operand: JSONPathOperand, at start: Int) throws(JSONPathSyntaxError) -> JSONPathOperand {
        switch operand {
        case .literal:
            return operand
        case .query(let query):
            guard query.isSingular else {
                throw error(at: start, "\(query.source) can select several values, and a comparison needs one: name one member or index (@.a, @[0]), "
                    + "or test \(query.source) alone for 'selects anything'")
            }
            return operand
        case .function(let call):
            guard !call.function.isLogical else {
                throw error(at: start, "\(call.function.rawValue)() gives true or false, which cannot be compared: use it alone, as in [?\(call.function.rawValue)(@.name, 'R.*')]")
            }
            return operand
        }
    }

    private mutating func parseComparisonOperator() throws(JSONPathSyntaxError) -> JSONPathComparison? {
        for (text, comparison) in Self.symbolOperators where consume(text) { return comparison }
        if consume("=~") {
            skipSpaces()
            return .matches(try parseRegexLiteral())
        }
        if peek == "=" {
            throw error("= is not a comparison; write == to compare")
        }
        for (word, comparison) in Self.wordOperators {
            let end = index + word.unicodeScalars.count
            guard end <= scalars.count, String(String.UnicodeScalarView(scalars[index..<end])) == word else { continue }
            if end < scalars.count, Self.isNameFirst(scalars[end]) || ("0"..."9").contains(scalars[end]) { continue }
            index = end
            return comparison
        }
        return nil
    }

    private static let symbolOperators: [(String, JSONPathComparison)] = [
        ("==", .equal), ("!=", .notEqual), ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater),
    ]
    private static let wordOperators: [(String, JSONPathComparison)] = [
        ("in", .isIn), ("nin", .isNotIn), ("subsetof", .subsetOf), ("anyof", .anyOf), ("noneof", .noneOf), ("size", .size), ("empty", .empty),
    ]

    /// The right side: Jayway's list operators also take an array literal (`in ['S', 'M']`).
    private mutating func parseRightOperand(of comparison: JSONPathComparison) throws(JSONPathSyntaxError) -> JSONPathOperand {
        switch comparison {
        case .isIn, .isNotIn, .subsetOf, .anyOf, .noneOf:
            if peek == "[" { return .literal(try parseArrayLiteral()) }
        case .matches:
            return .literal(.null)  // the pattern is part of the operator
        default:
            break
        }
        return try parsePrimary()
    }

    /// `[lit, lit, …]` of strings, numbers, `true`, `false` and `null`, for Jayway's `in` and friends.
    private mutating func parseArrayLiteral() throws(JSONPathSyntaxError) -> JSONValue {
        let open = index
        index += 1
        var elements: [JSONValue] = []
        skipSpaces()
        if consume("]") { return .makeArray([]) }
        while true {
            skipSpaces()
            let start = index
            guard case .literal(let value) = try parsePrimary() else {
                throw error(at: start, "a list after in, nin, subsetof, anyof or noneof holds literals: strings, numbers, true, false or null")
            }
            elements.append(value)
            skipSpaces()
            if consume("]") { return .makeArray(elements) }
            guard consume(",") else {
                throw error(peek == nil ? "the [ at offset \(open) is not closed with ]" : "expected , or ] in the list, found \(found)")
            }
        }
    }

    /// Jayway's `/pattern/flags` after `=~`: the whole text must match (Java's `matches()`).
    private mutating func parseRegexLiteral() throws(JSONPathSyntaxError) -> CompiledRegex {
        let start = index
        guard consume("/") else { throw error("=~ takes a pattern between slashes, as in =~ /^R.*/i") }
        var pattern = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error(at: start, "the pattern starting here is not closed with /") }
            index += 1
            if scalar == "/" { break }
            if scalar == "\\", peek == "/" {
                pattern.append("/")
                index += 1
                continue
            }
            pattern.append(scalar)
            if scalar == "\\", let next = peek {
                pattern.append(next)
                index += 1
            }
        }
        // Java's flags as Jayway reads them: i, m and s change the match; x (comments in the
        // pattern) would change what the pattern says, so it is refused; the others (u, U, d, and
        // letters Jayway ignores, such as g) change nothing here.
        var flags = ""
        while let flag = peek, ("a"..."z").contains(flag) || ("A"..."Z").contains(flag) {
            if flag == "x" {
                throw error("/\(String(pattern))/ has the flag x (comments and spaces ignored in the pattern), which this regex engine does not read; remove the spaces and comments and the x")
            }
            if flag == "i" || flag == "m" || flag == "s", !flags.unicodeScalars.contains(flag) { flags.unicodeScalars.append(flag) }
            index += 1
        }
        let written = String(pattern)
        do {
            return try CompiledRegex((flags.isEmpty ? "" : "(?\(flags))") + "\\A(?:" + written + ")\\z")
        } catch {
            throw self.error(at: start, "/\(written)/ is not a usable regular expression: \(error.message) (PCRE-like, linear time: no backreferences or lookaround)")
        }
    }

    private mutating func parsePrimary() throws(JSONPathSyntaxError) -> JSONPathOperand {
        guard let next = peek else { throw error("expected a value, a query (@… or $…) or a function before the end") }
        switch next {
        case "@", "$":
            return .query(try parseQuery())
        case "'", "\"":
            return .literal(.string(try parseStringLiteral()))
        case "-", "0"..."9":
            return .literal(.number(try parseNumberLiteral()))
        case "a"..."z":
            let start = index
            while let scalar = peek, ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" { index += 1 }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            if peek == "(" { return .function(try parseFunctionCall(name, at: start)) }
            switch name {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default:
                index = start
                throw error("\(name) is neither a literal (true, false, null, a number, a quoted string) nor a function call; a member of the value is @.\(name)")
            }
        default:
            throw error("expected a value, a query (@… or $…) or a function, found \(found)")
        }
    }

    /// A JSON number: `-`? integer, fraction, exponent (RFC 9535 allows `-0`).
    private mutating func parseNumberLiteral() throws(JSONPathSyntaxError) -> JSONNumber {
        let start = index
        _ = consume("-")
        guard let first = peek, ("0"..."9").contains(first) else { throw error("expected digits after -") }
        index += 1
        if first == "0", let next = peek, ("0"..."9").contains(next) { throw error(at: start, "a number has no leading zeros") }
        skipDigits()
        if consume(".") {
            guard let next = peek, ("0"..."9").contains(next) else { throw error("expected digits after the decimal point") }
            skipDigits()
        }
        if peek == "e" || peek == "E" {
            index += 1
            if peek == "+" || peek == "-" { index += 1 }
            guard let next = peek, ("0"..."9").contains(next) else { throw error("expected digits in the exponent") }
            skipDigits()
        }
        return JSONNumber(literal: String(String.UnicodeScalarView(scalars[start..<index])))
    }

    private mutating func parseFunctionCall(_ name: String, at start: Int) throws(JSONPathSyntaxError) -> JSONPathFunctionCall {
        guard let function = JSONPathFunctionCall.Function(rawValue: name) else {
            throw error(at: start, "unknown function \(name)(); the functions are " + JSONPathFunctionCall.Function.allCases.map { "\($0.rawValue)()" }.joined(separator: ", "))
        }
        index += 1  // "("
        var arguments: [(JSONPathFunctionCall.Argument, Int)] = []
        skipSpaces()
        if !consume(")") {
            while true {
                skipSpaces()
                let argumentStart = index
                arguments.append((try parsePrimary(), argumentStart))
                skipSpaces()
                if consume(")") { break }
                guard consume(",") else { throw error(peek == nil ? "\(name)( is not closed with )" : "expected , or ) after an argument of \(name)(), found \(found)") }
            }
        }
        let expected = function == .match || function == .search ? 2 : 1
        guard arguments.count == expected else {
            throw error(at: start, "\(name)() takes \(expected) argument\(expected == 1 ? "" : "s"), found \(arguments.count)")
        }
        for (offset, (argument, argumentStart)) in arguments.enumerated() {
            try checkArgument(argument, of: function, position: offset, at: argumentStart)
        }
        var compiledPattern: CompiledRegex?
        if expected == 2, case .literal(let patternValue) = arguments[1].0 {
            guard case .string(let pattern) = patternValue else {
                throw error(at: arguments[1].1, "the pattern of \(name)() is a string, as in \(name)(@.name, 'R.*')")
            }
            do {
                compiledPattern = try CompiledRegex(function == .match ? "\\A(?:" + pattern + ")\\z" : pattern)
            } catch {
                throw self.error(at: arguments[1].1, "\(JSONValue.excerpt(patternValue)) is not a usable regular expression: \(error.message)")
            }
        }
        return JSONPathFunctionCall(function: function, arguments: arguments.map(\.0), compiledPattern: compiledPattern)
    }

    /// RFC 9535's argument types: `count()` and `value()` take a query (any), the others a value
    /// (a literal, a query selecting at most one value, or a function giving a value).
    private func checkArgument(_ argument: JSONPathFunctionCall.Argument, of function: JSONPathFunctionCall.Function, position: Int,
                               at start: Int) throws(JSONPathSyntaxError) {
        let takesNodes = function == .count || function == .value
        switch argument {
        case .query(let query) where !takesNodes && !query.isSingular:
            throw error(at: start, "\(function.rawValue)() takes one value, and \(query.source) can select several; name one member or index, or use count()")
        case .literal where takesNodes, .function where takesNodes:
            throw error(at: start, "\(function.rawValue)() takes a query (@… or $…)")
        case .function(let call) where call.function.isLogical:
            throw error(at: start, "\(call.function.rawValue)() gives true or false, which \(function.rawValue)() cannot take")
        default:
            break
        }
    }

    // MARK: Scanning

    private var peek: Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    /// "'x'", or "the end", for messages.
    private var found: String {
        guard let peek else { return "the end" }
        return peek == "'" ? "\"'\"" : "'\(peek)'"
    }

    private mutating func consume(_ text: String) -> Bool {
        var offset = index
        for scalar in text.unicodeScalars {
            guard offset < scalars.count, scalars[offset] == scalar else { return false }
            offset += 1
        }
        index = offset
        return true
    }

    /// RFC 9535's blank space: space, tab, line feed, carriage return.
    private mutating func skipSpaces() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
    }

    private mutating func skipDigits() {
        while let scalar = peek, ("0"..."9").contains(scalar) { index += 1 }
    }

    private func error(_ message: String) -> JSONPathSyntaxError {
        error(at: index, message)
    }

    private func error(at offset: Int, _ message: String) -> JSONPathSyntaxError {
        JSONPathSyntaxError(offset: offset, message: message)
    }
}
