// Recursive-descent parser: pattern text → AST. Refuses constructs that need backtracking.

/// The parsed pattern.
indirect enum Node: Sendable {
    case empty
    case scalar(UInt32, caseInsensitive: Bool)
    case charSet(RegexCharSet)
    case dot(matchesNewline: Bool)
    case assertion(RegexAssertion)
    case concat([Node])
    case alternation([Node])
    /// `max == nil` means unbounded.
    case repetition(Node, min: Int, max: Int?)

    /// Number of instructions `RegexCompiler` emits for this node, saturated at `cap + 1`.
    func instructionCount(cap: Int) -> Int {
        let limit = cap + 1
        switch self {
        case .empty: return 0
        case .scalar, .charSet, .dot, .assertion: return 1
        case .concat(let items):
            var total = 0
            for item in items { total = min(limit, total + item.instructionCount(cap: cap)) }
            return total
        case .alternation(let branches):
            var total = 2 * (branches.count - 1)
            for b in branches { total = min(limit, total + b.instructionCount(cap: cap)) }
            return min(limit, total)
        case .repetition(let body, let lo, let hi):
            let size = body.instructionCount(cap: cap)
            if let hi {
                return min(limit, lo * size + (hi - lo) * (size + 1))
            }
            return min(limit, lo == 0 ? size + 2 : lo * size + 1)
        }
    }
}

private struct Flags {
    var caseInsensitive = false
    var dotMatchesNewline = false
    var multiline = false
}

/// Result of parsing one atom.
private enum Atom {
    case none                          // e.g. `(?i)`, `(?#...)`, `\E`
    case node(Node, quantifiable: Bool)
    case literalRun([Node])            // `\Q...\E`: a quantifier applies to the last scalar only
}

/// Result of parsing one escape sequence.
private enum Escape {
    case scalar(UInt32)
    case set(RegexCharSet)
    case assertion(RegexAssertion)
    case node(Node)
    case quoteStart
    case ignored
}

struct RegexParser {
    private let s: [Unicode.Scalar]
    private var i = 0
    private var flags = Flags()
    private var depth = 0

    private static let linearNote = "matching must take time linear in the text"

