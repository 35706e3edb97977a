#!/usr/bin/env python3
"""Writes the `lcw-x-*` cases of testdata/edmonds-blossom: Library Checker
`general_weighted_matching` inputs (`N M`, then `u v w`) and reference answers (`X Y`, then
the pairs). Answers of graphs up to 12 vertices come from a brute force over every matching;
larger ones from networkx.max_weight_matching. Never from edmonds-blossom.

Usage: python3 xtask/networkx/weighted_cases.py testdata/edmonds-blossom
"""

import random
import sys
from pathlib import Path


def brute_force(n, edges):
    """The heaviest matching (total, pairs) by trying every matching, vertex by vertex."""
    best = (0, [])

    def extend(v, used, total, pairs):
        nonlocal best
        while v < n and used[v]:
            v += 1
        if v == n:
            if total > best[0]:
                best = (total, list(pairs))
            return
        used[v] = True
        extend(v + 1, used, total, pairs)
        for a, b, w in edges:
            other = b if a == v else a if b == v else None
            if other is None or other == v or used[other]:
                continue
            used[other] = True
            pairs.append((min(a, b), max(a, b)))
            extend(v + 1, used, total + w, pairs)
            pairs.pop()
            used[other] = False
        used[v] = False

    extend(0, [False] * n, 0, [])
    return best


def with_networkx(n, edges):
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if u != v and (not graph.has_edge(u, v) or graph[u][v]["weight"] < w):
            graph.add_edge(u, v, weight=w)
    pairs = sorted((min(u, v), max(u, v)) for u, v in nx.max_weight_matching(graph))
    return sum(graph[u][v]["weight"] for u, v in pairs), pairs


def write(folder, name, n, edges):
    solve = brute_force if n <= 12 else with_networkx
    total, pairs = solve(n, edges)
    lines = [f"{n} {len(edges)}"] + [f"{u} {v} {w}" for u, v, w in edges]
    (folder / f"lcw-x-{name}.in").write_text("\n".join(lines) + "\n")
    answer = [f"{len(pairs)} {total}"] + [f"{u} {v}" for u, v in sorted(pairs)]
    (folder / f"lcw-x-{name}.out").write_text("\n".join(answer) + "\n")


def random_edges(rng, n, m, low, high, loops=False):
    edges = []
    while len(edges) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v or loops:
            edges.append((u, v, rng.randint(low, high)))
    return edges


def main():
    folder = Path(sys.argv[1])
    rng = random.Random(53)
    write(folder, "path", 4, [(0, 1, 3), (1, 2, 8), (2, 3, 3)])
    # A triangle with a pendant on each corner: the odd cycle is a blossom.
    write(folder, "triangle-pendants", 6, [(0, 1, 6), (1, 2, 6), (0, 2, 6), (0, 3, 1), (1, 4, 1), (2, 5, 1)])
    # Zero and negative weights, a repeated edge (the heavier copy counts) and a self-loop.
    write(folder, "signs-repeats-loop", 6,
          [(0, 1, -5), (1, 2, 0), (2, 3, 4), (3, 2, 9), (4, 4, 100), (4, 5, -1), (0, 5, 2), (1, 4, 3)])
    write(folder, "single", 1, [])
    for i in range(4):
        write(folder, f"random12-{i}", 12, random_edges(rng, 12, 24, -10, 50, loops=True))
    write(folder, "dense12", 12, [(u, v, rng.randint(1, 9)) for u in range(12) for v in range(u + 1, 12)])
    write(folder, "random200", 200, random_edges(rng, 200, 600, 1, 10**6))
    write(folder, "ties200", 200, random_edges(rng, 200, 1000, 1, 3))
    write(folder, "complete60", 60, [(u, v, rng.randint(1, 10**9)) for u in range(60) for v in range(u + 1, 60)])


if __name__ == "__main__":
    main()
