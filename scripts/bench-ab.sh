#!/usr/bin/env bash
# A/B check that a change costs nothing on the serving path: two mockserver binaries serve the same
# small JSON GET in interleaved rounds, the server pinned to CPU 0 and wrk to CPU 1. Reports the
# server's CPU time per request (user + system, from /proc), requests per second and resident
# memory after start-up, as medians; then, when valgrind is installed, the instructions each
# binary executes per request under callgrind (1,000 and 3,000 keep-alive requests, the
# difference divided by 2,000, so start-up cancels out) — exact, whatever else runs on the machine.
#
#   scripts/bench-ab.sh OLD_BINARY NEW_BINARY [ROUNDS] [SECONDS]      (defaults: 5 rounds of 5 s)
#
# Build the binaries with `swift build -c release --product mockserver` in each tree.
set -euo pipefail

OLD=${1:?usage: scripts/bench-ab.sh OLD_BINARY NEW_BINARY [ROUNDS] [SECONDS]}
NEW=${2:?usage: scripts/bench-ab.sh OLD_BINARY NEW_BINARY [ROUNDS] [SECONDS]}
ROUNDS=${3:-5}
SECONDS_PER_RUN=${4:-5}
for tool in wrk taskset python3; do
  command -v "$tool" >/dev/null || { echo "bench-ab: needs $tool" >&2; exit 1; }
done
[ "$(nproc)" -ge 2 ] || { echo "bench-ab: needs 2 CPUs (server and wrk pinned apart)" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/root/api"
python3 - "$WORK/root/api/item.json" <<'PY'
import json, sys
item = {"id": 1, "name": "Luke Skywalker", "films": [f"https://api.example.test/films/{n}/" for n in range(1, 30)]}
json.dump([{"response": item}], open(sys.argv[1], "w"))
PY
TICKS=$(getconf CLK_TCK)

# run_once BINARY LABEL: prints "LABEL cpu_us_per_request requests_per_second rss_kib".
run_once() {
  local binary=$1 label=$2 out="$WORK/server.out" pid port line
  : > "$out"
  taskset -c 0 "$binary" --root "$WORK/root" --port 0 --quiet > "$out" 2>/dev/null &
  pid=$!
  for _ in $(seq 1 500); do grep -q '^listening on' "$out" && break; sleep 0.01; done
  line=$(head -n 1 "$out")
  port=${line##*:}; port=${port%% *}
  local url="http://127.0.0.1:$port/api/item"
  taskset -c 1 wrk -t1 -c32 -d1s "$url" > /dev/null          # warm-up
  local rss; rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
  local before; before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  local report; report=$(taskset -c 1 wrk -t1 -c32 -d"${SECONDS_PER_RUN}s" "$url")
  local after; after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  local requests; requests=$(echo "$report" | awk '/requests in/ {print $1}')
  local rate; rate=$(echo "$report" | awk '/^Requests\/sec/ {print $2}')
  python3 -c "print('$label', round(($after - $before) * 1e6 / $TICKS / $requests, 2), round($rate), $rss)"
}

for round in $(seq 1 "$ROUNDS"); do
  run_once "$OLD" old
  run_once "$NEW" new
done > "$WORK/runs.txt"

# instructions BINARY REQUESTS: the server's total instruction count (callgrind) for that many requests.
instructions() {
  local binary=$1 count=$2 out="$WORK/callgrind" line port
  : > "$out.log"
  valgrind --tool=callgrind --callgrind-out-file="$out.data" "$binary" --root "$WORK/root" --port 0 --quiet --threads 1 \
    > "$out.log" 2>/dev/null &
  local pid=$!
  for _ in $(seq 1 600); do grep -q '^listening on' "$out.log" && break; sleep 0.1; done
  line=$(head -n 1 "$out.log"); port=${line##*:}; port=${port%% *}
  python3 -c "import sys; print('\n'.join(['url = \"http://127.0.0.1:$port/api/item\"', 'output = /dev/null'] * $count))" > "$out.curl"
  curl -s -K "$out.curl"
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  awk '/^(summary|totals):/ {print $2; exit}' "$out.data"
}

python3 - "$WORK/runs.txt" "$OLD" "$NEW" "$ROUNDS" "$SECONDS_PER_RUN" <<'PY'
import statistics, sys
runs = [line.split() for line in open(sys.argv[1])]
def column(label, index):
    return [float(r[index]) for r in runs if r[0] == label]
print(f"bench-ab: {sys.argv[4]} interleaved rounds of {sys.argv[5]} s, GET /api/item (small JSON), wrk -t1 -c32 on CPU 1, server on CPU 0")
print(f"  old: {sys.argv[2]}\n  new: {sys.argv[3]}")
print("| binary | CPU µs/request (median, min–max) | req/s (median) | RSS after start (KiB, median) |")
print("|---|---:|---:|---:|")
for label in ("old", "new"):
    cpu, rate, rss = column(label, 1), column(label, 2), column(label, 3)
    print(f"| {label} | {statistics.median(cpu):.2f} ({min(cpu):.2f}–{max(cpu):.2f}) | {statistics.median(rate):,.0f} | {statistics.median(rss):,.0f} |")
old, new = statistics.median(column("old", 1)), statistics.median(column("new", 1))
print(f"new/old CPU per request: {new / old:.3f}")
PY

if command -v valgrind >/dev/null && command -v curl >/dev/null; then
  echo "| binary | instructions per request (callgrind) | start-up and 1,000 requests |"
  echo "|---|---:|---:|"
  for label in old new; do
    binary=$OLD; [ "$label" = new ] && binary=$NEW
    few=$(instructions "$binary" 1000); many=$(instructions "$binary" 3000)
    echo "| $label | $(( (many - few) / 2000 )) | $few |"
  done
fi
