#!/usr/bin/env bash
# Speed of LinearRegex, the linear-time engine behind fixtures' `$regex` matchers
# (Sources/MockFixtures/Matching/Regex), next to Swift `Regex`, outside the test suite: debug builds are
# 10-50x slower than -O, so the tests check answers, not speed.
#
#   scripts/bench-regex.sh                    # best of 5 runs per case; Swift Regex stopped after 5 s
#   scripts/bench-regex.sh --runs 10 --swift-timeout 20
#   scripts/bench-regex.sh --keep-temp        # keep the driver and the binary
#
# Compiles the Regex sources plus a small driver with `swiftc -O` in a temporary folder (no SwiftPM, no
# package build). Prints backtracking killers (pathological patterns), throughput on 1 MB texts, and
# per-call costs on short values. Swift `Regex` (`text.contains(try Regex(pattern))`, default options)
# runs each case in a child process under `timeout`; one that has not finished a single run by then shows as
# "over N s". Every answer is checked; a wrong one is printed as WRONG ANSWER and fails the script.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGE_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
SOURCES="$PACKAGE_ROOT/Sources/MockFixtures/Matching/Regex"

runs=5
swift_timeout=5
keep_temp=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --swift-timeout) swift_timeout="${2:?--swift-timeout needs a number of seconds}"; shift 2 ;;
    --keep-temp) keep_temp=1; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-regex.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "bench-regex.sh: --runs needs a positive number" >&2; exit 2 ;; esac
