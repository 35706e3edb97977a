#!/usr/bin/env bash
# A bounded load test of the playground on loopback (wrk: `apt-get install -y wrk`). Starts the
# release server on a free port with --max-solves 2, then:
#   1. small queries (the pawn and king examples) at 2 connections (the pool's size): requests/s;
#   2. small queries at 16 connections: the share answered 200 and 503 (try_acquire, no queue);
#   3. big lattice-dp 14x14 queries (about 0.26 s each on an idle machine, the largest the default
#      cap allows) at 2 connections (all answered), then at 8 connections for 20 s: the pool
#      saturates, the rest is 503; small queries meanwhile get 503 too (one pool);
# sampling the server's resident memory (RSS). About a minute; stops the server at the end.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p playground
log="$(mktemp)"
"$target/release/playground" --port 0 --max-solves 2 --quiet >"$log" 2>&1 &
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
n = m = 14
rows = lambda k: "\n".join(" ".join(str((i * 7 + j * 13 + k) % 10) for j in range(m)) for i in range(n))
print(f"{n} {m}\n{rows(1)}\n{rows(3)}")' | body)"

echo "server $url (max 2 solves), RSS at start: $(rss); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== small queries: pawn example, 2 connections (= the pool), 10 s"
BODY="$pawn" wrk -t2 -c2 -d10s --latency -s "$here/status.lua" "$url/api/pawn-retrograde/query" | grep -E 'Requests/sec|Latency|50%|99%|status'
echo "== small queries: king example, 2 connections, 10 s"
BODY="$king" wrk -t2 -c2 -d10s -s "$here/status.lua" "$url/api/edmonds-blossom/query" | grep -E 'Requests/sec|Latency|status'
echo "== small queries: pawn example, 16 connections (8 per slot), 10 s"
BODY="$pawn" wrk -t2 -c16 -d10s -s "$here/status.lua" "$url/api/pawn-retrograde/query" | grep -E 'Requests/sec|Latency|status'
echo "RSS: $(rss)"
echo "== big queries: lattice 14x14, 2 connections (= the pool), 10 s"
BODY="$lattice" wrk -t2 -c2 -d10s --timeout 30s -s "$here/status.lua" "$url/api/lattice-dp/query" | grep -E 'Requests/sec|Latency|status'
echo "RSS: $(rss)"
echo "== big queries: lattice 14x14, 8 connections, 20 s (RSS sampled every 2 s)"
( for _ in $(seq 1 10); do sleep 2; echo "  RSS $(rss)"; done ) &
sampler=$!
BODY="$lattice" wrk -t2 -c8 -d20s --timeout 30s -s "$here/status.lua" "$url/api/lattice-dp/query" >"$log.big" &
big=$!
sleep 5
echo "== small pawn queries while the lattice solves hold the pool, 2 connections, 5 s"
BODY="$pawn" wrk -t1 -c2 -d5s -s "$here/status.lua" "$url/api/pawn-retrograde/query" | grep -E 'Requests/sec|status'
wait "$big"
wait "$sampler"
echo "== the lattice run:"
grep -E 'Requests/sec|Latency|status' "$log.big"
rm -f "$log.big"
sleep 2
echo "RSS after: $(rss); $(curl -s "$url/api/status"); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
