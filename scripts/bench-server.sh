#!/usr/bin/env bash
# Server benchmark: mockserver vs nginx (static file) vs WireMock, same bytes, loopback only.
#
#   scripts/bench-server.sh            # 3 interleaved rounds of 10 s per run (about 7 minutes)
#   scripts/bench-server.sh --quick    # 1 round of 3 s per run: a smoke run, numbers are rough
#   scripts/bench-server.sh --help
#
# Prints a Markdown report to stdout and writes it (plus the raw per-run numbers) to bench-results/.
# What is measured and how: BENCHMARKS.md.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGE_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
HELPERS="$SCRIPT_DIR/bench"
# shellcheck source=bench/common.sh
source "$HELPERS/common.sh"

usage() {
  cat <<'EOF'
usage: scripts/bench-server.sh [--quick] [--rounds N] [--duration SECONDS] [--warmup SECONDS]
                               [--threads N] [--connections N] [--only LIST] [--no-efficiency]
                               [--no-callgrind] [--mockserver PATH] [--out DIR] [--keep-temp]

Benchmarks mockserver against nginx (serving the same bytes as a static file) and WireMock
(equivalent stubs) with wrk on 127.0.0.1, in interleaved rounds; mockserver also with its
request journal off (--journal-size 0), answering a templated entry and a path parameter, and
in trees of 10 and 10,000 files with templated folders. Then the efficiency part: CPU time per
request with each server pinned to core 0 and wrk to core 1 (mockserver, nginx answering from
memory, nginx serving the file, and a socket floor that only receives and sends), mockserver's memory after loading Mocks/ and under 256
keep-alive connections, the latency of normal requests while 1,100 clients trickle their
request heads, and instructions per request of every mockserver row under callgrind.

  --quick             smoke run: 1 round, 3 s per run, 1 s warm-up (unless given explicitly)
  --rounds N          interleaved rounds (default 3)
  --duration SECONDS  length of each measured wrk run (default 10)
  --warmup SECONDS    warm-up per server and scenario before measuring (default 3; WireMock's
                      JVM gets three times as long)
  --threads N         wrk threads (default 2)
  --connections N     wrk connections (default 64)
  --only LIST         comma-separated subset of: mockserver,nginx,wiremock (default: all three)
  --no-efficiency     skip the efficiency part (CPU per request, memory, slow clients, callgrind)
  --no-callgrind      skip the instruction counts (valgrind's callgrind, a few minutes)
  --mockserver PATH   use this mockserver executable instead of building it as the Docker image
                      does (release, Swift runtime linked statically, in .build-static/)
  --out DIR           where to write the report (default: bench-results/ in the package)
  --keep-temp         keep the generated fixtures, configs and server logs
  -h, --help          show this help

Installs wrk, nginx, a Java runtime, the wiremock Python package, valgrind and a C compiler when
they are missing.
EOF
}

ROUNDS="" DURATION="" WARMUP="" THREADS=2 CONNECTIONS=64 QUICK=0 EFFICIENCY=1 CALLGRIND=1
ONLY="mockserver,nginx,wiremock"
OUT_DIR="$PACKAGE_ROOT/bench-results"
MOCKSERVER_BIN=""

# require_value FLAG VALUE: the flag needs a value that is not another flag.
require_value() {
  if [ -z "${2:-}" ] || [[ "$2" == --* ]]; then
    die "$1 needs a value; see scripts/bench-server.sh --help"
  fi
}

# require_integer FLAG VALUE MIN MAX
require_integer() {
  if ! [[ "$2" =~ ^[0-9]+$ ]] || [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then
    die "$1 must be a whole number from $3 to $4, got '$2'"
  fi
}

while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1; shift ;;
    --rounds) require_value "$1" "${2:-}"; require_integer "$1" "$2" 1 20; ROUNDS=$2; shift 2 ;;
    --duration) require_value "$1" "${2:-}"; require_integer "$1" "$2" 1 120; DURATION=$2; shift 2 ;;
    --warmup) require_value "$1" "${2:-}"; require_integer "$1" "$2" 0 120; WARMUP=$2; shift 2 ;;
    --threads) require_value "$1" "${2:-}"; require_integer "$1" "$2" 1 64; THREADS=$2; shift 2 ;;
    --connections) require_value "$1" "${2:-}"; require_integer "$1" "$2" 1 10000; CONNECTIONS=$2; shift 2 ;;
    --only) require_value "$1" "${2:-}"; ONLY=$2; shift 2 ;;
    --mockserver) require_value "$1" "${2:-}"; MOCKSERVER_BIN=$(realpath -m "$2"); shift 2 ;;
    --out) require_value "$1" "${2:-}"; OUT_DIR=$(realpath -m "$2"); shift 2 ;;
    --keep-temp) KEEP_TEMP_DIR=1; shift ;;
    --no-efficiency) EFFICIENCY=0; shift ;;
    --no-callgrind) CALLGRIND=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1'; see scripts/bench-server.sh --help" ;;
  esac
done

