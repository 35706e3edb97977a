"""boardsolvers.matching's weighted graphs beyond arrays and networkx: scipy sparse matrices,
`read_weighted` (the four weighted formats of `edmonds-blossom weighted-matching`, against the
binary) and `verify_weighted` (with and without a certificate)."""

import json
import pathlib
import random
import subprocess

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from boardsolvers import InputError, _boardsolvers, matching
from boardsolvers._errors import CertificateError
from conftest import TESTDATA, reader_message

LCW_CASES = sorted((TESTDATA / "edmonds-blossom").glob("lcw-*.in"))


def random_simple_edges(rng: random.Random, n: int, m: int, spread: int):
    """Up to ``m`` distinct ``(u, v, w)``, ``u < v``, with weights in ``-spread..spread``."""
    pairs = {tuple(sorted(rng.sample(range(n), 2))) for _ in range(m)}
    return [(u, v, rng.randint(-spread, spread)) for u, v in sorted(pairs)]


def nx_graph(n: int, edges) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    return graph


def mate_total(edges, mate: np.ndarray) -> int:
    weight = {(u, v): w for u, v, w in edges}
    return sum(weight[(v, w)] for v, w in enumerate(mate.tolist()) if v < w)


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("form", ["csr", "coo-upper", "csc-float"])
def test_a_sparse_matrix_matches_networkx_total_weight(seed, form):
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    edges = [(u, v, w) for u, v, w in random_simple_edges(rng, n, rng.randint(0, 3 * n), 1000) if w != 0]
    rows = [u for u, v, _ in edges] + [v for u, v, _ in edges]
    cols = [v for u, v, _ in edges] + [u for u, v, _ in edges]
    data = [w for _, _, w in edges] * 2
    if form == "coo-upper":
        matrix = sp.coo_array((data[: len(edges)], (rows[: len(edges)], cols[: len(edges)])), shape=(n, n))
    elif form == "csc-float":
        matrix = sp.csc_matrix((np.array(data, dtype=np.float64), (rows, cols)), shape=(n, n))
    else:
        matrix = sp.csr_array((np.array(data, dtype=np.int32), (rows, cols)), shape=(n, n))
    graph = nx_graph(n, edges)
    for maxcardinality in (False, True):
        mate = matching.max_weight_matching(matrix, maxcardinality=maxcardinality)
        expected = nx.max_weight_matching(graph, maxcardinality=maxcardinality)
        assert mate_total(edges, mate) == sum(graph[u][v]["weight"] for u, v in expected)
        if maxcardinality:
            assert int((mate >= 0).sum()) == 2 * len(expected)
    mate = matching.min_weight_matching(matrix)
    expected = nx.min_weight_matching(graph)
    assert mate_total(edges, mate) == sum(graph[u][v]["weight"] for u, v in expected)


def test_a_sparse_matrix_counts_the_better_of_two_entries_and_no_zero_entry():
    # (0, 1) weighs 5 one way and 9 the other; the explicit zero at (2, 3) is no edge.
    matrix = sp.coo_array(([5, 9, 0, 1], ([0, 1, 2, 1], [1, 0, 3, 2])), shape=(4, 4))
    assert matching.max_weight_matching(matrix).tolist() == [1, 0, -1, -1]
    mate, certificate = matching.max_weight_matching(matrix, certificate=True)
    assert certificate.total_weight == 9
    assert matching.verify_weighted(matrix, mate, certificate)["total_weight"] == 9


def test_a_sparse_matrix_of_non_integers_or_not_square_is_refused():
    fractional = sp.csr_array(np.array([[0, 2.5], [2.5, 0]]))
    with pytest.raises(ValueError, match=r"entry \(0, 1\): weight 2.5 is not an integer"):
        matching.max_weight_matching(fractional)
    with pytest.raises(ValueError, match=r"entry \(1, 0\): weight nan is not an integer"):
        matching.max_weight_matching(sp.csr_array(np.array([[0, 0], [np.nan, 0]])))
    for dtype in (np.bool_, np.complex128):
        with pytest.raises(ValueError, match="holds integers"):
            matching.max_weight_matching(sp.csr_array(np.eye(2, k=1, dtype=dtype)))
    with pytest.raises(ValueError, match="must be square, not 2 x 3"):
        matching.max_weight_matching(sp.csr_array(np.ones((2, 3), dtype=np.int64)))
    limit = _boardsolvers.weighted_limit(2)
    beyond = sp.csr_array(np.array([[0, limit + 1], [0, 0]], dtype=np.int64))
    with pytest.raises(ValueError, match=r"^entry \(0, 1\): weight"):
        matching.max_weight_matching(beyond)
    # Integral floats are integers.
    integral = sp.csr_array(np.array([[0, 3.0], [3.0, 0]]))
    assert matching.max_weight_matching(integral).tolist() == [1, 0]


def lcw_edges(path: pathlib.Path):
    """``n`` and the ``(u, v, w)`` of a Library Checker weighted file, self-loops left out, read here."""
    numbers = [int(word) for word in path.read_text().split()]
    n, m = numbers[0], numbers[1]
    triples = [tuple(numbers[2 + 3 * i : 5 + 3 * i]) for i in range(m)]
    return n, [(min(u, v), max(u, v), w) for u, v, w in triples if u != v]


