#!/usr/bin/env bash
# edmonds-blossom weighted-matching against LEMON's MaxWeightedMatching and
# MaxWeightedPerfectMatching, side by side, whole process (spawn to exit, parsing included), on
# seeded random graphs in Library Checker's general_weighted_matching format: random sparse
# (3n edges, weights U[1, 10^6]) and complete graphs for the maximum weight, Euclidean
# 10-nearest-neighbour graphs (rounded distances) for the minimum-cost perfect matching. Runs
# alternate between the two programs (best of RUNS each, default 3) and the totals must agree.
#
# usage: xtask/lemon/compare_weighted.sh [FAMILY-SIZE...]   default: the families below
#
# Needs LEMON (Debian: apt-get install liblemon-dev), g++ and python3 (the generator); without the
# header it says so and exits 0: LEMON is never a build or CI requirement.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
header=/usr/include/lemon/matching.h
if [[ ! -f $header ]]; then
    echo "LEMON is not installed ($header is missing; Debian: apt-get install liblemon-dev): nothing to compare"
    exit 0
fi
cases=("$@")
if [[ ${#cases[@]} -eq 0 ]]; then
    cases=(sparse-1000 sparse-2000 sparse-4000 complete-300 knn-1000 knn-2000)
fi
runs=${RUNS:-3}

harness=$root/target/lemon/lemon_weighted
source_file=$root/xtask/lemon/lemon_weighted.cpp
mkdir -p "$root/target/lemon" "$root/target/xtask-bench"
if [[ ! -x $harness || $source_file -nt $harness ]]; then
    g++ -O2 -std=c++17 -o "$harness" "$source_file"
fi
(cd "$root" && cargo build --release -q -p edmonds-blossom)
ours=$root/target/release/edmonds-blossom

# Writes the graph FAMILY-SIZE in the general_weighted_matching format.
generate() {
    python3 - "$1" <<'PY'
import math, random, sys
family, size = sys.argv[1].rsplit("-", 1)
n = int(size)
rng = random.Random(sys.argv[1])
edges = []
if family == "sparse":
    for _ in range(3 * n):
        u, v = rng.randrange(n), rng.randrange(n)
        while v == u:
            v = rng.randrange(n)
        edges.append((u, v, rng.randint(1, 10**6)))
elif family == "complete":
    edges = [(u, v, rng.randint(1, 10**6)) for u in range(n) for v in range(u + 1, n)]
elif family == "knn":
    points = [(rng.random(), rng.random()) for _ in range(n)]
    seen = set()
    for u, (x, y) in enumerate(points):
        near = sorted(range(n), key=lambda v: (points[v][0] - x) ** 2 + (points[v][1] - y) ** 2)[1:11]
        for v in near:
            key = (min(u, v), max(u, v))
            if key not in seen:
                seen.add(key)
                edges.append((u, v, round(10**6 * math.dist(points[u], points[v]))))
out = [f"{n} {len(edges)}"] + [f"{u} {v} {w}" for u, v, w in edges]
print("\n".join(out))
PY
}

# Wall milliseconds of one run of "$@" (stdout to $answer).
answer=$(mktemp)
trap 'rm -f "$answer"' EXIT
wall() {
    local start end
    start=$(date +%s%N)
    "$@" >"$answer" 2>/dev/null
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

echo "| graph | V / E | objective | edmonds-blossom | LEMON | ours / LEMON | total |"
echo "|---|---|---|---|---|---|---|"
for name in "${cases[@]}"; do
    input=$root/target/xtask-bench/weighted-$name.in
    [[ -f $input ]] || { generate "$name" >"$input.partial" && mv "$input.partial" "$input"; }
    objective=max
    [[ $name == knn-* ]] && objective=min-cost-perfect
    best_ours=0 best_lemon=0
    for ((i = 0; i < runs; i++)); do
        t=$(wall "$ours" weighted-matching --objective "$objective" --format lc "$input")
        total_ours=$(head -1 "$answer" | cut -d' ' -f2)
        ((best_ours == 0 || t < best_ours)) && best_ours=$t
        t=$(wall "$harness" "$objective" "$input")
        total_lemon=$(head -1 "$answer" | cut -d' ' -f2)
        ((best_lemon == 0 || t < best_lemon)) && best_lemon=$t
        if [[ $total_ours != "$total_lemon" ]]; then
            echo "$name: edmonds-blossom found $total_ours, LEMON $total_lemon" >&2
            exit 1
        fi
    done
    header_line=$(head -1 "$input")
    ratio=$(awk -v a="$best_ours" -v b="$best_lemon" 'BEGIN { printf "%.1f", a / (b > 0 ? b : 1) }')
    echo "| $name | ${header_line/ / \/ } | $objective | $best_ours ms | $best_lemon ms | ${ratio}× | $total_ours |"
done