if [ "$QUICK" -eq 1 ]; then
  ROUNDS=${ROUNDS:-1} DURATION=${DURATION:-3} WARMUP=${WARMUP:-1}
else
  ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-10} WARMUP=${WARMUP:-3}
fi
[ "$CONNECTIONS" -ge "$THREADS" ] || die "--connections ($CONNECTIONS) must be at least --threads ($THREADS)"

declare -A WANTED=()
IFS=',' read -r -a only_list <<<"$ONLY"
for server in "${only_list[@]}"; do
  case "$server" in
    mockserver|nginx|wiremock) WANTED[$server]=1 ;;
    *) die "--only: unknown server '$server'; use a comma-separated subset of mockserver,nginx,wiremock" ;;
  esac
done
[ "${#WANTED[@]}" -gt 0 ] || die "--only needs at least one of mockserver,nginx,wiremock"
wanted() { [ -n "${WANTED[$1]:-}" ]; }

[ "$(uname -s)" = "Linux" ] || die "this script reads /proc for memory use and runs on Linux only"

# --- scenarios -----------------------------------------------------------------------------------
# Server keys: mockserver (small root: the bench fixtures, journal on as by default),
# mockserver-nojournal (the same root with --journal-size 0), mockserver-tree10 and
# mockserver-tree10k (the deep-path trees, with templated folders), nginx, wiremock.
SCENARIOS=(small large post template pathparam tree treeparam)
declare -A SCENARIO_PATH=(
  [small]=/bench/small [large]=/bench/large [post]=/bench/select
  [template]=/bench/people/7 [pathparam]=/bench/items/7
  [tree]=/tree/a9/b9/c9/item-9 [treeparam]=/tree/a9/b9/c2/7/detail
)
declare -A SCENARIO_SERVERS=(
  [small]="mockserver mockserver-nojournal nginx wiremock" [large]="mockserver nginx wiremock"
  [post]="mockserver wiremock" [template]="mockserver" [pathparam]="mockserver"
  [tree]="mockserver-tree10 mockserver-tree10k" [treeparam]="mockserver-tree10 mockserver-tree10k"
)
declare -A SCENARIO_SCRIPT=(
  [small]=report.lua [large]=report.lua [post]=post-select.lua [template]=report.lua
  [pathparam]=report.lua [tree]=report.lua [treeparam]=report.lua
)

# Which --only name a server key belongs to.
server_kind() {
  case "$1" in
    mockserver*) echo mockserver ;;
    *) echo "$1" ;;
  esac
}

# The servers of a scenario that this run includes.
scenario_servers() {
  local server
  for server in ${SCENARIO_SERVERS[$1]}; do
    if wanted "$(server_kind "$server")"; then printf '%s ' "$server"; fi
  done
}

# --- estimate ------------------------------------------------------------------------------------
measured_runs=0 warmup_seconds=0
for scenario in "${SCENARIOS[@]}"; do
  for server in $(scenario_servers "$scenario"); do
    measured_runs=$(( measured_runs + ROUNDS ))
    if [ "$server" = wiremock ]; then
      warmup_seconds=$(( warmup_seconds + 3 * WARMUP ))
    else
      warmup_seconds=$(( warmup_seconds + WARMUP ))
    fi
  done
done
# Fixture generation, server start-up (the JVM takes several seconds) and per-run overhead.
estimate_seconds=$(( measured_runs * (DURATION + 1) + warmup_seconds + 60 ))
if [ "$EFFICIENCY" -eq 1 ] && wanted mockserver; then
  # CPU per request: up to three servers per round plus one warm-up each; memory; slow clients.
  estimate_seconds=$(( estimate_seconds + 3 * ROUNDS * (DURATION + 1) + 3 * WARMUP + 2 * DURATION + 20 ))
  # callgrind: two runs (start-up, then 1,000 or 5,000 requests) for each of 8 rows.
  if [ "$CALLGRIND" -eq 1 ]; then estimate_seconds=$(( estimate_seconds + 8 * 2 * 25 )); fi
fi
log "bench-server: $ROUNDS round(s) of $(( measured_runs / ROUNDS )) runs x ${DURATION}s, wrk -t$THREADS -c$CONNECTIONS;" \
  "estimated time $(( estimate_seconds / 60 ))m $(( estimate_seconds % 60 ))s" \
  "(plus the mockserver release build if it is not built yet)"

# --- tools ---------------------------------------------------------------------------------------
ensure_command curl curl
ensure_command python3 python3
ensure_command wrk wrk
if wanted nginx; then
  if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    apt_update_once nginx
    # nginx-light is enough and smaller; newer Debian releases only ship nginx.
    if apt-cache show nginx-light >/dev/null 2>&1; then apt_install nginx-light; else apt_install nginx; fi
  fi
  NGINX_BIN=$(command -v nginx || echo /usr/sbin/nginx)
  [ -x "$NGINX_BIN" ] || die "nginx is still missing after installing it"
fi

