#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pass over the headers libmicrohttpd parsed, checking that they account for every byte of
/// the head as it arrived, and feeding each to a ``RequestHead``.
///
/// libmicrohttpd 0.9.75 parses the head in place in its read buffer: each line's terminator (CRLF
/// or LF) and each header's colon become NUL bytes, and a header's name and value point at the
/// bytes that were on its line. So for headers it read as sent, the value starts after the name's
/// NUL and the spaces or tabs that followed the colon, the next header's name starts one or two
/// NULs after the value, and the head ends two to four NULs after the last value. Three things
/// break that layout, and each would let a proxy in front and this server read a different request
/// (request smuggling):
/// - a folded line (one starting with whitespace): the library appends it to the previous header's
///   *name*, which it copies elsewhere in its memory pool (`process_broken_line` in connection.c);
/// - a line starting with `:` after the first header: it ends the head there, and the lines
///   after it are read as the body or the next request;
/// - a NUL byte inside a line: the name and value end there (`strlen`), the rest of the line is
///   dropped.
/// A bare CR inside a value is kept by the library (only CRLF and LF end lines) but ends the line
/// for some other parsers, so it is refused as well.
///
/// The layout checks hold for libmicrohttpd 0.9's parser only; with any other version (1.x
/// parses differently, and reads those lines correctly or refuses them itself) only the
/// checks of names and values run.
struct HeadScan {
    /// Whether the running library is 0.9.x, whose in-place layout the checks rely on.
    static let checksLayout = MHDDaemon.libraryVersion.hasPrefix("0.9.")

    var head: RequestHead
    /// Where the previous header's value ended; nil before the first header or after a header
    /// whose name was moved (already refused).
    private var previousValueEnd: UnsafeRawPointer?
    /// The previous header's name, for error messages.
    private var previousName: UnsafeBufferPointer<UInt8>?

    init(head: RequestHead) {
        self.head = head
    }

    mutating func visit(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        head.count(nameLength: name.count, valueLength: value.count)
        head.checkName(name)
        if let header = CheckedHeader(name: name) {
            head.add(header, valueLength: value.count, value: String(decoding: value, as: UTF8.self))
            if header == .host { head.checkHost(value) }
            if header == .cookie { head.countCookies(value) }
        }
        guard let nameStart = name.baseAddress, let valueStart = value.baseAddress else { return }
        if value.count > 0, memchr(valueStart, Int32(UInt8(ascii: "\r")), value.count) != nil {
            head.noteCarriageReturn(inValueOf: name)
        }
        guard Self.checksLayout else { return }
        if Self.wasMoved(name: name, valueStart: valueStart) {
            head.noteFoldedLine(name: name)
        } else if let previousValueEnd, let previousName,
                  !Self.isLineBreak(from: previousValueEnd, to: UnsafeRawPointer(nameStart), allowed: 1...2) {
            head.noteUnreadableLine(after: previousName)
        }
        previousValueEnd = UnsafeRawPointer(valueStart) + value.count
        previousName = name
    }

    /// Checks the bytes between the last header's value and `headEnd` (the end of the empty line
    /// that ended the head): that line break and the empty line, two to four NULs.
    mutating func checkEnd(headEnd: UnsafeRawPointer) {
        guard let previousValueEnd, let previousName else { return }
        if !Self.isLineBreak(from: previousValueEnd, to: headEnd, allowed: 2...4) {
            head.noteUnreadableLine(after: previousName)
        }
    }

    /// Whether the name no longer sits right before its value: `name`, its NUL (the colon), then
    /// only spaces and tabs up to `valueStart`. Reads only between the two when they are at most
    /// one line apart, so within the read buffer.
    private static func wasMoved(name: UnsafeBufferPointer<UInt8>, valueStart: UnsafePointer<UInt8>) -> Bool {
        guard let nameStart = name.baseAddress else { return false }
        let gap = UnsafeRawPointer(valueStart) - UnsafeRawPointer(nameStart) - name.count
        guard gap >= 1, gap <= 64 * 1024, nameStart[name.count] == 0 else { return true }
        for offset in (name.count + 1)..<(name.count + gap) {
            let byte = nameStart[offset]
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { return true }
        }
        return false
    }

    /// Whether `start..<end` is `allowed` bytes long and all NUL (line terminators as the library
    /// leaves them). Reads nothing unless the length fits.
    private static func isLineBreak(from start: UnsafeRawPointer, to end: UnsafeRawPointer, allowed: ClosedRange<Int>) -> Bool {
        let length = end - start
        guard allowed.contains(length) else { return false }
        for offset in 0..<length where start.load(fromByteOffset: offset, as: UInt8.self) != 0 {
            return false
        }
        return true
    }
}
