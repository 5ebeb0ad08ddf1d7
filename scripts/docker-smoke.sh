#!/usr/bin/env bash
# Builds the mockserver image and proves it works the way a CI pipeline uses it:
# start with Mocks/ mounted, wait for /__admin/health, fetch a fixture, check a near-miss 404,
# then `docker stop` and check the exit code and how long stopping took.
#
# Usage: bash scripts/docker-smoke.sh        (env: IMAGE, PORT, DOCKER)
set -euo pipefail
cd "$(dirname "$0")/.."

DOCKER=${DOCKER:-docker}
IMAGE=${IMAGE:-resonancekit/mockserver:smoke}
PORT=${PORT:-18080}
NAME="mockserver-smoke-$$"
BASE="http://127.0.0.1:$PORT"

# Podman (behind docker-compatible wrappers) drops HEALTHCHECK from OCI-format images; ask for
# the Docker format. Docker itself ignores this variable.
export BUILDAH_FORMAT=docker

fail() { echo "docker-smoke: FAIL: $*" >&2; "$DOCKER" logs "$NAME" >&2 2>&1 || true; exit 1; }
now_ms() { date +%s%3N; }

echo "docker-smoke: building $IMAGE"
"$DOCKER" build -q -t "$IMAGE" . >/dev/null

"$DOCKER" rm -f "$NAME" >/dev/null 2>&1 || true
trap '"$DOCKER" rm -f "$NAME" >/dev/null 2>&1 || true' EXIT

started=$(now_ms)
"$DOCKER" run -d --name "$NAME" -p "127.0.0.1:$PORT:8080" -v "$PWD/Mocks:/mocks:ro" "$IMAGE" >/dev/null

# Wait for health: at most 30 s.
healthy=""
for _ in $(seq 1 300); do
  if body=$(curl -fsS --max-time 1 "$BASE/__admin/health" 2>/dev/null); then healthy=$body; break; fi
  sleep 0.1
done
[ -n "$healthy" ] || fail "no answer from $BASE/__admin/health within 30 s"
first_response_ms=$(( $(now_ms) - started ))
echo "$healthy" | grep -q '"status" *: *"ok"' || fail "health body was: $healthy"

# The image's own HEALTHCHECK command, run inside the container (no curl or shell in the image).
"$DOCKER" exec "$NAME" mockserver healthcheck --url http://127.0.0.1:8080 >/dev/null \
  || fail "'mockserver healthcheck' inside the container did not report healthy"

# A fixture.
person=$(curl -fsS --max-time 5 "$BASE/api/1.0/people/1/") || fail "GET /api/1.0/people/1/ did not answer 200"
echo "$person" | grep -q '"name" *: *"Luke Skywalker"' || fail "GET /api/1.0/people/1/ body was: $person"

# A near miss: the path has a fixture, the method does not match.
status=$(curl -sS --max-time 5 -o /tmp/docker-smoke-404.$$ -w '%{http_code}' -X DELETE "$BASE/api/1.0/people/1/")
nearmiss=$(cat /tmp/docker-smoke-404.$$); rm -f /tmp/docker-smoke-404.$$
[ "$status" = 404 ] || fail "DELETE /api/1.0/people/1/ answered $status, expected 404"
echo "$nearmiss" | grep -q 'api/1.0/people/1.json' || fail "near-miss body does not name the fixture file: $nearmiss"
echo "$nearmiss" | grep -qi 'method differs' || fail "near-miss body does not explain the method: $nearmiss"

# Clean stop: SIGTERM, exit code 0, well within docker's 10 s grace period.
stop_started=$(now_ms)
"$DOCKER" stop -t 10 "$NAME" >/dev/null
stop_ms=$(( $(now_ms) - stop_started ))
code=$("$DOCKER" inspect -f '{{.State.ExitCode}}' "$NAME")
[ "$code" = 0 ] || fail "container exited with $code after docker stop"
[ "$stop_ms" -lt 5000 ] || fail "docker stop took ${stop_ms} ms"

size=$("$DOCKER" image inspect -f '{{.Size}}' "$IMAGE")
printf 'docker-smoke: ok  image %s: %d MB, first response %d ms after docker run, docker stop %d ms\n' \
  "$IMAGE" $(( size / 1000000 )) "$first_response_ms" "$stop_ms"