WIREMOCK_VENV="${XDG_CACHE_HOME:-$HOME/.cache}/resonancekit-bench/venv"
# Prints the path of the WireMock standalone jar bundled with the wiremock Python package.
find_wiremock_jar() {
  local python
  for python in python3 "$WIREMOCK_VENV/bin/python"; do
    command -v "$python" >/dev/null 2>&1 || continue
    "$python" - 2>/dev/null <<'PY' && return 0
import glob, os
import wiremock
jars = sorted(glob.glob(os.path.join(os.path.dirname(wiremock.__file__), "server", "wiremock-standalone-*.jar")))
if not jars:
    raise SystemExit(1)
print(jars[-1])
PY
  done
  return 1
}

if wanted wiremock; then
  if ! command -v java >/dev/null 2>&1; then
    # Slim Debian images drop /usr/share/man; OpenJDK's postinst fails without man1 there.
    as_root mkdir -p /usr/share/man/man1
  fi
  ensure_command java default-jre-headless
  if ! WIREMOCK_JAR=$(find_wiremock_jar); then
    log "installing the wiremock Python package (it bundles the WireMock standalone jar)"
    # Debian 12's system Python refuses pip installs (PEP 668); fall back to a private venv.
    if ! python3 -m pip install --quiet wiremock >&2 2>/dev/null; then
      if ! python3 -m venv "$WIREMOCK_VENV" >/dev/null 2>&1; then
        # Without python3-venv, venv leaves a directory with no pip behind; start clean.
        rm -rf "$WIREMOCK_VENV"
        apt_install python3-venv
        python3 -m venv "$WIREMOCK_VENV" || die "python3 -m venv $WIREMOCK_VENV failed; see the message above"
      fi
      "$WIREMOCK_VENV/bin/pip" install --quiet wiremock >&2 ||
        die "pip install wiremock failed (into $WIREMOCK_VENV); check access to PyPI"
    fi
    WIREMOCK_JAR=$(find_wiremock_jar) ||
      die "the wiremock Python package is installed but has no server/wiremock-standalone-*.jar"
  fi
fi

if wanted mockserver; then
  ensure_mockserver "$PACKAGE_ROOT"
  if [ "$EFFICIENCY" -eq 1 ] && [ "$CALLGRIND" -eq 1 ]; then
    ensure_command valgrind valgrind
  fi
fi

# --- fixtures ------------------------------------------------------------------------------------
install_cleanup_trap
BENCH_TEMP_DIR=$(mktemp -d /tmp/resonance-bench-server.XXXXXX)
# nginx workers drop to an unprivileged user when started as root; they must read the files.
chmod 755 "$BENCH_TEMP_DIR"
FIXTURES="$BENCH_TEMP_DIR/fixtures"
log "generating fixtures in $FIXTURES"
python3 "$HELPERS/make_fixtures.py" "$FIXTURES" >&2
declare -A EXPECTED_BODY=(
  [small]="$FIXTURES/bodies/small.json" [large]="$FIXTURES/bodies/large.json"
  [post]="$FIXTURES/bodies/select-0.json" [template]="$FIXTURES/bodies/template.json"
  [pathparam]="$FIXTURES/bodies/path-parameter.json" [tree]="$FIXTURES/bodies/tree-deep.json"
  [treeparam]="$FIXTURES/bodies/tree-deep.json"
)
chmod -R a+rX "$FIXTURES"

RESULTS="$BENCH_TEMP_DIR/results.tsv"
SERVERS_TSV="$BENCH_TEMP_DIR/servers.tsv"
CHECKS_TSV="$BENCH_TEMP_DIR/checks.tsv"
META="$BENCH_TEMP_DIR/meta.txt"
printf 'scenario\tserver\tround\trps\tp50_us\tp99_us\terrors\trequests\tload1\n' >"$RESULTS"
printf 'server\tstartup_ms\trss_start_kib\trss_kib\n' >"$SERVERS_TSV"
printf 'scenario\tserver\tcheck\n' >"$CHECKS_TSV"

# --- servers -------------------------------------------------------------------------------------
declare -A SERVER_PID=() SERVER_PORT=() SERVER_STARTUP_MS=() SERVER_RSS_AT_START=()

# start_server KEY PROBE_PATH TIMEOUT COMMAND...: starts a server already told to listen on
# SERVER_PORT[KEY] and measures the time from fork to the first 200 on PROBE_PATH.
start_server() {
  local key=$1 probe_path=$2 timeout_seconds=$3
  shift 3
  local logfile="$BENCH_TEMP_DIR/$key.log"
  start_process "$logfile" "$@"
  SERVER_PID[$key]=$STARTED_PID
  wait_for_200 "$STARTED_PID" "http://127.0.0.1:${SERVER_PORT[$key]}$probe_path" "$logfile" "$timeout_seconds"
  SERVER_STARTUP_MS[$key]=$READY_AFTER_MS
  SERVER_RSS_AT_START[$key]=$(rss_kib "$STARTED_PID")
  log "started $key (pid $STARTED_PID) on 127.0.0.1:${SERVER_PORT[$key]}: first 200 after ${READY_AFTER_MS} ms"
}

