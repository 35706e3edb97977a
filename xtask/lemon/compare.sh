#!/usr/bin/env bash
# edmonds-blossom against LEMON's MaxMatching, side by side, whole process (spawn to exit, parsing
# included), on game-stress presets in the Library Checker format. Runs alternate between the two
# programs (best of RUNS each, default 3) and the matching sizes must agree.
#
# usage: xtask/lemon/compare.sh [PRESET...]    default: the 10^6-vertex families of the bench
#
# Needs LEMON (Debian: apt-get install liblemon-dev) and g++; without the header it says so and
# exits 0: LEMON is never a build or CI requirement. The harness is lemon_matching.cpp, built into
# target/lemon/. Inputs are shared with `cargo xtask bench` (target/xtask-bench/NAME.in).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
header=/usr/include/lemon/matching.h
if [[ ! -f $header ]]; then
    echo "LEMON is not installed ($header is missing; Debian: apt-get install liblemon-dev): nothing to compare"
    exit 0
fi
presets=("$@")
if [[ ${#presets[@]} -eq 0 ]]; then
    presets=(sparse-1m grid-1000 rmat-20 geometric-1m planar-1m)
fi
runs=${RUNS:-3}

harness=$root/target/lemon/lemon_matching
source_file=$root/xtask/lemon/lemon_matching.cpp
mkdir -p "$root/target/lemon" "$root/target/xtask-bench"
if [[ ! -x $harness || $source_file -nt $harness ]]; then
    g++ -O2 -std=c++17 -o "$harness" "$source_file"
fi
(cd "$root" && cargo build --release -q -p edmonds-blossom -p game-stress)
ours=$root/target/release/edmonds-blossom

# Wall seconds of one run of "$@" (stdout to $answer), to the millisecond.
answer=$(mktemp)
trap 'rm -f "$answer"' EXIT
wall() {
    local start end
    start=$(date +%s%N)
    "$@" >"$answer" 2>/dev/null
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

echo "| graph | V / E | edmonds-blossom | LEMON | LEMON / ours | size |"
echo "|---|---|---|---|---|---|"
for name in "${presets[@]}"; do
    input=$root/target/xtask-bench/$name.in
    if [[ ! -f $input ]]; then
        "$root/target/release/game-stress" preset "$name" >"$input.partial"
        mv "$input.partial" "$input"
    fi
    best_ours=0 best_lemon=0
    for ((i = 0; i < runs; i++)); do
        t=$(wall "$ours" matching "$input")
        size_ours=$(head -1 "$answer")
        ((best_ours == 0 || t < best_ours)) && best_ours=$t
        t=$(wall "$harness" "$input")
        size_lemon=$(head -1 "$answer")
        ((best_lemon == 0 || t < best_lemon)) && best_lemon=$t
        if [[ $size_ours != "$size_lemon" ]]; then
            echo "$name: edmonds-blossom found $size_ours, LEMON $size_lemon" >&2
            exit 1
        fi
    done
    header_line=$(head -1 "$input")
    ratio=$(awk -v a="$best_lemon" -v b="$best_ours" 'BEGIN { printf "%.1f", a / (b > 0 ? b : 1) }')
    echo "| $name | ${header_line/ / \/ } | $best_ours ms | $best_lemon ms | ${ratio}× | $size_ours |"
done
