#!/usr/bin/env bash
# Browser tests of the playground: builds the server and the four solver CLIs (release), starts the
# server on a free loopback port, runs the Playwright tests (playwright-core + Debian's Chromium at
# /usr/bin/chromium), and stops the server whatever happens.
#
# Needs: node >= 20 and npm, `apt-get install -y chromium`. Installs the node packages from the
# committed package-lock.json (`npm ci`). Screenshots go to docs/img/<game>.png.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"

if [[ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]]; then
  echo "run.sh: no Chromium at ${CHROMIUM:-/usr/bin/chromium} (apt-get install -y chromium)" >&2
  exit 2
fi

# PROFILE=debug runs the debug builds (quicker to build, for development); the default is release.
# TEST_NAME_PATTERN=REGEX runs only the tests whose names match it.
profile="${PROFILE:-release}"
target="${CARGO_TARGET_DIR:-$root/target}"
flag=()
[[ "$profile" == release ]] && flag=(--release)
cargo build "${flag[@]}" -q -p playground -p pawn-retrograde -p lattice-dp -p segment-nim -p edmonds-blossom
bin="$target/$profile"
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

log="$(mktemp)"
# A lattice cap above the default (15 x 15 costs 2.3e9), for the test of a long solve cancelled.
"$bin/playground" --bind 127.0.0.1 --port 0 --lattice-max-work 3000000000 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT

# The server prints `playground: http://127.0.0.1:PORT/` once it listens.
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's|^playground: \(http://[^ ]*\)/$|\1|p' "$log")"
  [[ -n "$url" ]] && break
  if ! kill -0 "$server" 2>/dev/null; then
    cat "$log" >&2
    echo "run.sh: the server did not start" >&2
    exit 1
  fi
  sleep 0.1
done
[[ -n "$url" ]] || { echo "run.sh: the server printed no URL" >&2; exit 1; }
echo "run.sh: server at $url"

cd "$here"
PLAYGROUND_URL="$url" CLI_DIR="$bin" node --test ${TEST_NAME_PATTERN:+--test-name-pattern="$TEST_NAME_PATTERN"} test.mjs