# start_mockserver KEY ROOT PROBE_PATH [FLAG...]
start_mockserver() {
  local key=$1 root=$2 probe_path=$3
  shift 3
  SERVER_PORT[$key]=$(free_port)
  start_server "$key" "$probe_path" 30 \
    "$MOCKSERVER_BIN" --root "$root" --host 127.0.0.1 --port "${SERVER_PORT[$key]}" --quiet "$@"
}

# write_nginx_config DIR PORT HTML [WORKERS] [LOCATIONS]: LOCATIONS are extra location blocks.
write_nginx_config() {
  local dir=$1 port=$2 html=$3 workers=${4:-2} locations=${5:-} module temp_lines=""
  mkdir -p "$dir/tmp"
  # Every compiled-in module with a temp path gets one under our directory, so nginx never
  # touches /var/lib/nginx (it creates these at start even when unused).
  for module in client_body proxy fastcgi uwsgi scgi; do
    if [ "$module" = client_body ] || ! "$NGINX_BIN" -V 2>&1 | grep -q -- "--without-http_${module}_module"; then
      temp_lines+="    ${module}_temp_path $dir/tmp/$module;"$'\n'
    fi
  done
  cat >"$dir/nginx.conf" <<EOF
# Generated by scripts/bench-server.sh: nginx serving the benchmark bodies as static files.
daemon off;
worker_processes $workers;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events {
    worker_connections 4096;
}
http {
    access_log off;
    default_type application/json;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 65s;
    keepalive_requests 1000000;
    open_file_cache max=64 inactive=60s;
$temp_lines
    server {
        listen 127.0.0.1:$port;
        root $html;
$locations
        location / {
        }
    }
}
EOF
}

start_nginx() {
  local dir="$BENCH_TEMP_DIR/nginx"
  SERVER_PORT[nginx]=$(free_port)
  write_nginx_config "$dir" "${SERVER_PORT[nginx]}" "$FIXTURES/nginx/html"
  "$NGINX_BIN" -t -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >"$dir/config-test.log" 2>&1 || {
    cat "$dir/config-test.log" >&2
    die "nginx rejected the generated config $dir/nginx.conf; see the message above"
  }
  start_server nginx /bench/small 30 "$NGINX_BIN" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log"
}

start_wiremock() {
  local help_text
  SERVER_PORT[wiremock]=$(free_port)
  local flags=(--port "${SERVER_PORT[wiremock]}" --bind-address 127.0.0.1
    --root-dir "$FIXTURES/wiremock" --no-request-journal --async-response-enabled true
    --disable-request-logging --disable-banner --disable-gzip)
  # --disable-request-journal only exists in some WireMock versions; pass it where it does.
  help_text=$(java -jar "$WIREMOCK_JAR" --help 2>&1 || true)
  if grep -q -- '--disable-request-journal' <<<"$help_text"; then
    flags+=(--disable-request-journal)
  fi
  start_server wiremock /bench/small 90 java -jar "$WIREMOCK_JAR" "${flags[@]}"
}

if wanted mockserver; then
  start_mockserver mockserver "$FIXTURES/mockserver/main" /bench/small
  start_mockserver mockserver-nojournal "$FIXTURES/mockserver/main" /bench/small --journal-size 0
  start_mockserver mockserver-tree10 "$FIXTURES/mockserver/tree10" "${SCENARIO_PATH[tree]}"
  start_mockserver mockserver-tree10k "$FIXTURES/mockserver/tree10k" "${SCENARIO_PATH[tree]}"
fi
if wanted nginx; then start_nginx; fi
if wanted wiremock; then start_wiremock; fi

# --- correctness: every server answers every scenario with the expected bytes ------------------
# check_body SCENARIO SERVER: records "ok" or what differs in CHECKS_TSV.
check_body() {
  local scenario=$1 server=$2 url got status verdict="ok" id
  url="http://127.0.0.1:${SERVER_PORT[$server]}${SCENARIO_PATH[$scenario]}"
  got="$BENCH_TEMP_DIR/check-$scenario-$server.body"
  if [ "$scenario" = post ]; then
    for id in 0 1 2 3 4 5 6 7 8 9; do
      status=$(curl -s -o "$got" -w '%{http_code}' --max-time 10 -X POST \
        -H 'Content-Type: application/json' --data-binary "{\"id\":$id}" "$url" || echo 000)
      if [ "$status" != 200 ] || ! cmp -s "$got" "$FIXTURES/bodies/select-$id.json"; then
        verdict="DIFFERS for {\"id\":$id}: status $status, $(stat -c %s "$got" 2>/dev/null || echo 0) B,"
        verdict+=" expected 200 with $(stat -c %s "$FIXTURES/bodies/select-$id.json") B"
        break
      fi
    done
  else
    status=$(curl -s -o "$got" -w '%{http_code}' --max-time 10 "$url" || echo 000)
    if [ "$status" != 200 ] || ! cmp -s "$got" "${EXPECTED_BODY[$scenario]}"; then
      verdict="DIFFERS: status $status, $(stat -c %s "$got" 2>/dev/null || echo 0) B,"
      verdict+=" expected 200 with $(stat -c %s "${EXPECTED_BODY[$scenario]}") B"
    fi
  fi
  printf '%s\t%s\t%s\n' "$scenario" "$server" "$verdict" >>"$CHECKS_TSV"
  if [ "$verdict" != ok ]; then log "warning: $server, $scenario: response $verdict"; fi
}

