#!/usr/bin/env bash
# Installs what the tests need on Debian/Ubuntu (when missing), then runs the whole test suite and,
# without arguments, the outside-package check (scripts/consumer-check.sh).
# Usage: bash scripts/test.sh [extra `swift test` arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
pkg-config --exists libmicrohttpd 2>/dev/null || missing+=(libmicrohttpd-dev pkg-config)
# GnuTLS (HTTPS, certificates, the upstream client) comes with libmicrohttpd-dev; zlib decodes gzip answers.
pkg-config --exists gnutls zlib 2>/dev/null || missing+=(libgnutls28-dev zlib1g-dev pkg-config)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "scripts/test.sh: missing ${missing[*]}; install libmicrohttpd, gnutls and zlib (e.g. 'brew install libmicrohttpd gnutls') and curl, then rerun." >&2
    exit 1
  fi
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

swift test "$@"

# With no arguments (the README's command, and CI): also build and test an app package that uses
# ResonanceKit from outside, starting mockserver in-process (scripts/consumer-check.sh).
if [ $# -eq 0 ]; then
  bash scripts/consumer-check.sh
fi
