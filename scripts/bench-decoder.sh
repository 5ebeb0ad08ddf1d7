#!/usr/bin/env bash
# Throughput of the pure-Swift gzip/deflate decoder (Sources/ResonanceKitTesting/Decoding), outside the
# test suite: debug builds are 10-50x slower than -O, so the tests check behaviour, not speed.
#
#   scripts/bench-decoder.sh              # 7 runs per corpus, the best one counts
#   scripts/bench-decoder.sh --runs 20
#   scripts/bench-decoder.sh --keep-temp  # keep the corpora, the driver and the binary
#
# Compiles the Decoding sources plus a small driver with `swiftc -O` in a temporary folder (no SwiftPM,
# no package build), generates a few MB of gzip and zlib input with python3, decodes each corpus several
# times and prints decoded MB/s (10^6 bytes per second of output), next to Python's zlib (C) on the same
# input for scale. Every decode is checked against the corpus' size and CRC-32.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGE_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
SOURCES="$PACKAGE_ROOT/Sources/ResonanceKitTesting/Decoding"

runs=7
keep_temp=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --keep-temp) keep_temp=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-decoder.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "bench-decoder.sh: --runs needs a positive number" >&2; exit 2 ;; esac

work="$(mktemp -d "${TMPDIR:-/tmp}/bench-decoder.XXXXXX")"
cleanup() {
  if [ "$keep_temp" -eq 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# Corpora: typical text (this Python's stdlib sources) and JSON, as servers send them; plus zlib's own
# decoding speed on each, best of the same number of runs.
DECODER_SCRIPTS="$SCRIPT_DIR" python3 - "$work" "$runs" <<'PY'
import gzip, json, os, random, sys, time, zlib

work, runs = sys.argv[1], int(sys.argv[2])

sys.path.insert(0, os.environ['DECODER_SCRIPTS'])
from decoder_corpora import json_text, stdlib_text  # shared with generate-decoder-vectors.py

text = stdlib_text(3 << 20)
data = json_text(2 << 20, seed=11)
corpora = [
    ('text 3 MiB gzip -6', 'gzip', gzip.compress(text, 6, mtime=0), text, lambda b: zlib.decompress(b, 31)),
    ('json 2 MiB gzip -6', 'gzip', gzip.compress(data, 6, mtime=0), data, lambda b: zlib.decompress(b, 31)),
    ('text 3 MiB zlib -9', 'deflate', zlib.compress(text, 9), text, zlib.decompress),
]
with open(os.path.join(work, 'manifest.tsv'), 'w') as manifest:
    for index, (name, coding, body, plain, decompress) in enumerate(corpora):
        path = os.path.join(work, f'corpus{index}.bin')
        with open(path, 'wb') as f:
            f.write(body)
        best = float('inf')
        for _ in range(runs):
            start = time.perf_counter()
            decoded = decompress(body)
            best = min(best, time.perf_counter() - start)
            assert decoded == plain
        manifest.write(f'{name}\t{coding}\t{path}\t{len(plain)}\t{zlib.crc32(plain)}\t{len(plain) / best / 1e6:.0f}\n')
PY

cat > "$work/main.swift" <<'SWIFT'
// Benchmark driver: decodes each corpus in the manifest `runs` times, prints the best run.
import Foundation

let arguments = CommandLine.arguments
let runs = Int(arguments[2])!
var failed = false
print("ContentDecoder (swiftc -O), best of \(runs) runs; decoded MB/s = 10^6 output bytes per second")
for line in try String(contentsOfFile: arguments[1], encoding: .utf8).split(separator: "\n") {
    let fields = line.split(separator: "\t").map(String.init)
    let (name, coding, path) = (fields[0], fields[1], fields[2])
    let (count, crc, zlibRate) = (Int(fields[3])!, UInt32(fields[4])!, fields[5])
    let body = [UInt8](FileManager.default.contents(atPath: path)!)
    var best = Duration.seconds(1_000)
    for _ in 0..<runs {
        let clock = ContinuousClock()
        var decoded: [UInt8]?
        let time = clock.measure { decoded = try? ContentDecoder.decode(body, coding: coding, limit: 1 << 30) }
        best = min(best, time)
        let ok = decoded.map { $0.count == count && $0.withUnsafeBufferPointer(ContentDecoder.CRC32.checksum) == crc }
        if ok != true {
            print("  \(name): WRONG OUTPUT")
            failed = true
        }
    }
    let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
    let padded = name.padding(toLength: 20, withPad: " ", startingAt: 0)
    print("  \(padded) \(body.count) -> \(count) bytes: \(Int((seconds * 1e6).rounded())) µs, "
          + "\(Int((Double(count) / seconds / 1e6).rounded())) MB/s decoded (zlib via Python: \(zlibRate) MB/s)")
}
exit(failed ? 1 : 0)
SWIFT

echo "compiling (swiftc -O)…" >&2
swiftc -O -swift-version 6 -warnings-as-errors -package-name ResonanceKit -module-name DecoderBench \
  "$SOURCES"/*.swift "$work/main.swift" -o "$work/bench-decoder"
"$work/bench-decoder" "$work/manifest.tsv" "$runs"