for scenario in "${SCENARIOS[@]}"; do
  for server in $(scenario_servers "$scenario"); do
    check_body "$scenario" "$server"
  done
done

# --- load ----------------------------------------------------------------------------------------
# run_wrk SCENARIO SERVER SECONDS ROUND: ROUND "warmup" discards the numbers.
run_wrk() {
  local scenario=$1 server=$2 seconds=$3 round=$4 output line load1
  local url="http://127.0.0.1:${SERVER_PORT[$server]}${SCENARIO_PATH[$scenario]}"
  # The 1-minute load average as the run starts: what the machine was doing besides it.
  load1=$(cut -d' ' -f1 /proc/loadavg)
  output=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s \
    -s "$HELPERS/${SCENARIO_SCRIPT[$scenario]}" "$url" 2>&1) ||
    die "wrk failed against $server ($url): $output"
  if [ "$round" = warmup ]; then return 0; fi
  line=$(grep '^BENCH_RESULT ' <<<"$output") ||
    die "wrk printed no BENCH_RESULT line for $server ($url); its output: $output"
  awk -v scenario="$scenario" -v server="$server" -v round="$round" -v load1="$load1" '
    {
      for (i = 2; i <= NF; i++) { split($i, pair, "="); value[pair[1]] = pair[2] }
      errors = value["errors_connect"] + value["errors_read"] + value["errors_write"] \
        + value["errors_status"] + value["errors_timeout"]
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", scenario, server, round, value["rps"],
        value["p50_us"], value["p99_us"], errors, value["requests"], load1
    }' <<<"$line" >>"$RESULTS"
  log "  round $round  $(printf '%-9s %-20s' "$scenario" "$server") $(awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^(rps|p50_us|p99_us|errors_status)=/) printf "%s  ", $i }' <<<"$line")"
}

LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)
log "load average before measuring: $LOAD_AT_START (on a quiet machine it is well below 0.5)"

log "warming up (${WARMUP}s per server and scenario, $(( 3 * WARMUP ))s for WireMock)"
for scenario in "${SCENARIOS[@]}"; do
  for server in $(scenario_servers "$scenario"); do
    seconds=$WARMUP
    if [ "$server" = wiremock ]; then seconds=$(( 3 * WARMUP )); fi
    if [ "$seconds" -gt 0 ]; then run_wrk "$scenario" "$server" "$seconds" warmup; fi
  done
done

for round in $(seq 1 "$ROUNDS"); do
  for scenario in "${SCENARIOS[@]}"; do
    for server in $(scenario_servers "$scenario"); do
      run_wrk "$scenario" "$server" "$DURATION" "$round"
    done
  done
done

for server in "${!SERVER_PID[@]}"; do
  printf '%s\t%s\t%s\t%s\n' "$server" "${SERVER_STARTUP_MS[$server]}" "${SERVER_RSS_AT_START[$server]}" \
    "$(rss_kib "${SERVER_PID[$server]}")" >>"$SERVERS_TSV"
done

# --- efficiency: CPU per request, memory, slow clients ---------------------------------------------
CPU_TSV="$BENCH_TEMP_DIR/cpu.tsv"
EFFICIENCY_TSV="$BENCH_TEMP_DIR/efficiency.tsv"
CALLGRIND_TSV="$BENCH_TEMP_DIR/callgrind.tsv"
printf 'server\tround\trequests\tcpu_ticks\terrors\n' >"$CPU_TSV"
printf 'measure\tvalue\n' >"$EFFICIENCY_TSV"
printf 'row\tfew\tmany\tinstructions_few\tinstructions_many\n' >"$CALLGRIND_TSV"
CLOCK_TICKS=$(getconf CLK_TCK)

# cpu_ticks PID...: user plus system CPU time, in clock ticks, of the processes and their direct
# children (nginx's workers), from /proc/PID/stat (fields 14 and 15; the name in brackets may
# contain spaces, so fields are counted after it).
cpu_ticks() {
  local pid total=0 value
  for pid in "$@" $(for parent in "$@"; do child_pids "$parent"; done); do
    value=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | awk '{ print $12 + $13 }')
    total=$(( total + ${value:-0} ))
  done
  echo "$total"
}

