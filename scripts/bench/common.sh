# Helpers shared by bench-server.sh and bench-client.sh. Source it; it defines functions only.
# Every process started through start_process is remembered and stopped by pid on exit.

STARTED_PIDS=()
BENCH_TEMP_DIR=""
KEEP_TEMP_DIR=0

log() { printf '%s\n' "$*" >&2; }

die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Runs a privileged command directly as root, else through sudo; explains what to do otherwise.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "'$*' needs root and sudo is not installed; run it as root, then run this script again"
  fi
}

APT_UPDATED=0
# Runs apt-get update once per script run, only when something has to be installed.
apt_update_once() {
  command -v apt-get >/dev/null 2>&1 ||
    die "missing tools and no apt-get to install them; install these packages by hand: $*"
  if [ "$APT_UPDATED" -eq 0 ]; then
    log "apt-get update (to install: $*)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2 ||
      die "apt-get update failed; check the network or the apt sources"
    APT_UPDATED=1
  fi
}

# apt_install PACKAGE... installs the packages (apt-get update first, once).
apt_install() {
  apt_update_once "$@"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >&2 ||
    die "apt-get install $* failed; install it by hand and run this script again"
}

# ensure_command COMMAND PACKAGE... installs the packages when COMMAND is not on PATH.
ensure_command() {
  local command_name=$1
  shift
  command -v "$command_name" >/dev/null 2>&1 && return 0
  [ -x "/usr/sbin/$command_name" ] && return 0
  apt_install "$@"
  command -v "$command_name" >/dev/null 2>&1 || [ -x "/usr/sbin/$command_name" ] ||
    die "'$command_name' is still missing after installing $*"
}

# A TCP port that was free on 127.0.0.1 a moment ago (the kernel's pick for port 0).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# start_process LOGFILE COMMAND... starts COMMAND in the background with stdout+stderr in
# LOGFILE; sets STARTED_PID and STARTED_AT_MS (just before the fork).
start_process() {
  local logfile=$1
  shift
  STARTED_AT_MS=$(now_ms)
  "$@" >"$logfile" 2>&1 &
  STARTED_PID=$!
  STARTED_PIDS+=("$STARTED_PID")
}

# wait_for_200 PID URL LOGFILE TIMEOUT_SECONDS: polls URL until it answers 200; sets
# READY_AFTER_MS to the time since STARTED_AT_MS. Fails with the process log if it dies.
wait_for_200() {
  local pid=$1 url=$2 logfile=$3 timeout_seconds=$4
  local deadline=$(( $(now_ms) + timeout_seconds * 1000 ))
  while true; do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$url" 2>/dev/null)" = "200" ]; then
      READY_AFTER_MS=$(( $(now_ms) - STARTED_AT_MS ))
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      log "--- last lines of $logfile ---"
      tail -n 20 "$logfile" >&2
      die "the process started for $url (pid $pid) exited before answering 200; see its log above"
    fi
    if [ "$(now_ms)" -gt "$deadline" ]; then
      log "--- last lines of $logfile ---"
      tail -n 20 "$logfile" >&2
      die "$url did not answer 200 within ${timeout_seconds}s (pid $pid); see its log above"
    fi
    sleep 0.002
  done
}

# Direct children of PID, from /proc (procps may be missing on slim images).
child_pids() {
  cat /proc/"$1"/task/*/children 2>/dev/null || true
}

# Resident set size in KiB of PID plus its direct children (nginx workers), from /proc.
rss_kib() {
  local pid=$1 total=0 child value
  for child in "$pid" $(child_pids "$pid"); do
    value=$(awk '/^VmRSS:/ { print $2 }' "/proc/$child/status" 2>/dev/null)
    total=$(( total + ${value:-0} ))
  done
  echo "$total"
}

# Stops one started process: SIGTERM, up to 5 s grace, then SIGKILL.
stop_pid() {
  local pid=$1 waited=0
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 50 ]; do
    sleep 0.1
    waited=$(( waited + 1 ))
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "pid $pid did not stop within 5 s of SIGTERM; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null
  fi
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local pid
  for pid in "${STARTED_PIDS[@]}"; do
    stop_pid "$pid"
  done
  STARTED_PIDS=()
  if [ -n "$BENCH_TEMP_DIR" ] && [ -d "$BENCH_TEMP_DIR" ]; then
    if [ "$KEEP_TEMP_DIR" -eq 1 ]; then
      log "kept the temporary files in $BENCH_TEMP_DIR"
    else
      rm -rf "$BENCH_TEMP_DIR"
    fi
  fi
}

install_cleanup_trap() {
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

# Builds mockserver as the Docker image ships it (release, Swift runtime linked statically, in
# .build-static/ so the usual .build/ stays as it is), unless MOCKSERVER_BIN is already set, and sets
# MOCKSERVER_BIN. The static runtime maps only the parts of the Swift libraries the binary uses: its
# RSS is about 3.5 MiB below the shared-library build's, at the same instructions per request.
ensure_mockserver() {
  local package_root=$1
  if [ -n "${MOCKSERVER_BIN:-}" ]; then
    [ -x "$MOCKSERVER_BIN" ] || die "--mockserver $MOCKSERVER_BIN is not an executable file"
    return 0
  fi
  command -v swift >/dev/null 2>&1 ||
    die "swift is not on PATH; install the Swift toolchain or pass --mockserver PATH to a built mockserver"
  ensure_command pkg-config pkg-config
  [ -f /usr/include/microhttpd.h ] || apt_install libmicrohttpd-dev
  local build=(swift build -c release --product mockserver --static-swift-stdlib --build-path "$package_root/.build-static")
  log "building mockserver as the Docker image does (${build[*]})"
  (cd "$package_root" && "${build[@]}" >&2) ||
    die "the release build of mockserver failed; see the compiler output above"
  MOCKSERVER_BIN="$(cd "$package_root" && swift build -c release --build-path "$package_root/.build-static" --show-bin-path)/mockserver"
  [ -x "$MOCKSERVER_BIN" ] || die "the build succeeded but $MOCKSERVER_BIN is missing"
}
