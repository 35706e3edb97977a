#!/usr/bin/env bash
# A bounded load test of the playground on loopback (wrk: `apt-get install -y wrk`). Starts the
# release server on a free port with --max-solves 2, then, 10 s each:
#   1. small queries (the pawn and king examples) at 16 connections: requests/s, latency, statuses;
#   2. big lattice-dp 15x15 queries (0.8 s each) at 8 connections: the pool saturates, the rest is 503;
#   3. small queries while 2. runs: they get 503 too (one pool for all solves), never an error;
# sampling the server's resident memory (RSS) every second. Stops the server at the end.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p playground
log="$(mktemp)"
"$target/release/playground" --port 0 --max-solves 2 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's|^playground: \(http://[^ ]*\)/$|\1|p' "$log")"
  [[ -n "$url" ]] && break
  sleep 0.1
done
[[ -n "$url" ]] || { echo "load.sh: the server did not start" >&2; exit 1; }
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$server/status"; }
body() { python3 -c 'import json,sys; print(json.dumps({"position": sys.stdin.read()}))'; }

pawn="$(printf 'load 1\n5 4 red\n....\n.#..\n..X.\n....\nO..O\n' | body)"
king="$(printf '1\n4 5\nK....\n.#...\n...#.\n.....\n' | body)"
lattice="$(python3 -c '
n = m = 15
rows = lambda k: "\n".join(" ".join(str((i * 7 + j * 13 + k) % 10) for j in range(m)) for i in range(n))
print(f"{n} {m}\n{rows(1)}\n{rows(3)}")' | body)"

echo "server $url (max 2 solves), RSS at start: $(rss)"
echo "== small queries: pawn example, 16 connections, 10 s"
BODY="$pawn" wrk -t2 -c16 -d10s --latency -s "$here/status.lua" "$url/api/pawn-retrograde/query" | grep -E 'Requests/sec|Latency|50%|99%|status'
echo "RSS: $(rss)"
echo "== small queries: king example, 16 connections, 10 s"
BODY="$king" wrk -t2 -c16 -d10s -s "$here/status.lua" "$url/api/edmonds-blossom/query" | grep -E 'Requests/sec|Latency|status'
echo "RSS: $(rss)"
echo "== big queries: lattice 15x15, 8 connections, 10 s (RSS sampled every second)"
( for _ in $(seq 1 10); do sleep 1; echo "  RSS $(rss)"; done ) &
sampler=$!
BODY="$lattice" wrk -t2 -c8 -d10s -s "$here/status.lua" "$url/api/lattice-dp/query" >"$log.big" &
big=$!
sleep 2
echo "== small pawn queries while the lattice solves hold the pool, 4 connections, 5 s"
BODY="$pawn" wrk -t1 -c4 -d5s -s "$here/status.lua" "$url/api/pawn-retrograde/query" | grep -E 'Requests/sec|status'
wait "$big"
wait "$sampler"
grep -E 'Requests/sec|Latency|status' "$log.big"
rm -f "$log.big"
sleep 2
echo "RSS after: $(rss); solves running: $(curl -s "$url/api/status")"