# run_pinned_wrk SERVER URL ROUND PID...: wrk pinned to core 1 against URL; records the servers'
# CPU time over the run and the requests served.
run_pinned_wrk() {
  local server=$1 url=$2 round=$3 output line before after
  shift 3
  before=$(cpu_ticks "$@")
  output=$(taskset -c 1 wrk -t1 -c32 -d"${DURATION}s" --timeout 10s -s "$HELPERS/report.lua" "$url" 2>&1) ||
    die "wrk failed against $server ($url): $output"
  after=$(cpu_ticks "$@")
  line=$(grep '^BENCH_RESULT ' <<<"$output") || die "wrk printed no BENCH_RESULT line for $server ($url): $output"
  awk -v server="$server" -v round="$round" -v ticks=$(( after - before )) '
    {
      for (i = 2; i <= NF; i++) { split($i, pair, "="); value[pair[1]] = pair[2] }
      errors = value["errors_connect"] + value["errors_read"] + value["errors_write"] \
        + value["errors_status"] + value["errors_timeout"]
      printf "%s\t%s\t%s\t%d\t%d\n", server, round, value["requests"], ticks, errors
    }' <<<"$line" >>"$CPU_TSV"
  log "  cpu round $round  $(printf '%-14s' "$server") $(( after - before )) ticks for $(awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^requests=/) print $i }' <<<"$line")"
}

# write_pinned_nginx_config DIR PORT HTML BODY_FILE: one worker; /bench/small answered from
# memory (`return 200`), /static/ served from HTML.
write_pinned_nginx_config() {
  local dir=$1 port=$2 html=$3 body
  body=$(cat "$4")
  case "$body" in
    *"'"*|*'$'*|*'\'*) die "the small body contains a character nginx's return string would change; adjust make_fixtures.py" ;;
  esac
  write_nginx_config "$dir" "$port" "$html" 1 "        location = /bench/small {
            return 200 '$body';
        }
        location /static/ {
            alias $html/;
        }"
}

# rss_peak_during PID COMMAND...: runs COMMAND while sampling PID's RSS every 0.1 s;
# prints the largest sample in KiB.
rss_peak_during() {
  local pid=$1 peak=0 sample
  shift
  "$@" >/dev/null 2>&1 &
  local runner=$!
  while kill -0 "$runner" 2>/dev/null; do
    sample=$(rss_kib "$pid")
    if [ "$sample" -gt "$peak" ]; then peak=$sample; fi
    sleep 0.1
  done
  wait "$runner" || die "the load run during the memory measurement failed: $*"
  echo "$peak"
}

