#!/usr/bin/env bash
# Builds and tests Tests/ConsumerPackage, an app package outside ResonanceKit that depends on it
# by path (as a new user's package would) and starts mockserver in-process from its tests.
# Also proves that a target depending only on ResonanceKit never builds libmicrohttpd or the
# server: it is built alone in its own scratch folder, which must hold no MockServer module.
set -euo pipefail
cd "$(dirname "$0")/.."
consumer=Tests/ConsumerPackage
# SwiftPM reuses its cached build plan while the consumer's manifest is unchanged, and does not
# notice source files added to a dependency by path: after a pull that adds files to ResonanceKit,
# the cached plan compiles its modules without them ("cannot find 'CivilDate' in scope"). Planning
# again costs about a second.
plan=--disable-build-manifest-caching

echo "consumer-check: building the app target alone (ResonanceKit only)"
scratch="$consumer/.build-app-only"
swift build --package-path "$consumer" --scratch-path "$scratch" --target PeopleApp $plan
# SwiftPM creates a folder per target of the graph; only compiled objects count.
compiled=$(find "$scratch" \( -name 'MockServer*.o' -o -name 'MockFixtures*.o' -o -name 'MockServer.swiftmodule' -o -name 'MockFixtures.swiftmodule' \) -o \( -name '*.o' \( -path '*/MockServer.build/*' -o -path '*/MockFixtures.build/*' \) \))
if [ -n "$compiled" ]; then
  echo "consumer-check: FAIL: building an app that depends only on ResonanceKit compiled server code:" >&2
  echo "$compiled" >&2
  exit 1
fi
find "$scratch" -name 'ResonanceKit*.o' | grep -q . || { echo "consumer-check: FAIL: ResonanceKit was not built at all" >&2; exit 1; }

echo "consumer-check: running the app's tests against an in-process mockserver"
swift test --package-path "$consumer" $plan
echo "consumer-check: ok"
