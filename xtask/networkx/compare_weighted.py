#!/usr/bin/env python3
"""Compares `edmonds-blossom weighted-matching` with networkx on random graphs: the total weight
for --objective max (max_weight_matching), max-cardinality (maxcardinality=True) and
min-cost-perfect (min_weight_matching, whenever its matching is perfect; otherwise the binary
must refuse), and each answer's pairs checked to be a matching of that weight.

Usage: python3 xtask/networkx/compare_weighted.py BINARY [GRAPHS] [SEED]
Prints one line per mismatch and a summary; exit status 1 on any mismatch.
"""

import random
import subprocess
import sys

import networkx as nx


def random_graph(rng):
    n = rng.randint(1, 200)
    density = rng.choice([1.0, 1.5, 3.0, 6.0, 20.0])
    m = min(int(n * density), n * (n - 1) // 2 + 5)
    low, high = rng.choice([(1, 10**6), (-5, 5), (1, 3), (-10**6, 10**6), (0, 0)])
    edges = []
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        edges.append((u, v, rng.randint(low, high)))
    return n, edges


def networkx_graph(n, edges, best):
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if u == v:
            continue
        if not graph.has_edge(u, v) or best(w, graph[u][v]["weight"]) == w:
            graph.add_edge(u, v, weight=w)
    return graph


def run(binary, objective, n, edges):
    text = f"{n} {len(edges)}\n" + "".join(f"{u} {v} {w}\n" for u, v, w in edges)
    result = subprocess.run([binary, "weighted-matching", "--objective", objective],
                            input=text.encode(), capture_output=True)
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def main():
    binary = sys.argv[1]
    graphs = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 53)
    mismatches = 0
    compared = 0
    for index in range(graphs):
        n, edges = random_graph(rng)
        objective = ["max", "max-cardinality", "min-cost-perfect"][index % 3]
        best = min if objective == "min-cost-perfect" else max
        graph = networkx_graph(n, edges, best)
        if objective == "max":
            want = nx.max_weight_matching(graph)
        elif objective == "max-cardinality":
            want = nx.max_weight_matching(graph, maxcardinality=True)
        else:
            want = nx.min_weight_matching(graph)
        want_total = sum(graph[u][v]["weight"] for u, v in want)
        status, out, err = run(binary, objective, n, edges)
        perfect = 2 * len(want) == n
        if objective == "min-cost-perfect" and not perfect:
            ok = status == 2 and out == "" and "no perfect matching" in err
            detail = f"status {status}, stderr {err.strip()!r}"
        else:
            ok = status == 0
            detail = f"status {status}: {err.strip()}"
            if ok:
                lines = out.split("\n")
                size, total = map(int, lines[0].split())
                pairs = [tuple(map(int, line.split())) for line in lines[1:1 + size]]
                used = [x for pair in pairs for x in pair]
                weight = sum(graph[u][v]["weight"] for u, v in pairs if graph.has_edge(u, v))
                valid = len(set(used)) == len(used) and all(graph.has_edge(u, v) for u, v in pairs)
                same_size = objective == "max" or size == len(want)
                ok = valid and weight == total == want_total and same_size
                detail = f"got size {size} total {total} (pairs weigh {weight}), networkx {len(want)} {want_total}"
        compared += 1
        if not ok:
            mismatches += 1
            print(f"graph {index} (n={n}, m={len(edges)}, {objective}): {detail}")
    print(f"{compared} graphs compared with networkx {nx.__version__}, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