if [ "$EFFICIENCY" -eq 1 ] && wanted mockserver; then
  if [ "$(nproc)" -lt 2 ] || ! command -v taskset >/dev/null 2>&1; then
    log "CPU per request needs two cores and taskset; skipped"
  else
    log "CPU per request: each server pinned to core 0 with one worker, wrk -t1 -c32 pinned to core 1"
    SERVER_PORT[cpu-mockserver]=$(free_port)
    start_process "$BENCH_TEMP_DIR/cpu-mockserver.log" taskset -c 0 "$MOCKSERVER_BIN" --root "$FIXTURES/mockserver/main" \
      --host 127.0.0.1 --port "${SERVER_PORT[cpu-mockserver]}" --quiet --threads 1
    declare -A CPU_PIDS=([mockserver]=$STARTED_PID)
    wait_for_200 "$STARTED_PID" "http://127.0.0.1:${SERVER_PORT[cpu-mockserver]}/bench/small" "$BENCH_TEMP_DIR/cpu-mockserver.log" 30
    declare -A CPU_URL=([mockserver]="http://127.0.0.1:${SERVER_PORT[cpu-mockserver]}/bench/small")
    CPU_SERVERS=(mockserver)
    if wanted nginx; then
      pinned_dir="$BENCH_TEMP_DIR/nginx-pinned"
      SERVER_PORT[cpu-nginx]=$(free_port)
      write_pinned_nginx_config "$pinned_dir" "${SERVER_PORT[cpu-nginx]}" "$FIXTURES/nginx/html" "${EXPECTED_BODY[small]}"
      "$NGINX_BIN" -t -p "$pinned_dir" -c "$pinned_dir/nginx.conf" -e "$pinned_dir/error.log" >"$pinned_dir/config-test.log" 2>&1 || {
        cat "$pinned_dir/config-test.log" >&2
        die "nginx rejected the generated config $pinned_dir/nginx.conf; see the message above"
      }
      start_process "$BENCH_TEMP_DIR/cpu-nginx.log" taskset -c 0 "$NGINX_BIN" -p "$pinned_dir" -c "$pinned_dir/nginx.conf" -e "$pinned_dir/error.log"
      CPU_PIDS[nginx-memory]=$STARTED_PID
      CPU_PIDS[nginx-static]=$STARTED_PID
      CPU_URL[nginx-memory]="http://127.0.0.1:${SERVER_PORT[cpu-nginx]}/bench/small"
      CPU_URL[nginx-static]="http://127.0.0.1:${SERVER_PORT[cpu-nginx]}/static/bench/small"
      wait_for_200 "$STARTED_PID" "${CPU_URL[nginx-memory]}" "$BENCH_TEMP_DIR/cpu-nginx.log" 30
      CPU_SERVERS+=(nginx-memory nginx-static)
    fi
    # The socket floor: one recv and one send of prebuilt bytes per request, no HTTP at all. What
    # it costs is the kernel's share, which every server pays; nginx / floor is the largest ratio
    # any server can reach against nginx here.
    ensure_command cc gcc
    cc -O2 -o "$BENCH_TEMP_DIR/socket_floor" "$HELPERS/socket_floor.c" || die "cannot compile $HELPERS/socket_floor.c"
    SERVER_PORT[cpu-floor]=$(free_port)
    start_process "$BENCH_TEMP_DIR/cpu-floor.log" taskset -c 0 "$BENCH_TEMP_DIR/socket_floor" "${SERVER_PORT[cpu-floor]}" "${EXPECTED_BODY[small]}"
    CPU_PIDS[floor]=$STARTED_PID
    CPU_URL[floor]="http://127.0.0.1:${SERVER_PORT[cpu-floor]}/bench/small"
    wait_for_200 "$STARTED_PID" "${CPU_URL[floor]}" "$BENCH_TEMP_DIR/cpu-floor.log" 30
    CPU_SERVERS+=(floor)
    for server in "${CPU_SERVERS[@]}"; do
      got="$BENCH_TEMP_DIR/cpu-check-$server.body"
      curl -s -o "$got" --max-time 10 "${CPU_URL[$server]}" || true
      cmp -s "$got" "${EXPECTED_BODY[small]}" || die "$server (${CPU_URL[$server]}) does not answer the small body byte for byte"
      if [ "$WARMUP" -gt 0 ]; then
        taskset -c 1 wrk -t1 -c32 -d"${WARMUP}s" "${CPU_URL[$server]}" >/dev/null 2>&1 || die "wrk warm-up failed against $server"
      fi
    done
    for round in $(seq 1 "$ROUNDS"); do
      for server in "${CPU_SERVERS[@]}"; do
        run_pinned_wrk "$server" "${CPU_URL[$server]}" "$round" "${CPU_PIDS[$server]}"
      done
    done
  fi

  log "memory: mockserver --root Mocks after loading, and under wrk -c256 (keep-alive)"
  start_mockserver memory "$PACKAGE_ROOT/Mocks" /__admin/health
  memory_pid=${SERVER_PID[memory]}
  printf 'rss_loaded_kib\t%s\n' "$(rss_kib "$memory_pid")" >>"$EFFICIENCY_TSV"
  peak=$(rss_peak_during "$memory_pid" wrk -t2 -c256 -d"${DURATION}s" --timeout 10s \
    "http://127.0.0.1:${SERVER_PORT[memory]}/api/1.0/people/1/")
  printf 'rss_256_connections_kib\t%s\n' "$peak" >>"$EFFICIENCY_TSV"
  # Stop with a request parked on Mocks/api/1.0/slow.json's 1.5 s delay and an idle keep-alive
  # connection (README: exit 0 within 2 s): milliseconds from SIGTERM to the exit.
  curl -s -o /dev/null --max-time 10 "http://127.0.0.1:${SERVER_PORT[memory]}/api/1.0/slow" &
  parked_curl=$!
  sleep 0.3
  stop_started=$(now_ms)
  kill -TERM "$memory_pid"
  while kill -0 "$memory_pid" 2>/dev/null && [ $(( $(now_ms) - stop_started )) -lt 10000 ]; do sleep 0.005; done
  printf 'stop_ms\t%s\n' "$(( $(now_ms) - stop_started ))" >>"$EFFICIENCY_TSV"
  wait "$parked_curl" 2>/dev/null || true

  log "slow clients: 1,100 connections trickle a head byte per second while normal GETs run"
  start_mockserver slow "$FIXTURES/mockserver/main" /bench/small
  slow_pid=${SERVER_PID[slow]}
  slow_line=$(python3 "$HELPERS/slow_clients.py" --port "${SERVER_PORT[slow]}" --clients 1100 --seconds "$DURATION") ||
    die "the slow-client run failed: $slow_line"
  grep -q '^SLOW_RESULT ' <<<"$slow_line" || die "slow_clients.py printed no SLOW_RESULT line: $slow_line"
  printf 'slow\t%s\n' "${slow_line#SLOW_RESULT }" >>"$EFFICIENCY_TSV"
  log "  $slow_line"
  stop_pid "$slow_pid"

  if [ "$CALLGRIND" -eq 1 ]; then
    log "instructions per request: every mockserver row under callgrind, --threads 1, keep-alive GETs from curl"
    # valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries; a stripped copy runs the same code.
    ensure_command strip binutils
    CALLGRIND_BIN="$BENCH_TEMP_DIR/mockserver-stripped"
    strip -o "$CALLGRIND_BIN" "$MOCKSERVER_BIN"

    # callgrind_instructions ROOT PATH COUNT [FLAG...]: sets INSTRUCTIONS to mockserver's total
    # instruction count for start-up, COUNT keep-alive GETs of PATH (all must answer 200) and the
    # stop. (Not a $(…) subshell: the cleanup trap must know valgrind's pid.)
    callgrind_instructions() {
      local root=$1 path=$2 count=$3 run="$BENCH_TEMP_DIR/callgrind" line port ok
      shift 3
      rm -f "$run.out" "$run.log"
      # Deterministic hashing: with a random seed per process, dictionary probes (route lookup)
      # differ between the two runs by a few hundred instructions per request.
      start_process "$run.log" env SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$run.out" \
        "$CALLGRIND_BIN" --root "$root" --host 127.0.0.1 --port 0 --quiet --threads 1 "$@"
      local pid=$STARTED_PID
      for _ in $(seq 1 1200); do grep -q '^listening on' "$run.log" && break; sleep 0.1; done
      line=$(grep -m 1 '^listening on' "$run.log") || die "mockserver under valgrind did not start; see $run.log"
      port=${line##*:}; port=${port%% *}
      python3 -c "import sys; print('\n'.join(['url = \"http://127.0.0.1:$port$path\"', 'output = /dev/null'] * $count))" >"$run.curl"
      ok=$(curl -s -K "$run.curl" -w '%{http_code}\n' | grep -c '^200$' || true)
      [ "$ok" -eq "$count" ] || die "callgrind run of $path: $ok of $count requests answered 200"
      kill -TERM "$pid"
      wait "$pid" 2>/dev/null || true
      INSTRUCTIONS=$(awk '/^(summary|totals):/ { print $2; exit }' "$run.out")
      [ -n "$INSTRUCTIONS" ] || die "callgrind wrote no total to $run.out"
    }

    CALLGRIND_FEW=1000 CALLGRIND_MANY=6000
    # row key, root, path, flags: the same requests as the throughput rows.
    while read -r row root path flags; do
      # shellcheck disable=SC2086  # flags are words
      callgrind_instructions "$FIXTURES/mockserver/$root" "$path" "$CALLGRIND_FEW" $flags
      few=$INSTRUCTIONS
      # shellcheck disable=SC2086
      callgrind_instructions "$FIXTURES/mockserver/$root" "$path" "$CALLGRIND_MANY" $flags
      many=$INSTRUCTIONS
      printf '%s\t%s\t%s\t%s\t%s\n' "$row" "$CALLGRIND_FEW" "$CALLGRIND_MANY" "$few" "$many" >>"$CALLGRIND_TSV"
      log "  $row: $(( (many - few) / (CALLGRIND_MANY - CALLGRIND_FEW) )) instructions per request"
    done <<EOF_ROWS
small main ${SCENARIO_PATH[small]}
small-nojournal main ${SCENARIO_PATH[small]} --journal-size 0
template main ${SCENARIO_PATH[template]}
pathparam main ${SCENARIO_PATH[pathparam]}
tree10 tree10 ${SCENARIO_PATH[tree]}
tree10k tree10k ${SCENARIO_PATH[tree]}
treeparam10 tree10 ${SCENARIO_PATH[treeparam]}
treeparam10k tree10k ${SCENARIO_PATH[treeparam]}
EOF_ROWS
  fi
fi

# --- report --------------------------------------------------------------------------------------
first_line() { "$@" 2>&1 | head -n 1 || true; }
{
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit=$(git -C "$PACKAGE_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) cores)"
  echo "load_start=$LOAD_AT_START"
  echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "wrk=wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $ROUNDS interleaved round(s), ${WARMUP}s warm-up (WireMock $(( 3 * WARMUP ))s)"
  echo "quick=$QUICK"
  echo "kernel=$(uname -r)"
  if wanted mockserver; then
    # The memory rows depend on it: the Swift libraries' shared objects are mapped whole.
    if ldd "$MOCKSERVER_BIN" 2>/dev/null | grep -q 'libswiftCore\.so'; then
      linkage="Swift runtime as shared libraries"
    else
      linkage="Swift runtime linked statically, as in the Docker image"
    fi
    echo "mockserver=$MOCKSERVER_BIN ($linkage)"
  fi
  if wanted nginx; then echo "nginx=$(first_line "$NGINX_BIN" -v)"; fi
  if wanted wiremock; then
    echo "wiremock=$(basename "$WIREMOCK_JAR") on $(first_line java -version)"
  fi
  for scenario in "${SCENARIOS[@]}"; do
    echo "bytes_$scenario=$(stat -c %s "${EXPECTED_BODY[$scenario]}")"
  done
} >"$META"

mkdir -p "$OUT_DIR"
stamp=$(date -u '+%Y%m%d-%H%M%S')
quick_suffix=""
if [ "$QUICK" -eq 1 ]; then quick_suffix="-quick"; fi
report="$OUT_DIR/server-$stamp$quick_suffix.md"
python3 "$HELPERS/summarize.py" --meta "$META" --results "$RESULTS" --servers "$SERVERS_TSV" \
  --checks "$CHECKS_TSV" --cpu "$CPU_TSV" --efficiency "$EFFICIENCY_TSV" --callgrind "$CALLGRIND_TSV" \
  --clock-ticks "$CLOCK_TICKS" >"$report"
cp "$RESULTS" "${report%.md}.tsv"
cat "$report"
log "report written to $report (raw runs: ${report%.md}.tsv)"