    init(_ pattern: String) {
        s = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(LinearRegexError) -> Node {
        let node = try parseAlternation()
        if i < s.count {
            // Only an unmatched ")" stops the top-level alternation early.
            throw LinearRegexError("unbalanced parenthesis: ) has no matching (", at: i)
        }
        let size = node.instructionCount(cap: LinearRegex.maxInstructions) + 1
        if size > LinearRegex.maxInstructions {
            throw LinearRegexError(
                "pattern is too large: it would compile to more than \(LinearRegex.maxInstructions) instructions",
                at: 0)
        }
        return node
    }

    // MARK: - Structure

    private mutating func parseAlternation() throws(LinearRegexError) -> Node {
        var branches = [try parseConcat()]
        while i < s.count && s[i] == "|" {
            i += 1
            branches.append(try parseConcat())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcat() throws(LinearRegexError) -> Node {
        var items: [Node] = []
        while i < s.count && s[i] != "|" && s[i] != ")" {
            switch try parseAtom() {
            case .none:
                continue
            case .literalRun(let run):
                items.append(contentsOf: run.dropLast())
                let last = try parseQuantifiers(applyingTo: run[run.count - 1], quantifiable: true, atomStart: i)
                items.append(last)
            case .node(let node, let quantifiable):
                items.append(try parseQuantifiers(applyingTo: node, quantifiable: quantifiable, atomStart: i))
            }
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concat(items)
        }
    }

    /// Parses an optional quantifier after an atom; refuses possessive and stacked quantifiers.
    private mutating func parseQuantifiers(applyingTo node: Node, quantifiable: Bool, atomStart: Int) throws(LinearRegexError) -> Node {
        guard let (lo, hi, qStart) = try parseQuantifierToken() else { return node }
        let text = String(String.UnicodeScalarView(s[qStart..<i]))
        if !quantifiable {
            throw LinearRegexError("quantifier \(text) cannot be applied to an anchor or word boundary", at: qStart)
        }
        if i < s.count && s[i] == "?" {
            i += 1 // lazy: same answer for a contains-test
        } else if i < s.count && s[i] == "+" {
            throw LinearRegexError(
                "possessive quantifiers (\(text)+) are not supported: they change which texts match and need backtracking; use \(text) instead",
                at: i)
        }
        if let (_, _, extra) = try parseQuantifierToken() { // only used to report the error
            let t = String(String.UnicodeScalarView(s[extra..<i]))
            throw LinearRegexError("quantifier \(t) follows another quantifier; wrap the repeated expression in (?:...) to repeat it again", at: extra)
        }
        if node.instructionCount(cap: 0) == 0 {
            return node // repeating something that compiles to nothing (e.g. `(?:){1000}`) is a no-op
        }
        let result = Node.repetition(node, min: lo, max: hi)
        if result.instructionCount(cap: LinearRegex.maxInstructions) + 1 > LinearRegex.maxInstructions {
            throw LinearRegexError(
                "repetition \(text) makes the pattern too large: counted repetitions are expanded and the compiled program is limited to \(LinearRegex.maxInstructions) instructions",
                at: qStart)
        }
        return result
    }

    /// Parses `* + ? {n} {n,} {n,m} {,m}` at the cursor. `{` not forming a quantifier is a literal.
    private mutating func parseQuantifierToken() throws(LinearRegexError) -> (Int, Int?, Int)? {
        guard i < s.count else { return nil }
        let start = i
        switch s[i] {
        case "*": i += 1; return (0, nil, start)
        case "+": i += 1; return (1, nil, start)
        case "?": i += 1; return (0, 1, start)
        case "{":
            guard let (lo, hi, end) = try braceQuantifier(at: i) else { return nil }
            i = end
            return (lo, hi, start)
        default: return nil
        }
    }

    /// Recognises `{n}`, `{n,}`, `{n,m}`, `{,m}` starting at `p` (which holds `{`).
    private func braceQuantifier(at p: Int) throws(LinearRegexError) -> (Int, Int?, Int)? {
        var j = p + 1
        func number(_ j: inout Int) -> Int? {
            var value = 0, digits = 0
            while j < s.count, s[j].value >= 0x30, s[j].value <= 0x39 {
                value = min(value * 10 + Int(s[j].value - 0x30), 1_000_000_000)
                digits += 1
                j += 1
            }
            return digits > 0 ? value : nil
        }
        let lo = number(&j)
        var hi: Int?
        var hasComma = false
        if j < s.count && s[j] == "," {
            hasComma = true
            j += 1
            hi = number(&j)
        }
        guard j < s.count, s[j] == "}" else { return nil }
        if lo == nil && hi == nil { return nil }
        let end = j + 1
        let low = lo ?? 0
        let high: Int? = hasComma ? hi : low
        for v in [low, high ?? 0] where v > LinearRegex.maxRepetitionCount {
            throw LinearRegexError("repetition count \(v) is too large (the limit is \(LinearRegex.maxRepetitionCount))", at: p)
        }
        if let high, high < low {
            throw LinearRegexError("invalid repetition range {\(low),\(high)}: the minimum exceeds the maximum", at: p)
        }
        return (low, high, end)
    }

    // MARK: - Atoms

    private mutating func parseAtom() throws(LinearRegexError) -> Atom {
        let start = i
        let c = s[i]
        switch c {
        case "(":
            return try parseGroup()
        case "[":
            return .node(.charSet(try parseClass()), quantifiable: true)
        case ".":
            i += 1
            return .node(.dot(matchesNewline: flags.dotMatchesNewline), quantifiable: true)
        case "^":
            i += 1
            return .node(.assertion(flags.multiline ? .startOfLine : .startOfText), quantifiable: false)
        case "$":
            i += 1
            return .node(.assertion(flags.multiline ? .endOfLine : .endOfText), quantifiable: false)
        case "*", "+", "?":
            throw LinearRegexError("nothing to repeat: quantifier \(c) has no preceding expression", at: start)
        case "{":
            if let (_, _, end) = try braceQuantifier(at: i) {
                let text = String(String.UnicodeScalarView(s[start..<end]))
                throw LinearRegexError("nothing to repeat: quantifier \(text) has no preceding expression", at: start)
            }
            i += 1
            return .node(.scalar(c.value, caseInsensitive: flags.caseInsensitive), quantifiable: true)
        case "\\":
            switch try parseEscape(inClass: false) {
            case .scalar(let v):
                return .node(.scalar(v, caseInsensitive: flags.caseInsensitive), quantifiable: true)
            case .set(var set):
                set.caseInsensitive = flags.caseInsensitive
                return .node(.charSet(set), quantifiable: true)
            case .assertion(let a):
                return .node(.assertion(a), quantifiable: false)
            case .node(let n):
                return .node(n, quantifiable: true)
            case .ignored:
                return .none
            case .quoteStart:
                var run: [Node] = []
                while i < s.count {
                    if s[i] == "\\" && i + 1 < s.count && s[i + 1] == "E" { i += 2; break }
                    run.append(.scalar(s[i].value, caseInsensitive: flags.caseInsensitive))
                    i += 1
                }
                return run.isEmpty ? .none : .literalRun(run)
            }
        default:
            i += 1
            return .node(.scalar(c.value, caseInsensitive: flags.caseInsensitive), quantifiable: true)
        }
    }

    private func refuse(_ construct: String, _ why: String, at offset: Int) -> LinearRegexError {
        LinearRegexError("\(construct) are not supported: \(why)", at: offset)
    }

    private mutating func parseGroup() throws(LinearRegexError) -> Atom {
        let open = i
        i += 1
        var scoped: Flags?
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        if at(i) == "*" {
            throw refuse("backtracking control verbs (*...)", "they only make sense for a backtracking matcher", at: open)
        }
        if at(i) == "?" {
            let k = i + 1
            switch at(k) ?? Unicode.Scalar(0) {
            case ":", "|":
                i = k + 1
            case "=":
                throw refuse("lookahead assertions (?=...)", RegexParser.linearNote + "; match the text directly or use a separate matcher", at: open)
            case "!":
                throw refuse("negative lookahead assertions (?!...)", RegexParser.linearNote + "; match the text directly or use a separate matcher", at: open)
            case ">":
                throw refuse("atomic groups (?>...)", "they change which texts match and need backtracking; use a plain group (?:...)", at: open)
            case "(":
                throw refuse("conditionals (?(...)...)", RegexParser.linearNote, at: open)
            case "#":
                var j = k + 1
                while j < s.count && s[j] != ")" { j += 1 }
                guard j < s.count else {
                    throw LinearRegexError("unterminated comment (?#...: missing )", at: open)
                }
                i = j + 1
                return .none
            case "<" where at(k + 1) == "=" || at(k + 1) == "!":
                let neg = at(k + 1) == "!"
                throw refuse(neg ? "negative lookbehind assertions (?<!...)" : "lookbehind assertions (?<=...)",
                             RegexParser.linearNote + "; match the text directly or use a separate matcher", at: open)
            case "<", "'":
                let close: Unicode.Scalar = at(k) == "<" ? ">" : "'"
                try skipGroupName(from: k + 1, close: close, open: open)
            case "P":
                switch at(k + 1) {
                case "<":
                    try skipGroupName(from: k + 2, close: ">", open: open)
                case "=":
                    throw refuse("backreferences ((?P=name))", RegexParser.linearNote + "; match the value itself or use $contains", at: open)
                case ">":
                    throw refuse("recursion and subroutine calls ((?P>name))", RegexParser.linearNote, at: open)
                default:
                    throw LinearRegexError("unknown group syntax (?P", at: open)
                }
            case "R", "&", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "+":
                throw refuse("recursion and subroutine calls ((?R), (?1), (?&name))", RegexParser.linearNote, at: open)
            case "-" where at(k + 1).map({ $0.properties.numericType == .decimal }) ?? false:
                throw refuse("recursion and subroutine calls ((?R), (?1), (?&name))", RegexParser.linearNote, at: open)
            case "~":
                throw refuse("absent expressions (?~...)", RegexParser.linearNote, at: open)
            case "*":
                throw refuse("non-atomic lookahead assertions (?*...)", RegexParser.linearNote, at: open)
            default:
                // Inline flags: (?flags) or (?flags:...) with flags in [ims], optionally -[ims].
                var j = k
                var newFlags = flags
                var turningOff = false
                while let f = at(j), f != ")" && f != ":" {
                    switch f {
                    case "-" where !turningOff: turningOff = true
                    case "i": newFlags.caseInsensitive = !turningOff
                    case "s": newFlags.dotMatchesNewline = !turningOff
                    case "m": newFlags.multiline = !turningOff
                    default:
                        if f.properties.isAlphabetic || f == "^" {
                            throw LinearRegexError("inline flag \(f) is not supported (supported flags: i, m, s)", at: j)
                        }
                        throw LinearRegexError("unknown group syntax (?\(f)", at: open)
                    }
                    j += 1
                }
                guard let end = at(j) else {
                    throw LinearRegexError("unbalanced parenthesis: missing ) to close the group", at: open)
                }
                i = j + 1
                if end == ")" {
                    flags = newFlags // applies to the rest of the enclosing group
                    return .none
                }
                scoped = newFlags
            }
        }
        depth += 1
        if depth > LinearRegex.maxNestingDepth {
            throw LinearRegexError("groups are nested too deeply (the limit is \(LinearRegex.maxNestingDepth))", at: open)
        }
        let saved = flags
        if let scoped { flags = scoped }
        let body = try parseAlternation()
        flags = saved
        depth -= 1
        guard i < s.count, s[i] == ")" else {
            throw LinearRegexError("unbalanced parenthesis: missing ) to close the group", at: open)
        }
        i += 1
        return .node(body, quantifiable: true)
    }

    private mutating func skipGroupName(from start: Int, close: Unicode.Scalar, open: Int) throws(LinearRegexError) {
        var j = start
        while j < s.count && s[j] != close {
            let c = s[j]
            guard c.properties.isAlphabetic || c.properties.numericType == .decimal || c == "_" else {
                throw LinearRegexError("invalid character \(c) in group name", at: j)
            }
            j += 1
        }
        guard j < s.count, j > start else {
            throw LinearRegexError(j == start ? "empty group name" : "unterminated group name: missing \(close)", at: open)
        }
        i = j + 1
    }

    // MARK: - Character classes

    private mutating func parseClass() throws(LinearRegexError) -> RegexCharSet {
        let open = i
        i += 1
        var set = RegexCharSet()
        set.caseInsensitive = flags.caseInsensitive
        if i < s.count && s[i] == "^" {
            set.negated = true
            i += 1
        }
        if i < s.count && s[i] == "]" {
            throw LinearRegexError("empty character class: to match ] write \\]", at: open)
        }
        while true {
            guard i < s.count else {
                throw LinearRegexError("unterminated character class: missing ]", at: open)
            }
            let c = s[i]
            let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            if c == "]" { i += 1; break }
            if c == "[" {
                throw LinearRegexError(
                    "nested character classes and POSIX classes like [:alpha:] are not supported; write a literal [ as \\[",
                    at: i)
            }
            if (c == "&" && next == "&") || (c == "-" && next == "-") || (c == "~" && next == "~") {
                throw LinearRegexError(
                    "character class set operations (&&, --, ~~) are not supported; write a literal - as \\-", at: i)
            }
            let itemStart = i
            let item = try parseClassItem()
            let dashFollows = i + 1 < s.count && s[i] == "-" && s[i + 1] != "]"
            switch item {
            case .scalar(let lo):
                guard dashFollows else { set.add(lo); continue }
                if s[i + 1] == "[" || (s[i + 1] == "-") {
                    throw LinearRegexError(
                        "character class set operations (&&, --, ~~) are not supported; write a literal - as \\-", at: i)
                }
                i += 1
                let hiStart = i
                guard case .scalar(let hi) = try parseClassItem() else {
                    throw LinearRegexError("invalid range: a class like \\d cannot be a range bound", at: hiStart)
                }
                if hi < lo {
                    let a = String(String.UnicodeScalarView(s[itemStart..<hiStart - 1]))
                    let b = String(String.UnicodeScalarView(s[hiStart..<i]))
                    throw LinearRegexError("invalid range \(a)-\(b) in character class: \(a) comes after \(b)", at: itemStart)
                }
                set.add(lo, hi)
            case .set(let other):
                if dashFollows {
                    throw LinearRegexError("invalid range: a class like \\d cannot be a range bound", at: itemStart)
                }
                set.add(ranges: other.ranges)
                for cat in other.categories { set.add(category: cat.mask, negated: cat.negated) }
            default:
                break
            }
        }
        return set
    }

    /// One class member: a scalar or a built-in class.
    private mutating func parseClassItem() throws(LinearRegexError) -> Escape {
        let c = s[i]
        if c == "\\" {
            return try parseEscape(inClass: true)
        }
        i += 1
        return .scalar(c.value)
    }

    // MARK: - Escapes

    private mutating func parseEscape(inClass: Bool) throws(LinearRegexError) -> Escape {
        let start = i
        i += 1
        guard i < s.count else {
            throw LinearRegexError("pattern ends with a lone backslash", at: start)
        }
        let c = s[i]
        i += 1
        func builtin(_ ranges: [ClosedRange<UInt32>], negated: Bool) -> Escape {
            var set = RegexCharSet()
            set.add(ranges: negated ? RegexCharSet.complement(ranges) : ranges)
            return .set(set)
        }
        func unknown() -> LinearRegexError {
            LinearRegexError("unknown escape \\\(c)", at: start)
        }
        switch c {
        case "d": return builtin(RegexCharSet.digitRanges, negated: false)
        case "D": return builtin(RegexCharSet.digitRanges, negated: true)
        case "w": return builtin(RegexCharSet.wordRanges, negated: false)
        case "W": return builtin(RegexCharSet.wordRanges, negated: true)
        case "s": return builtin(RegexCharSet.spaceRanges, negated: false)
        case "S": return builtin(RegexCharSet.spaceRanges, negated: true)
        case "h": return builtin(RegexCharSet.horizontalSpaceRanges, negated: false)
        case "H": return builtin(RegexCharSet.horizontalSpaceRanges, negated: true)
        case "v": return builtin(RegexCharSet.verticalSpaceRanges, negated: false)
        case "V": return builtin(RegexCharSet.verticalSpaceRanges, negated: true)
        case "n": return .scalar(0x0A)
        case "t": return .scalar(0x09)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "a": return .scalar(0x07)
        case "e": return .scalar(0x1B)
        case "0":
            var value: UInt32 = 0
            var n = 0
            while n < 2, i < s.count, s[i].value >= 0x30, s[i].value <= 0x37 {
                value = value * 8 + (s[i].value - 0x30)
                i += 1
                n += 1
            }
            return .scalar(value)
        case "1", "2", "3", "4", "5", "6", "7", "8", "9":
            var j = i
            while j < s.count && s[j].value >= 0x30 && s[j].value <= 0x39 { j += 1 }
            let text = String(String.UnicodeScalarView(s[start..<j]))
            throw refuse("backreferences (\(text))", RegexParser.linearNote + "; match the value itself or use $contains", at: start)
        case "k":
            throw refuse("backreferences (\\k<name>)", RegexParser.linearNote + "; match the value itself or use $contains", at: start)
        case "g":
            throw refuse("backreferences and subroutine calls (\\g)", RegexParser.linearNote + "; match the value itself or use $contains", at: start)
        case "x":
            if i < s.count && s[i] == "{" { return .scalar(try bracedHex(escapeStart: start, name: "\\x")) }
            var value: UInt32 = 0
            var n = 0
            while n < 2, i < s.count, let d = hexValue(s[i]) {
                value = value * 16 + d
                i += 1
                n += 1
            }
            guard n > 0 else {
                throw LinearRegexError("\\x must be followed by one or two hex digits or {hex}", at: start)
            }
            return .scalar(value)
        case "u", "U":
            if c == "u" && i < s.count && s[i] == "{" { return .scalar(try bracedHex(escapeStart: start, name: "\\u")) }
            let count = c == "u" ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<count {
                guard i < s.count, let d = hexValue(s[i]) else {
                    throw LinearRegexError(c == "u" ? "\\u must be followed by 4 hex digits or {hex}" : "\\U must be followed by 8 hex digits", at: start)
                }
                value = value &* 16 &+ d
                i += 1
            }
            guard Unicode.Scalar(value) != nil else {
                throw LinearRegexError("\\\(c) escape is not a valid Unicode scalar value", at: start)
            }
            return .scalar(value)
        case "p", "P":
            guard i < s.count, s[i] == "{" else {
                throw LinearRegexError("\\\(c) must be followed by {property}, e.g. \\p{L}", at: start)
            }
            var j = i + 1
            while j < s.count && s[j] != "}" { j += 1 }
            guard j < s.count else {
                throw LinearRegexError("unterminated \\\(c){...}: missing }", at: start)
            }
            var name = String(String.UnicodeScalarView(s[(i + 1)..<j]))
            i = j + 1
            var negated = c == "P"
            if name.hasPrefix("^") {
                negated.toggle()
                name.removeFirst()
            }
            guard let mask = RegexCategoryMask.named(name) else {
                throw LinearRegexError(
                    "unsupported Unicode property \\\(c){\(name)}: only general categories are supported, e.g. \\p{L}, \\p{Lu}, \\p{Nd}, \\p{P}",
                    at: start)
            }
            var set = RegexCharSet()
            set.add(category: mask, negated: negated)
            return .set(set)
        case "b":
            return inClass ? .scalar(0x08) : .assertion(.wordBoundary)
        case "B":
            if inClass { throw unknown() }
            return .assertion(.notWordBoundary)
        case "A":
            if inClass { throw unknown() }
            return .assertion(.startOfText)
        case "z":
            if inClass { throw unknown() }
            return .assertion(.endOfText)
        case "Z":
            if inClass { throw unknown() }
            return .assertion(.endOfTextOrFinalNewline)
        case "R":
            if inClass { throw unknown() }
            var nl = RegexCharSet()
            nl.add(ranges: RegexCharSet.verticalSpaceRanges)
            return .node(.alternation([.concat([.scalar(0x0D, caseInsensitive: false), .scalar(0x0A, caseInsensitive: false)]), .charSet(nl)]))
        case "Q":
            if inClass { throw unknown() }
            return .quoteStart
        case "E":
            if inClass { throw unknown() }
            return .ignored
        case "G":
            throw refuse("\\G anchors", "they refer to the end of a previous match, which a contains-test does not have", at: start)
        case "K":
            throw refuse("match-start resets (\\K)", "they only affect match ranges", at: start)
        case "X":
            throw refuse("grapheme cluster escapes (\\X)", "this matcher works on Unicode scalars", at: start)
        case "c":
            throw LinearRegexError("control escapes \\cX are not supported; write \\xHH instead", at: start)
        default:
            if c.value < 0x80 && !c.properties.isAlphabetic && c.properties.numericType == nil {
                return .scalar(c.value) // \. \\ \/ \- \^ \$ \| \( \) \[ \] \{ \} \* \+ \? \  etc.
            }
            throw unknown()
        }
    }

    /// The value of one hexadecimal digit (``ASCIIHex``, as percent-decoding and JSON read them).
    private func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        guard c.isASCII else { return nil }
        return ASCIIHex.value(of: UInt8(c.value)).map(UInt32.init)
    }

    /// Parses `{H...}` (1–8 hex digits) after `\x` / `\u`.
    private mutating func bracedHex(escapeStart: Int, name: String) throws(LinearRegexError) -> UInt32 {
        i += 1 // {
        var value: UInt32 = 0
        var n = 0
        while i < s.count, let d = hexValue(s[i]) {
            guard n < 8 else { break }
            value = value * 16 + d
            i += 1
            n += 1
        }
        guard n > 0, i < s.count, s[i] == "}" else {
            throw LinearRegexError("\(name){...} must contain 1 to 8 hex digits and end with }", at: escapeStart)
        }
        i += 1
        guard Unicode.Scalar(value) != nil else {
            throw LinearRegexError("\(name){\(String(value, radix: 16, uppercase: true))} is not a valid Unicode scalar value", at: escapeStart)
        }
        return value
    }
}