def write_weighted_formats(folder: pathlib.Path, n: int, edges):
    """The weighted graph written in each format, named by the extension that chooses it."""
    (folder / "g.in").write_text(f"{n} {len(edges)}\n" + "".join(f"{u} {v} {w}\n" for u, v, w in edges))
    # An edge list numbers its vertices by their ids: add 10 so that the ids are not 0-based.
    (folder / "g.wel").write_text("# u v w\n" + "".join(f"{u + 10} {v + 10} {w}\n" for u, v, w in edges))
    (folder / "g.dimacs").write_text(
        f"c a graph\np edge {n} {len(edges)}\n" + "".join(f"e {u + 1} {v + 1} {w}\n" for u, v, w in edges)
    )
    (folder / "g.mtx").write_text(
        "%%MatrixMarket matrix coordinate integer general\n"
        f"{n} {n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1} {w}\n" for u, v, w in edges)
    )
    return {"lc": folder / "g.in", "edges": folder / "g.wel", "dimacs": folder / "g.dimacs", "mtx": folder / "g.mtx"}


@pytest.mark.parametrize("path", LCW_CASES, ids=[p.name for p in LCW_CASES])
def test_every_weighted_format_reads_the_graph_written_in_it(tmp_path, path):
    n, edges = lcw_edges(path)
    for name, file in write_weighted_formats(tmp_path, n, edges).items():
        for format in (None, name):
            graph = matching.read_weighted(file, format=format)
            assert graph.edges.dtype == np.int64 and graph.weights.dtype == np.int64
            ids = graph.ids.tolist()
            got = [(u, v, w) for (u, v), w in zip(graph.edges.tolist(), graph.weights.tolist())]
            if name == "edges":
                present = sorted({x for u, v, _ in edges for x in (u, v)})
                assert ids == [x + 10 for x in present]
                got = [(ids[u] - 10, ids[v] - 10, w) for u, v, w in got]
            else:
                assert graph.n == n and ids == [v + (name in ("dimacs", "mtx")) for v in range(n)]
            assert got == edges, (name, format)


