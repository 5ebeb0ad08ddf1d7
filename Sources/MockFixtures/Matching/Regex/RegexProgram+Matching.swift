// Pike-VM simulation of a `RegexProgram` over the UTF-8 bytes of a text, one Unicode scalar at a time.
//
// Two thread lists (sparse sets of instruction indices) hold the NFA states alive before and
// after the current scalar. Each instruction enters a list at most once per position, so a
// search costs O(scalars × instructions) time and O(instructions) memory, whatever the pattern.

/// "No scalar": before the start or after the end of the text.
private let none: UInt32 = .max

/// A set of instruction indices with O(1) insert, membership and clear.
private struct RegexThreadList {
    let sparse: UnsafeMutablePointer<Int32>
    let dense: UnsafeMutablePointer<Int32>
    var count = 0

    @inline(__always) func contains(_ pc: Int32) -> Bool {
        let k = Int(sparse[Int(pc)])
        return k < count && dense[k] == pc
    }

    @inline(__always) mutating func insert(_ pc: Int32) {
        sparse[Int(pc)] = Int32(count)
        dense[count] = pc
        count += 1
    }
}

@inline(__always) private func isNewline(_ c: UInt32) -> Bool {
    (c >= 0x0A && c <= 0x0D) || c == 0x85 || c == 0x2028 || c == 0x2029
}

@inline(__always) private func isWord(_ c: UInt32) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || (c >= 0x61 && c <= 0x7A)
}

private struct VM {
    let insts: UnsafePointer<RegexInstruction>
    let bitmaps: UnsafePointer<UInt64>
    let sets: [RegexCharSet]
    let text: UnsafePointer<UInt8>
    let end: Int
    let stack: UnsafeMutablePointer<Int32>

