#!/usr/bin/env bash
# Client benchmark: ResonanceKit's JSONRequest.perform over URLSessionTransport and over
# AsyncHTTPClientTransport vs hand-written URLSession.data(for:), URLSession.dataTask and
# AsyncHTTPClient + JSONDecoder loops, all against mockserver on 127.0.0.1, in interleaved rounds,
# sequential and 64 in flight; then how exactly timeouts fire (resonance-bench --timeouts).
#
#   scripts/bench-client.sh            # 5 rounds of 3 s per client and level, then timeouts
#   scripts/bench-client.sh --quick    # 1 round of 2 s: a smoke run
#   scripts/bench-client.sh --help
#
# Builds mockserver and resonance-bench in release mode, starts mockserver on port 0 with a
# generated fixture, runs the benchmark, stops mockserver. The report goes to stdout and to
# bench-results/. What is measured and how: BENCHMARKS.md.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGE_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
HELPERS="$SCRIPT_DIR/bench"
# shellcheck source=bench/common.sh
source "$HELPERS/common.sh"

usage() {
  cat <<'USAGE'
usage: scripts/bench-client.sh [--quick] [--rounds N] [--seconds S] [--warmup S] [--concurrency N[,N…]]
                               [--scenario small|large] [--no-timeouts] [--mockserver PATH] [--bench PATH]
                               [--out DIR] [--keep-temp]

  --quick             smoke run: 1 round of 2 s, 1 s warm-up (unless given explicitly)
  --rounds N          interleaved rounds per client (default 5)
  --seconds S         length of each measured run (default 3)
  --warmup S          warm-up per client (default 2)
  --concurrency LIST  requests in flight at once, one comparison per level (default 1,64:
                      sequential and 64-way concurrent)
  --no-timeouts       skip the timeout measurement (about 40 s)
  --scenario NAME     small (~1 KB page, default) or large (~1 MB page)
  --mockserver PATH   use this mockserver executable instead of building it
  --bench PATH        use this resonance-bench executable instead of building it
  --out DIR           where to write the report (default: bench-results/ in the package)
  --keep-temp         keep the generated fixture and the mockserver log
  -h, --help          show this help
USAGE
}

QUICK=0 ROUNDS="" SECONDS_PER_RUN="" WARMUP="" CONCURRENCY=1,64 SCENARIO=small TIMEOUTS=1
MOCKSERVER_BIN="" BENCH_BIN="" OUT_DIR="$PACKAGE_ROOT/bench-results"

require_value() {
  if [ -z "${2:-}" ] || [[ "$2" == --* ]]; then
    die "$1 needs a value; see scripts/bench-client.sh --help"
  fi
}

while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1; shift ;;
    --rounds) require_value "$1" "${2:-}"; ROUNDS=$2; shift 2 ;;
    --seconds) require_value "$1" "${2:-}"; SECONDS_PER_RUN=$2; shift 2 ;;
    --warmup) require_value "$1" "${2:-}"; WARMUP=$2; shift 2 ;;
    --concurrency) require_value "$1" "${2:-}"; CONCURRENCY=$2; shift 2 ;;
    --scenario)
      require_value "$1" "${2:-}"
      case "$2" in small|large) SCENARIO=$2 ;; *) die "--scenario must be small or large, got '$2'" ;; esac
      shift 2 ;;
    --mockserver) require_value "$1" "${2:-}"; MOCKSERVER_BIN=$(realpath -m "$2"); shift 2 ;;
    --bench) require_value "$1" "${2:-}"; BENCH_BIN=$(realpath -m "$2"); shift 2 ;;
    --out) require_value "$1" "${2:-}"; OUT_DIR=$(realpath -m "$2"); shift 2 ;;
    --keep-temp) KEEP_TEMP_DIR=1; shift ;;
    --no-timeouts) TIMEOUTS=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1'; see scripts/bench-client.sh --help" ;;
  esac