@pytest.mark.parametrize("path", LCW_CASES, ids=[p.name for p in LCW_CASES])
def test_a_read_weighted_graph_matches_as_the_binary_does_and_verifies(cli, path):
    answer = subprocess.run(
        [str(cli("edmonds-blossom")), "weighted-matching", "--json", str(path)], capture_output=True, check=True
    )
    expected = json.loads(answer.stdout)
    graph = matching.read_weighted(path)
    mate, certificate = matching.max_weight_matching(graph, certificate=True)
    assert certificate.total_weight == expected["total_weight"]
    proved = matching.verify_weighted(graph, mate, certificate)
    assert proved == {"goal": "max-weight", "size": int((mate >= 0).sum()) // 2, "total_weight": expected["total_weight"]}
    assert matching.verify_weighted(graph, mate, goal="max-weight") == proved


def test_self_loops_and_repeats_of_a_weighted_file_are_counted(tmp_path):
    path = tmp_path / "loops.txt"
    path.write_text("1 2 5\n2 1 7\n3 3 4\n2 3 -1\n")
    graph = matching.read_weighted(path)
    assert (graph.n, graph.edges.tolist(), graph.weights.tolist()) == (3, [[0, 1], [0, 1], [1, 2]], [5, 7, -1])
    assert (graph.ids.tolist(), graph.self_loops, graph.repeats) == ([1, 2, 3], 1, 1)
    n, edges, weights = graph
    assert matching.max_weight_matching((n, edges, weights)).tolist() == [1, 0, -1]


BAD_WEIGHTED_FILES = [
    ("bad.in", "3 2\n0 1 4\n1 x 2\n"),
    ("short.in", "3 2\n0 1 4\n"),
    ("range.in", "3 1\n0 3 1\n"),
    ("bad.txt", "1 2\n"),
    ("real.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1.5\n"),
    ("bad.dimacs", "p edge 2 1\ne 1 3 4\n"),
]


@pytest.mark.parametrize("name, text", BAD_WEIGHTED_FILES, ids=[name for name, _ in BAD_WEIGHTED_FILES])
def test_a_malformed_weighted_file_raises_input_error_with_the_binary_message(cli, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    expected = subprocess.run([str(cli("edmonds-blossom")), "weighted-matching", str(path)], capture_output=True)
    assert expected.returncode == 2 and expected.stdout == b""
    with pytest.raises(InputError) as raised:
        matching.read_weighted(path)
    error = raised.value
    assert reader_message(expected.stderr) == f"error: line {error.line}, column {error.column}: {error.message}"


def test_a_weighted_format_is_named_by_the_binary_names_and_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(ValueError, match="lc, edges, dimacs, mtx"):
        matching.read_weighted(tmp_path / "g.in", format="metis")
    with pytest.raises(FileNotFoundError):
        matching.read_weighted(tmp_path / "missing.in")


@pytest.mark.parametrize("seed", range(40))
def test_verify_weighted_accepts_every_optimum_and_rejects_every_other_matching(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    edges = random_simple_edges(rng, n, rng.randint(1, 2 * n), 6)
    graph = nx_graph(n, edges)
    arrays = (n, np.array([(u, v) for u, v, _ in edges], dtype=np.int64).reshape(-1, 2), [w for *_, w in edges])
    # Brute force: every matching of the graph, with its size and weight.
    matchings = [[]]
    for u, v, w in edges:
        matchings += [m + [(u, v, w)] for m in matchings if all(u not in e[:2] and v not in e[:2] for e in m)]
    best = max(sum(w for *_, w in m) for m in matchings)
    largest = max(len(m) for m in matchings)
    best_largest = max(sum(w for *_, w in m) for m in matchings if len(m) == largest)
    lightest_largest = min(sum(w for *_, w in m) for m in matchings if len(m) == largest)
    claims = [
        ("max-weight", lambda m: sum(w for *_, w in m) == best),
        ("max-weight-max-cardinality", lambda m: len(m) == largest and sum(w for *_, w in m) == best_largest),
        ("min-weight-max-cardinality", lambda m: len(m) == largest and sum(w for *_, w in m) == lightest_largest),
    ]
    for m in matchings:
        mate = np.full(n, -1, dtype=np.int64)
        for u, v, _ in m:
            mate[u], mate[v] = v, u
        for goal, optimal in claims:
            if optimal(m):
                assert matching.verify_weighted(arrays, mate, goal=goal)["total_weight"] == sum(w for *_, w in m)
                assert matching.verify_weighted(graph, {(u, v) for u, v, _ in m}, goal=goal)["size"] == len(m)
            else:
                with pytest.raises(CertificateError, match="not optimal"):
                    matching.verify_weighted(arrays, mate, goal=goal)


def test_verify_weighted_checks_a_certificate_and_names_what_is_wrong():
    graph = nx.Graph()
    graph.add_weighted_edges_from([("a", "b", 4), ("b", "c", 5), ("c", "d", 4), ("a", "d", 1), ("b", "d", 3)])
    pairs, certificate = matching.max_weight_matching(graph, certificate=True)
    assert matching.verify_weighted(graph, pairs, certificate) == {"goal": "max-weight", "size": 2, "total_weight": 8}
    # A dual lowered by 2 leaves an edge with a negative reduced cost.
    lowered = matching.WeightedCertificate(
        certificate.objective,
        certificate.gain_sign,
        certificate.total_weight,
        {v: d - (2 if v == "b" else 0) for v, d in certificate.vertex_duals.items()},
        certificate.blossoms,
    )
    with pytest.raises(CertificateError, match="reduced cost|floor"):
        matching.verify_weighted(graph, pairs, lowered)
    # A worse matching does not fit the optimum's certificate.
    with pytest.raises(CertificateError):
        matching.verify_weighted(graph, {("b", "c")}, certificate)
    with pytest.raises(CertificateError, match="not an edge"):
        matching.verify_weighted(graph, {("a", "c")}, certificate)
    with pytest.raises(CertificateError, match="matched twice"):
        matching.verify_weighted(graph, {("a", "b"), ("b", "c")}, goal="max-weight")
    with pytest.raises(CertificateError, match="not an edge"):
        matching.verify_weighted(graph, {("a", "c")}, goal="max-weight")
    with pytest.raises(ValueError, match="proves 'max-weight', not 'min-cost-perfect'"):
        matching.verify_weighted(graph, pairs, certificate, goal="min-cost-perfect")
    with pytest.raises(ValueError, match="or the goal"):
        matching.verify_weighted(graph, pairs)
    with pytest.raises(ValueError, match="goal must be one of"):
        matching.verify_weighted(graph, pairs, goal="heaviest")


def test_verify_weighted_of_a_mate_array_rejects_asymmetry_and_a_perfect_claim_without_one():
    arrays = (4, np.array([[0, 1], [1, 2], [2, 3]]), np.array([1, 1, 1]))
    with pytest.raises(CertificateError, match="vertex 0 is matched to 1, but 1 to 2"):
        matching.verify_weighted(arrays, np.array([1, 2, 1, -1]), goal="max-weight")
    with pytest.raises(CertificateError, match="outside -1..4"):
        matching.verify_weighted(arrays, np.array([7, -1, -1, -1]), goal="max-weight")
    with pytest.raises(ValueError, match="mate has 3 entries"):
        matching.verify_weighted(arrays, np.array([1, 0, -1]), goal="max-weight")
    mate, certificate = matching.min_cost_perfect_matching(arrays, certificate=True)
    assert matching.verify_weighted(arrays, mate, certificate) == {
        "goal": "min-cost-perfect",
        "size": 2,
        "total_weight": 2,
    }
    star = (4, np.array([[0, 1], [0, 2], [0, 3]]), np.array([1, 1, 1]))
    with pytest.raises(CertificateError, match="no perfect matching"):
        matching.verify_weighted(star, np.array([1, 0, -1, -1]), goal="min-cost-perfect")