    /// Decodes the scalar starting at byte `p` (the text is valid UTF-8: it came from a String).
    @inline(__always) func decode(_ p: Int) -> (scalar: UInt32, length: Int) {
        let b0 = UInt32(text[p])
        if b0 < 0x80 { return (b0, 1) }
        let b1 = UInt32(text[p + 1] & 0x3F)
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | b1, 2) }
        let b2 = UInt32(text[p + 2] & 0x3F)
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | b1 << 6 | b2, 3) }
        let b3 = UInt32(text[p + 3] & 0x3F)
        return ((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
    }

    /// The scalar ending just before byte `p`.
    func scalar(before p: Int) -> UInt32 {
        if p == 0 { return none }
        var q = p - 1
        while q > 0 && text[q] & 0xC0 == 0x80 { q -= 1 }
        return decode(q).scalar
    }

    func check(_ kind: Int32, at pos: Int, previous prev: UInt32) -> Bool {
        let next = pos < end ? decode(pos).scalar : none
        switch RegexAssertion(rawValue: kind) ?? .startOfText {
        case .startOfText:
            return pos == 0
        case .endOfText:
            return pos == end
        case .endOfTextOrFinalNewline:
            if pos == end { return true }
            if prev == 0x0D && next == 0x0A { return false } // inside a CR LF pair
            guard isNewline(next) else { return false }
            let after = pos + decode(pos).length
            if after == end { return true }
            return next == 0x0D && after + 1 == end && text[after] == 0x0A
        case .startOfLine:
            return pos == 0 || (isNewline(prev) && !(prev == 0x0D && next == 0x0A))
        case .endOfLine:
            return pos == end || (isNewline(next) && !(prev == 0x0D && next == 0x0A))
        case .wordBoundary:
            return isWord(prev) != isWord(next)
        case .notWordBoundary:
            return isWord(prev) == isWord(next)
        }
    }

    /// Adds `start` and everything reachable from it without consuming input at byte `pos`.
    /// Returns true when a `match` instruction is reachable (the search is over).
    @inline(__always) func addThread(_ list: inout RegexThreadList, _ start: Int32, _ pos: Int, _ prev: UInt32) -> Bool {
        var sp = 1
        stack[0] = start
        while sp > 0 {
            sp -= 1
            let pc = stack[sp]
            if list.contains(pc) { continue }
            list.insert(pc)
            let inst = insts[Int(pc)]
            switch inst.op {
            case .jump:
                stack[sp] = inst.a
                sp += 1
            case .split:
                stack[sp] = inst.b
                stack[sp + 1] = inst.a
                sp += 2
            case .assert:
                if check(inst.a, at: pos, previous: prev) {
                    stack[sp] = pc + 1
                    sp += 1
                }
            case .match:
                return true
            default:
                break
            }
        }
        return false
    }

    func search(anchored: Bool, firstBytes: UnsafePointer<Bool>?, scratch: UnsafeMutablePointer<Int32>, size n: Int, maximumSteps: Int) -> LinearRegex.Verdict {
        var clist = RegexThreadList(sparse: scratch, dense: scratch + n)
        var nlist = RegexThreadList(sparse: scratch + 2 * n, dense: scratch + 3 * n)
        var pos = 0
        var prev = none
        var steps = 0
        while true {
            if !anchored || pos == 0 {
                if clist.count == 0, let firstBytes {
                    // No thread alive: jump to the next byte that can start a match. The pattern
                    // cannot match the empty string here, so running out of text means no match.
                    var q = pos
                    while q < end && !firstBytes[Int(text[q])] { q += 1 }
                    if q == end { return .noMatch }
                    if q != pos {
                        pos = q
                        prev = scalar(before: q)
                    }
                }
                if addThread(&clist, 0, pos, prev) { return .match }
            } else if clist.count == 0 {
                return .noMatch
            }
            if pos == end { return .noMatch }
            // The work is the threads alive at each position: bounded by the program's size, so a
            // large program over a long text is stopped rather than holding a worker for minutes.
            steps += clist.count
            if steps > maximumSteps { return .tooCostly }

            let (cur, length) = decode(pos)
            let nextPos = pos + length
            var fold = none // simple case fold of `cur`, computed on demand
            nlist.count = 0
            for k in 0..<clist.count {
                let pc = clist.dense[k]
                let inst = insts[Int(pc)]
                let ok: Bool
                switch inst.op {
                case .scalar:
                    ok = cur == UInt32(bitPattern: inst.a)
                case .scalarFold:
                    if cur == UInt32(bitPattern: inst.a) {
                        ok = true
                    } else if cur < 0x80 {
                        ok = ((cur >= 0x41 && cur <= 0x5A) ? cur + 0x20 : cur) == UInt32(bitPattern: inst.b)
                    } else {
                        if fold == none { fold = RegexCaseFolding.simpleFold(cur) }
                        ok = fold == UInt32(bitPattern: inst.b)
                    }
                case .set:
                    if cur < 0x80 {
                        let word = bitmaps[2 * Int(inst.a) + Int(cur >> 6)]
                        ok = (word >> UInt64(cur & 63)) & 1 != 0
                    } else if inst.b == 2 {
                        ok = sets[Int(inst.a)].contains(cur)
                    } else {
                        ok = inst.b == 1
                    }
                case .anyExceptNewline:
                    ok = !isNewline(cur)
                case .any:
                    ok = true
                default:
                    continue
                }
                if ok && addThread(&nlist, pc + 1, nextPos, cur) { return .match }
            }
            swap(&clist, &nlist)
            prev = cur
            pos = nextPos
        }
    }
}

extension RegexProgram {
    /// Searches UTF-8 `text` (which must be valid UTF-8) for a match, giving up after
    /// `maximumSteps` thread steps.
    func run(_ text: UnsafeBufferPointer<UInt8>, maximumSteps: Int) -> LinearRegex.Verdict {
        let n = instructions.count
        var zero: UInt8 = 0
        return withUnsafePointer(to: &zero) { zeroPointer in
            let bytes = text.baseAddress ?? zeroPointer
            return instructions.withUnsafeBufferPointer { insts in
                asciiBitmaps.withUnsafeBufferPointer { bitmaps in
                    firstBytes.withUnsafeBufferPointer { first in
                        // 2 thread lists × (sparse + dense) + a stack of at most 2n + 1 entries.
                        let capacity = 6 * n + 4
                        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { scratch in
                            let base = scratch.baseAddress!
                            base.initialize(repeating: 0, count: capacity)
                            let vm = VM(
                                insts: insts.baseAddress!,
                                bitmaps: bitmaps.baseAddress!, // never empty: RegexCompiler appends a padding pair
                                sets: sets,
                                text: bytes,
                                end: text.count,
                                stack: base + 4 * n)
                            return vm.search(
                                anchored: anchoredAtStart,
                                firstBytes: first.isEmpty ? nil : first.baseAddress,
                                scratch: base,
                                size: n,
                                maximumSteps: maximumSteps)
                        }
                    }
                }
            }
        }
    }
}
