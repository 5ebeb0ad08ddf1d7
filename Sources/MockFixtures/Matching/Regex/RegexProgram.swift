// AST → Thompson-NFA program (Pike VM instructions).

enum RegexOpcode: UInt8, Sendable {
    /// Consume one scalar equal to `a`.
    case scalar
    /// Consume one scalar equal to `a` or whose simple case fold equals `b`.
    case scalarFold
    /// Consume one scalar in set `a`; `b` is the set's `nonASCIIMode` (0 none, 1 all, 2 look up).
    case set
    /// Consume any scalar except a newline (\n \v \f \r U+0085 U+2028 U+2029), as Swift's `.`.
    case anyExceptNewline
    /// Consume any scalar (`.` under `(?s)`).
    case any
    /// Continue at both `a` and `b`.
    case split
    /// Continue at `a`.
    case jump
    /// Continue at the next instruction if assertion `a` holds here.
    case assert
    /// A match ends here.
    case match
}

struct RegexInstruction: Sendable {
    var op: RegexOpcode
    var a: Int32
    var b: Int32
}

/// A compiled pattern.
struct RegexProgram: Sendable {
    var instructions: [RegexInstruction] = []
    var sets: [RegexCharSet] = []
    /// Two words per set: the final answer for ASCII scalars 0–63 and 64–127.
    var asciiBitmaps: [UInt64] = []
    /// When non-empty (256 entries): a match can only start at a byte whose entry is true.
    var firstBytes: [Bool] = []
    /// True when every match must start at the beginning of the text (`^...`, `\A...`).
    var anchoredAtStart = false
}

enum RegexCompiler {
    static func compile(_ ast: Node) -> RegexProgram {
        var program = RegexProgram()
        var c = RegexEmitter()
        c.emit(ast)
        c.instructions.append(RegexInstruction(op: .match, a: 0, b: 0))
        program.instructions = c.instructions
        program.sets = c.sets
        for set in c.sets {
            program.asciiBitmaps.append(set.asciiLo)
            program.asciiBitmaps.append(set.asciiHi)
        }
        program.asciiBitmaps += [0, 0] // padding so the buffer is never empty
        program.anchoredAtStart = anchoredAtStart(ast)
        if !program.anchoredAtStart {
            program.firstBytes = firstBytes(program) ?? []
        }
        return program
    }

    /// True when every path through `node` passes a start-of-text assertion before consuming anything.
    static func anchoredAtStart(_ node: Node) -> Bool {
        switch node {
        case .assertion(let a): return a == .startOfText
        case .concat(let items):
            for item in items {
                if anchoredAtStart(item) { return true }
                if case .assertion = item { continue }
                if case .empty = item { continue }
                return false
            }
            return false
        case .alternation(let branches): return branches.allSatisfy(anchoredAtStart)
        case .repetition(let body, let lo, _): return lo >= 1 && anchoredAtStart(body)
        default: return false
        }
    }

    /// The UTF-8 lead bytes a match can start with, or nil when that would not help (the pattern
    /// can match the empty string, starts with `.`, or can start with almost any byte).
    /// Assertions are treated as passable, which over-approximates the set (safe).
    static func firstBytes(_ program: RegexProgram) -> [Bool]? {
        let insts = program.instructions
        var table = [Bool](repeating: false, count: 256)
        var visited = [Bool](repeating: false, count: insts.count)
        var stack = [0]
        func markNonASCII(_ table: inout [Bool]) {
            for b in 0xC2...0xF4 { table[b] = true }
        }
        func leadByte(_ v: UInt32) -> Int {
            if v < 0x80 { return Int(v) }
            if v < 0x800 { return Int(0xC0 | (v >> 6)) }
            if v < 0x10000 { return Int(0xE0 | (v >> 12)) }
            return Int(0xF0 | (v >> 18))
        }
        while let pc = stack.popLast() {
            if visited[pc] { continue }
            visited[pc] = true
            let inst = insts[pc]
            switch inst.op {
            case .jump: stack.append(Int(inst.a))
            case .split: stack.append(Int(inst.a)); stack.append(Int(inst.b))
            case .assert: stack.append(pc + 1)
            case .match, .any, .anyExceptNewline: return nil
            case .scalar: table[leadByte(UInt32(inst.a))] = true
            case .scalarFold:
                let v = UInt32(inst.a)
                table[leadByte(v)] = true
                table[leadByte(RegexCaseFolding.simpleLowercase(v))] = true
                table[leadByte(RegexCaseFolding.simpleUppercase(v))] = true
                markNonASCII(&table) // e.g. K (U+212A KELVIN SIGN) folds to k
            case .set:
                let lo = program.asciiBitmaps[2 * Int(inst.a)], hi = program.asciiBitmaps[2 * Int(inst.a) + 1]
                for b in 0..<64 where (lo >> UInt64(b)) & 1 != 0 { table[b] = true }
                for b in 0..<64 where (hi >> UInt64(b)) & 1 != 0 { table[64 + b] = true }
                if inst.b != 0 { markNonASCII(&table) }
            }
        }
        let count = table.reduce(0) { $0 + ($1 ? 1 : 0) }
        return count > 160 ? nil : table
    }
}

private struct RegexEmitter {
    var instructions: [RegexInstruction] = []
    var sets: [RegexCharSet] = []

    private var here: Int32 { Int32(instructions.count) }

    private mutating func append(_ op: RegexOpcode, _ a: Int32 = 0, _ b: Int32 = 0) {
        instructions.append(RegexInstruction(op: op, a: a, b: b))
    }

    mutating func emit(_ node: Node) {
        switch node {
        case .empty:
            break
        case .scalar(let v, let ci):
            if ci && RegexCaseFolding.isCased(v) {
                append(.scalarFold, Int32(bitPattern: v), Int32(bitPattern: RegexCaseFolding.simpleFold(v)))
            } else {
                append(.scalar, Int32(bitPattern: v))
            }
        case .charSet(var set):
            set.finalize()
            sets.append(set)
            append(.set, Int32(sets.count - 1), Int32(set.nonASCIIMode))
        case .dot(let all):
            append(all ? .any : .anyExceptNewline)
        case .assertion(let a):
            append(.assert, a.rawValue)
        case .concat(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            var exits: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k == branches.count - 1 {
                    emit(branch)
                } else {
                    let split = instructions.count
                    append(.split, here + 1, 0)
                    emit(branch)
                    exits.append(instructions.count)
                    append(.jump)
                    instructions[split].b = here
                }
            }
            for e in exits { instructions[e].a = here }
        case .repetition(let body, let lo, let hi):
            if let hi {
                for _ in 0..<lo { emit(body) }
                var splits: [Int] = []
                for _ in 0..<(hi - lo) {
                    splits.append(instructions.count)
                    append(.split, here + 1, 0)
                    emit(body)
                }
                for s in splits { instructions[s].b = here }
            } else if lo == 0 {
                let loop = here
                append(.split, here + 1, 0)
                emit(body)
                append(.jump, loop)
                instructions[Int(loop)].b = here
            } else {
                for _ in 0..<(lo - 1) { emit(body) }
                let loop = here
                emit(body)
                append(.split, loop, here + 1)
            }
        }
    }
}