case "$swift_timeout" in ''|*[!0-9]*|0) echo "bench-regex.sh: --swift-timeout needs a positive number" >&2; exit 2 ;; esac
command -v timeout >/dev/null || { echo "bench-regex.sh: needs timeout (coreutils)" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/bench-regex.XXXXXX")"
cleanup() {
  if [ "$keep_temp" -eq 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

cat > "$work/main.swift" <<'SWIFT'
// Benchmark driver. `list` prints the cases (id, section, label); `linear ID RUNS` and `swift ID RUNS`
// time one case with LinearRegex or Swift Regex, printing the best time so far after each run (the last line
// counts). Exit status 3: wrong answer.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A seeded generator (SplitMix64), so the random texts are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Section: String { case pathological, throughput, calls }

/// One search: `pattern` over `text`, whose answer must be `expected`.
struct Search {
    let label: String
    let section: Section
    let pattern: String
    let text: () -> String
    let expected: Bool
}

/// Many short values, or a compile: reported per call.
struct Calls {
    let label: String
    let pattern: String
    /// Values to match, or nil to time compiling the pattern.
    let values: [String]?
    let expectedHits: Int
}

func randomLetters(_ count: Int) -> String {
    var rng = SplitMix64(state: 42)
    let letters = Array("abcdefghijklmnopqrstuvw") // no x, y, z: "xyz" never occurs
    var text = ""
    text.reserveCapacity(count)
    for _ in 0..<count { text.append(letters[Int.random(in: 0..<letters.count, using: &rng)]) }
    return text
}
let json = { String(repeating: "{\"id\": 12345, \"status\": \"active\", \"email\": \"john@example.com\"}, ", count: 15_000) }
let cjk = { String(repeating: "\u{65E5}\u{672C}\u{8A9E}\u{30C6}\u{30AD}\u{30B9}\u{30C8} ", count: 45_000) }

let searches: [Search] = [
    Search(label: "abc.*xyz on abc + 100 KB of a", section: .pathological, pattern: "abc.*xyz",
           text: { "abc" + String(repeating: "a", count: 100_000) }, expected: false),
    Search(label: "abc.*xyz on 100 KB of abc", section: .pathological, pattern: "abc.*xyz",
           text: { String(repeating: "abc", count: 34_000) }, expected: false),
    Search(label: "^(a+)+$ on 30 a + b", section: .pathological, pattern: "^(a+)+$",
           text: { String(repeating: "a", count: 30) + "b" }, expected: false),
    Search(label: "^(a+)+$ on 10 KB of a + b", section: .pathological, pattern: "^(a+)+$",
           text: { String(repeating: "a", count: 10_000) + "b" }, expected: false),
    Search(label: "(a|a)*b on 10 KB of a", section: .pathological, pattern: "(a|a)*b",
           text: { String(repeating: "a", count: 10_000) }, expected: false),
    Search(label: "(a*)*b on 10 KB of a", section: .pathological, pattern: "(a*)*b",
           text: { String(repeating: "a", count: 10_000) }, expected: false),
    Search(label: "(.*){20}x on 10 KB of a", section: .pathological, pattern: "(.*){20}x",
           text: { String(repeating: "a", count: 10_000) }, expected: false),
    Search(label: "(x+x+)+y on 10 KB of x", section: .pathological, pattern: "(x+x+)+y",
           text: { String(repeating: "x", count: 10_000) }, expected: false),
    Search(label: "^(\\w+\\s?)+$ on 10 KB of words + !", section: .pathological, pattern: "^(\\w+\\s?)+$",
           text: { String(repeating: "word ", count: 2_000) + "!" }, expected: false),
    Search(label: "\"needle\":\\s*\\d+ at the end of 10 MB", section: .pathological, pattern: "\"needle\":\\s*\\d+",
           text: { String(repeating: "{\"k\":\"v\"}, ", count: 1_000_000) + "\"needle\": 123" }, expected: true),
    Search(label: "abc.*xyz, 1 MB random a-w", section: .throughput, pattern: "abc.*xyz",
           text: { randomLetters(1_000_000) }, expected: false),
    Search(label: "abc.*xyz, 1 MB of q (prefilter)", section: .throughput, pattern: "abc.*xyz",
           text: { String(repeating: "q", count: 1_000_000) }, expected: false),
    Search(label: "\"status\"\\s*:\\s*\"closed\", 1 MB JSON", section: .throughput, pattern: "\"status\"\\s*:\\s*\"closed\"",
           text: json, expected: false),
    Search(label: "(?i)\"STATUS\": \"CLOSED\", 1 MB JSON", section: .throughput, pattern: "(?i)\"STATUS\": \"CLOSED\"",
           text: json, expected: false),
    Search(label: "\\d{4}-\\d{2}-\\d{2}, 1 MB JSON", section: .throughput, pattern: "\\d{4}-\\d{2}-\\d{2}",
           text: json, expected: false),
    Search(label: "[a-z]+@[a-z]+\\.org, 1 MB JSON", section: .throughput, pattern: "[a-z]+@[a-z]+\\.org",
           text: json, expected: false),
    Search(label: "(a|b|c|d|e)+z, 1 MB random a-w", section: .throughput, pattern: "(a|b|c|d|e)+z",
           text: { randomLetters(1_000_000) }, expected: false),
    Search(label: "\\p{Lu}, 1 MB CJK", section: .throughput, pattern: "\\p{Lu}", text: cjk, expected: false),
]

let ids = (0..<1000).map { i in i % 3 == 0 ? "A\(1000 + i)" : (i % 3 == 1 ? "b\(i)" : "Z\(i * 37)x") }
let uuid = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
let calls: [Calls] = [
    Calls(label: "^[A-Z][0-9]{3,5}$ on 1,000 short ids", pattern: "^[A-Z][0-9]{3,5}$", values: ids, expectedHits: 334),
    Calls(label: "(?i)^bearer [a-z0-9._-]+$ on 50-byte headers", pattern: "(?i)^bearer [a-z0-9._-]+$",
          values: (0..<1000).map { "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM\($0)" }, expectedHits: 1000),
    Calls(label: "the UUID pattern on UUIDs", pattern: uuid,
          values: (0..<1000).map { i in "123e4567-e89b-12d3-a456-\(String(0x1000_0000_0000 + i * 7919, radix: 16))" },
          expectedHits: 1000),
    Calls(label: "compiling the UUID pattern", pattern: uuid, values: nil, expectedHits: 0),
]

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `x` with `digits` decimals, without Foundation.
func fmt(_ x: Double, _ digits: Int = 1) -> String {
    guard x.isFinite else { return "\(x)" }
    var p = 1
    for _ in 0..<digits { p *= 10 }
    let scaled = Int(x * Double(p) + 0.5)
    let whole = scaled / p
    guard digits > 0 else { return "\(whole)" }
    var fraction = "\(scaled % p)"
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(whole).\(fraction)"
}

/// A short, readable time.
func time(_ s: Double) -> String {
    s >= 1 ? "\(fmt(s, 2)) s" : s >= 0.001 ? "\(fmt(s * 1e3, 2)) ms" : "\(fmt(s * 1e6, 1)) µs"
}

/// Writes one line to stdout at once (unbuffered), so a run stopped by `timeout` keeps what it printed.
func report(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

/// Runs `body` up to `runs` times (no new run once 3 s have been spent) and, after each run, reports
/// `line(best time so far)`. `body` returns false on a wrong answer, which ends the process with status 3.
func measureRuns(_ runs: Int, _ body: () -> Bool, line: (Double) -> String) {
    let clock = ContinuousClock()
    var best = Double.infinity
    var spent = 0.0
    for _ in 0..<runs where spent < 3 {
        var correct = true
        let s = seconds(clock.measure { correct = body() })
        best = min(best, s)
        spent += s
        guard correct else {
            report("\(line(s))  WRONG ANSWER")
            exit(3)
        }
        report(line(best))
    }
}

/// A matcher for `pattern`: whether a text contains a match.
func matcher(_ pattern: String, linear: Bool) -> (String) -> Bool {
    if linear {
        let regex = try! LinearRegex(pattern)
        return { regex.matches(in: $0) }
    }
    let regex = try! Regex(pattern)
    return { $0.contains(regex) }
}

let arguments = CommandLine.arguments
if arguments.count == 2 && arguments[1] == "list" {
    for (index, search) in searches.enumerated() { print("s\(index)\t\(search.section.rawValue)\t\(search.label)") }
    for (index, call) in calls.enumerated() { print("c\(index)\tcalls\t\(call.label)") }
    exit(0)
}
guard arguments.count == 4, ["linear", "swift"].contains(arguments[1]), let runs = Int(arguments[3]) else {
    report("usage: bench-regex list | (linear|swift) ID RUNS")
    exit(2)
}
let linear = arguments[1] == "linear"
let id = arguments[2]

if id.hasPrefix("s"), let index = Int(id.dropFirst()), searches.indices.contains(index) {
    let search = searches[index]
    let text = search.text()
    let contains = matcher(search.pattern, linear: linear)
    let megabytes = Double(text.utf8.count) / 1e6
    var suffix = ""
    if linear, search.section == .pathological, let regex = try? LinearRegex(search.pattern) {
        suffix = " (\(regex.instructionCount) instr.)"
    }
    measureRuns(runs, { contains(text) == search.expected }) { s in
        (search.section == .throughput ? "\(fmt(megabytes / s)) MB/s (\(time(s)))" : time(s)) + suffix
    }
} else if id.hasPrefix("c"), let index = Int(id.dropFirst()), calls.indices.contains(index) {
    let call = calls[index]
    if let values = call.values {
        let contains = matcher(call.pattern, linear: linear)
        measureRuns(runs, { values.reduce(0) { contains($1) ? $0 + 1 : $0 } == call.expectedHits }) { s in
            "\(fmt(s * 1e9 / Double(values.count), 0)) ns per call"
        }
    } else {
        let count = 1_000
        let pattern = call.pattern
        measureRuns(runs, {
            var compiled = 0
            for _ in 0..<count {
                if linear { compiled += (try? LinearRegex(pattern)) == nil ? 0 : 1 } else { compiled += (try? Regex(pattern)) == nil ? 0 : 1 }
            }
            return compiled == count
        }) { s in "\(fmt(s * 1e6 / Double(count), 1)) µs per compile" }
    }
} else {
    report("unknown case \(id)")
    exit(2)
}
SWIFT

echo "compiling (swiftc -O)…" >&2
swiftc -O -swift-version 6 -warnings-as-errors -package-name ResonanceKit -module-name RegexBench \
  "$SOURCES"/*.swift "$work/main.swift" -o "$work/bench-regex"

# row LABEL LINEAR SWIFT: columns padded by characters, not bytes ("µs"), in a UTF-8 locale.
row() {
  local pad1=$((48 - ${#1})) pad2=$((32 - ${#2}))
  [ "$pad1" -gt 0 ] || pad1=0
  [ "$pad2" -gt 0 ] || pad2=0
  printf '  %s%*s %s%*s %s\n' "$1" "$pad1" '' "$2" "$pad2" '' "$3"
}
# run_case ENGINE ID: the driver's last line (its best time), or "over N s" when Swift Regex is stopped
# by the timeout before finishing one run.
run_case() {
  local out status=0
  if [ "$1" = swift ]; then
    out="$(timeout "$swift_timeout" "$work/bench-regex" swift "$2" "$runs" 2>&1)" || status=$?
  else
    out="$("$work/bench-regex" linear "$2" "$runs" 2>&1)" || status=$?
  fi
  out="$(printf '%s\n' "$out" | tail -n 1)"
  case "$status" in
    0) echo "$out" ;;
    124) if [ -n "$out" ]; then echo "$out"; else echo "over $swift_timeout s"; fi ;;
    3) echo "$out" ;;
    *) echo "FAILED (status $status): $out" ;;
  esac
}

echo "LinearRegex vs Swift Regex, swiftc -O: best of $runs runs (no new run after 3 s); Swift Regex stopped after $swift_timeout s"
failed=0
section=""
while IFS=$'\t' read -r id kind label; do
  if [ "$kind" != "$section" ]; then
    section="$kind"
    case "$kind" in
      pathological) echo; echo "Backtracking killers (time per search)" ;;
      throughput) echo; echo "Throughput (1 MB = 10^6 bytes of UTF-8)" ;;
      calls) echo; echo "Short values (1,000 per run)" ;;
    esac
    row "" "LinearRegex" "Swift Regex"
  fi
  linear_result="$(run_case linear "$id")"
  swift_result="$(run_case swift "$id")"
  case "$linear_result $swift_result" in *"WRONG ANSWER"*|*FAILED*) failed=1 ;; esac
  row "$label" "$linear_result" "$swift_result"
done < <("$work/bench-regex" list)
exit "$failed"
