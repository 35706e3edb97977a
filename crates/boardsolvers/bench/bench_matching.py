"""boardsolvers.matching side by side with networkx, rustworkx and the `edmonds-blossom matching`
process, in one run. Run by hand (never a test), from the repository root, in the virtual
environment of the package's tests:

    pip install -r crates/boardsolvers/requirements.txt -r crates/boardsolvers/bench/requirements.txt
    maturin develop --profile python -m crates/boardsolvers/Cargo.toml
    cargo build --release -p edmonds-blossom
    python crates/boardsolvers/bench/bench_matching.py

Three comparisons, each printed as a row of docs/BENCHMARKS.md's goals table:

1. a random graph of 10^4 vertices and 3·10^4 edges: `maximum_matching((n, edges))`, the whole
   call, against `networkx.max_weight_matching(G, maxcardinality=True)` and
   `rustworkx.max_weight_matching(G, max_cardinality=True)` (unit weights; the graph built
   beforehand, not timed): one run of each of theirs (minutes), the median of ours;
2. a random graph of 10^6 vertices and 3·10^6 edges in an `int64` numpy array: the whole call
   against the `edmonds-blossom matching` process (start to exit, output to /dev/null) on the same
   graph written to a Library Checker file, alternated, medians;
3. `import boardsolvers` in a fresh interpreter, and numpy's import (which the first call that
   needs numpy pays), medians;
4. a random graph of 10^4 vertices and 3·10^4 edges with weights drawn from 1..10^6:
   `max_weight_matching((n, edges, weights))`, the whole call, against
   `rustworkx.max_weight_matching(G, weight_fn=int)` (the graph built beforehand, not timed): one
   run of theirs, the median of ours.

Every matching's size (the weighted one's total weight) is checked equal to ours.
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from boardsolvers import matching

ROOT = pathlib.Path(__file__).resolve().parents[3]


def random_graph(n: int, m: int, seed: int) -> np.ndarray:
    """``m`` random vertex pairs on ``0..n-1`` without their few self-loops (which a Library
    Checker file may not hold); repeats are left to the solvers."""
    edges = np.random.default_rng(seed).integers(0, n, size=(m, 2), dtype=np.int64)
    return np.ascontiguousarray(edges[edges[:, 0] != edges[:, 1]])


def timed(call):
    start = time.perf_counter()
    value = call()
    return time.perf_counter() - start, value


def size_of(mate: np.ndarray) -> int:
    return int((mate >= 0).sum()) // 2


def small_graph(n: int, repeat: int, skip: set) -> None:
    edges = random_graph(n, 3 * n, seed=1)
    ours = []
    for _ in range(repeat):
        seconds, mate = timed(lambda: matching.maximum_matching((n, edges)))
        ours.append(seconds)
    size, median = size_of(mate), statistics.median(ours)
    print(f"10^4 random: boardsolvers {median * 1e3:.2f} ms (median of {repeat}), size {size}")
    pairs = {(min(u, v), max(u, v)) for u, v in edges.tolist() if u != v}
    if "rustworkx" not in skip:
        import rustworkx

        graph = rustworkx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(n))
        graph.add_edges_from_no_data(sorted(pairs))
        seconds, theirs = timed(lambda: rustworkx.max_weight_matching(graph, max_cardinality=True))
        assert len(theirs) == size, (len(theirs), size)
        print(f"| matching: 10^4 random ≥ 1000× faster than rustworkx | rustworkx {seconds:.1f} s, "
              f"boardsolvers {median * 1e3:.2f} ms, same size {size} | {seconds / median:,.0f}× | |")
    if "networkx" not in skip:
        import networkx

        graph = networkx.Graph()
        graph.add_nodes_from(range(n))
        graph.add_edges_from(pairs)
        seconds, theirs = timed(lambda: networkx.max_weight_matching(graph, maxcardinality=True))
        assert len(theirs) == size, (len(theirs), size)
        print(f"| matching: 10^4 random ≥ 1000× faster than networkx | networkx {seconds:.1f} s, "
              f"boardsolvers {median * 1e3:.2f} ms, same size {size} | {seconds / median:,.0f}× | |")


def weighted_graph(n: int, repeat: int) -> None:
    edges = random_graph(n, 3 * n, seed=3)
    keys = np.minimum(edges[:, 0], edges[:, 1]) * n + np.maximum(edges[:, 0], edges[:, 1])
    edges = edges[np.unique(keys, return_index=True)[1]]  # one weight per pair for both solvers
    weights = np.random.default_rng(4).integers(1, 10**6 + 1, size=len(edges), dtype=np.int64)
    ours = []
    for _ in range(repeat):
        seconds, mate = timed(lambda: matching.max_weight_matching((n, edges, weights)))
        ours.append(seconds)
    weight_of = {(min(u, v), max(u, v)): w for (u, v), w in zip(edges.tolist(), weights.tolist())}
    total = sum(weight_of[(v, int(w))] for v, w in enumerate(mate.tolist()) if v < w)
    median = statistics.median(ours)
    print(f"10^4 random weighted: boardsolvers {median * 1e3:.2f} ms (median of {repeat}), total {total}")
    import rustworkx

    graph = rustworkx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    graph.add_edges_from([(u, v, w) for (u, v), w in weight_of.items()])
    seconds, theirs = timed(lambda: rustworkx.max_weight_matching(graph, weight_fn=int))
    their_total = sum(weight_of[(min(u, v), max(u, v))] for u, v in theirs)
    assert their_total == total, (their_total, total)
    print(f"| weighted matching: 10^4 random (3·10^4 edges, weights 1..10^6) ≥ 1000× faster than "
          f"rustworkx | rustworkx {seconds:.1f} s, boardsolvers {median * 1e3:.2f} ms, same total "
          f"{total} | {seconds / median:,.0f}× | |")


def large_graph(n: int, binary: pathlib.Path, repeat: int) -> None:
    edges = random_graph(n, 3 * n, seed=2)
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "graph.in"
        with open(path, "w") as out:
            out.write(f"{n} {len(edges)}\n")
            np.savetxt(out, edges, fmt="%d")
        first = subprocess.run([str(binary), "matching", str(path)], capture_output=True, check=True)
        process_size = int(first.stdout.split(b"\n", 1)[0])
        calls, processes = [], []
        for _ in range(repeat):
            seconds, mate = timed(lambda: matching.maximum_matching((n, edges)))
            calls.append(seconds)
            run = lambda: subprocess.run([str(binary), "matching", str(path)], stdout=subprocess.DEVNULL, check=True)
            processes.append(timed(run)[0])
        assert size_of(mate) == process_size, (size_of(mate), process_size)
        call, process = statistics.median(calls), statistics.median(processes)
        print(f"| matching: 10^6 / 3·10^6 from numpy, the whole call ≤ 1.15× the `edmonds-blossom "
              f"matching` process | call {call:.3f} s, process {process:.3f} s (medians of {repeat}, "
              f"alternated; same size {process_size}) | {call / process:.2f}× | |")


def import_time(repeat: int) -> None:
    def median_of(module: str) -> float:
        code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
        runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout)
                for _ in range(repeat)]
        return statistics.median(runs)

    package, numpy_alone = median_of("boardsolvers"), median_of("numpy")
    print(f"| `import boardsolvers` under 100 ms | {package * 1e3:.1f} ms (numpy is imported by the first "
          f"call that needs it: {numpy_alone * 1e3:.0f} ms more; medians of {repeat}) | "
          f"{0.1 / package:.1f}× under | |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", type=pathlib.Path, default=ROOT / "target" / "release" / "edmonds-blossom")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each fast measurement")
    parser.add_argument("--skip", action="append", default=[], choices=["networkx", "rustworkx", "large", "import", "weighted"])
    args = parser.parse_args()
    skip = set(args.skip)
    print(f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    if "large" not in skip:
        large_graph(10**6, args.binary, args.repeat)
    if "import" not in skip:
        import_time(args.repeat)
    small_graph(10**4, args.repeat, skip)
    if "weighted" not in skip:
        weighted_graph(10**4, args.repeat)


if __name__ == "__main__":
    main()