done
if [ "$QUICK" -eq 1 ]; then
  ROUNDS=${ROUNDS:-1} SECONDS_PER_RUN=${SECONDS_PER_RUN:-2} WARMUP=${WARMUP:-1}
else
  ROUNDS=${ROUNDS:-5} SECONDS_PER_RUN=${SECONDS_PER_RUN:-3} WARMUP=${WARMUP:-2}
fi
# resonance-bench validates the numbers itself and names the flag when one is out of range.

ensure_command curl curl
ensure_command python3 python3
ensure_mockserver "$PACKAGE_ROOT"
if [ -n "$BENCH_BIN" ]; then
  [ -x "$BENCH_BIN" ] || die "--bench $BENCH_BIN is not an executable file"
else
  log "building resonance-bench (swift build -c release --product resonance-bench)"
  (cd "$PACKAGE_ROOT" && swift build -c release --product resonance-bench >&2) ||
    die "the release build of resonance-bench failed; see the compiler output above"
  BENCH_BIN="$(cd "$PACKAGE_ROOT" && swift build -c release --show-bin-path)/resonance-bench"
fi

install_cleanup_trap
BENCH_TEMP_DIR=$(mktemp -d /tmp/resonance-bench-client.XXXXXX)
python3 "$HELPERS/make_fixtures.py" --skip-trees "$BENCH_TEMP_DIR/fixtures" >&2
ROOT="$BENCH_TEMP_DIR/fixtures/mockserver/main"
LOGFILE="$BENCH_TEMP_DIR/mockserver.log"
# For --timeouts: an answer after 5 s (?ms=5000) and an immediate one.
cat >"$ROOT/bench/delay.json" <<'JSON'
[
  { "method": "GET", "request": { "ms": "5000" }, "delay": 5000, "response": { "delay_ms": 5000 } },
  { "method": "GET", "response": { "delay_ms": 0 } }
]
JSON

start_process "$LOGFILE" "$MOCKSERVER_BIN" --root "$ROOT" --host 127.0.0.1 --port 0 --quiet
MOCKSERVER_PID=$STARTED_PID
# Port 0: the kernel picks the port; mockserver prints it in its one "listening on" line.
URL=""
for _ in $(seq 1 3000); do
  URL=$(grep -o -m 1 'listening on http://[^ ]*' "$LOGFILE" 2>/dev/null | sed 's/^listening on //' || true)
  if [ -n "$URL" ]; then break; fi
  if ! kill -0 "$MOCKSERVER_PID" 2>/dev/null; then
    tail -n 20 "$LOGFILE" >&2
    die "mockserver exited before printing its 'listening on' line; see its output above"
  fi
  sleep 0.01
done
[ -n "$URL" ] || die "mockserver printed no 'listening on' line within 30 s; see $LOGFILE (use --keep-temp)"
log "mockserver (pid $MOCKSERVER_PID) listening on $URL"

mkdir -p "$OUT_DIR"
quick_suffix="" quick_note=""
if [ "$QUICK" -eq 1 ]; then quick_suffix="-quick" quick_note="; SMOKE RUN (--quick): rough numbers only"; fi
report="$OUT_DIR/client-$(date -u '+%Y%m%d-%H%M%S')$quick_suffix.md"
{
  echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$PACKAGE_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown);" \
    "response body $(stat -c %s "$BENCH_TEMP_DIR/fixtures/bodies/$SCENARIO.json") B$quick_note."
  echo
  "$BENCH_BIN" --url "$URL" --path "bench/$SCENARIO" --rounds "$ROUNDS" --seconds "$SECONDS_PER_RUN" \
    --warmup "$WARMUP" --concurrency "$CONCURRENCY"
  if [ "$TIMEOUTS" -eq 1 ]; then
    echo
    "$BENCH_BIN" --url "$URL" --timeouts --path bench/delay
  fi
} >"$report" || { cat "$report"; die "resonance-bench failed; its messages are above"; }
cat "$report"
log "report written to $report"
