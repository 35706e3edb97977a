"""boardsolvers.matching's weighted matching: total weights against networkx, certificates, errors."""

import random

import networkx as nx
import numpy as np
import pytest

from boardsolvers import matching

LABELS = [("a", 1), "b", 2.5, frozenset({3}), -7, "ü", (0,), "x y", 10**20, "c", 3j, "d", 8, "e"]


def random_weighted_edges(rng: random.Random, n: int, m: int, spread: int):
    """``m`` random ``(u, v, w)`` on ``0..n-1``: self-loops, repeated pairs, zero and negative
    weights included."""
    return [(rng.randrange(n), rng.randrange(n), rng.randint(-spread, spread)) for _ in range(m)]


def best_simple_graph(n: int, edges, prefer):
    """The networkx ``Graph`` of ``edges`` keeping, of each repeated pair, the weight ``prefer``
    (``max`` or ``min``) picks; self-loops kept (networkx never matches them)."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if graph.has_edge(u, v):
            w = prefer(w, graph[u][v]["weight"])
        graph.add_edge(u, v, weight=w)
    return graph


def networkx_total(graph, pairs) -> int:
    return sum(graph[u][v]["weight"] for u, v in pairs)


def mate_pairs(mate: np.ndarray):
    return [(v, w) for v, w in enumerate(mate.tolist()) if v < w]


def assert_matching(n: int, edges, mate: np.ndarray) -> None:
    """``mate`` is a symmetric mate array of length ``n`` along edges of the graph."""
    assert mate.dtype == np.int64 and mate.shape == (n,)
    present = {(u, v) for u, v, _ in edges if u != v} | {(v, u) for u, v, _ in edges if u != v}
    for v, w in enumerate(mate.tolist()):
        if w != -1:
            assert mate[w] == v and (v, w) in present


def certificate_failure(n: int, edges, mate: np.ndarray, certificate) -> str:
    """Why ``certificate`` does not prove ``mate`` optimal for the edges ``(u, v, w)``, or ``""``:
    the conditions of ``WeightedCertificate``'s documentation, checked from scratch."""
    duals = certificate.vertex_duals.tolist()
    if len(duals) != n:
        return "wrong number of vertex duals"
    for i, (_, parent, _) in enumerate(certificate.blossoms):
        if parent is not None and not i < parent < len(certificate.blossoms):
            return f"blossom {i} has a parent that is not listed after it"
    blossoms = [
        (set(int(v) for v in certificate.blossom_vertices(i)), dual)
        for i, (_, _, dual) in enumerate(certificate.blossoms)
    ]
    for i, (b, dual) in enumerate(blossoms):
        if dual < 0 or len(b) < 3 or len(b) % 2 == 0:
            return f"blossom {i} is not an odd set with a nonnegative dual"
        for c, _ in blossoms[:i]:
            if b & c and not (b <= c or c <= b):
                return f"blossom {i} is not laminar"
        inside = sum(1 for v in b if mate[v] in b) // 2
        if dual > 0 and inside != (len(b) - 1) // 2:
            return f"blossom {i} is not full"
    best = {}
    for u, v, w in edges:
        if u == v:
            continue
        gain = certificate.gain_sign * w
        shared = sum(dual for b, dual in blossoms if u in b and v in b)
        reduced = duals[u] + duals[v] + shared - 2 * gain
        if reduced < 0:
            return f"edge ({u}, {v}, {w}) has a negative reduced cost"
        key = (min(u, v), max(u, v))
        best[key] = min(best.get(key, reduced), reduced)
    total = 0
    for u, v in mate_pairs(mate):
        if best[(u, v)] != 0:
            return f"matched pair ({u}, {v}) is not tight"
        total += max(certificate.gain_sign * w for a, b, w in edges if {a, b} == {u, v})
    if certificate.total_weight != certificate.gain_sign * total:
        return "the total weight is not the matched pairs' weight"
    free = [duals[v] for v in range(n) if mate[v] == -1]
    floor = {"max-weight": 0, "max-weight-max-cardinality": min(duals, default=0)}.get(certificate.objective)
    if floor is None:
        return "a free vertex in a perfect matching" if free else ""
    if any(d < floor for d in duals) or any(d != floor for d in free):
        return "a vertex dual below the floor or a free vertex above it"
    return ""


OBJECTIVES = {
    "max": (lambda g, **k: matching.max_weight_matching(g, **k), lambda g: nx.max_weight_matching(g), max),
    "max-cardinality": (
        lambda g, **k: matching.max_weight_matching(g, maxcardinality=True, **k),
        lambda g: nx.max_weight_matching(g, maxcardinality=True),
        max,
    ),
    "min": (lambda g, **k: matching.min_weight_matching(g, **k), nx.min_weight_matching, min),
}


@pytest.mark.parametrize("objective", sorted(OBJECTIVES))
@pytest.mark.parametrize("seed", range(100))
def test_arrays_match_networkx_total_weight_with_a_valid_certificate(objective, seed):
    ours, theirs, prefer = OBJECTIVES[objective]
    rng = random.Random(seed)
    n = rng.randrange(1, 22)
    spread = rng.choice([1, 5, 1000, 10**9])
    edges = random_weighted_edges(rng, n, rng.randrange(0, 3 * n + 1), spread)
    array = np.array([(u, v) for u, v, _ in edges], dtype=np.int64).reshape(-1, 2)
    weights = np.array([w for _, _, w in edges], dtype=np.int64)
    mate, certificate = ours((n, array, weights), certificate=True)
    assert_matching(n, edges, mate)
    reference = best_simple_graph(n, edges, prefer)
    expected = networkx_total(reference, theirs(reference))
    assert certificate.total_weight == expected
    total = sum(prefer(w for a, b, w in edges if {a, b} == {u, v}) for u, v in mate_pairs(mate))
    assert total == expected
    if objective != "max":
        assert len(mate_pairs(mate)) == len(nx.max_weight_matching(reference, maxcardinality=True))
    assert certificate_failure(n, edges, mate, certificate) == ""


@pytest.mark.parametrize("objective", sorted(OBJECTIVES))
@pytest.mark.parametrize("seed", range(50))
def test_networkx_graphs_with_any_labels_match_networkx(objective, seed):
    ours, theirs, prefer = OBJECTIVES[objective]
    rng = random.Random(5000 + seed)
    n = rng.randrange(1, len(LABELS))
    labels = rng.sample(LABELS, n)
    edges = random_weighted_edges(rng, n, rng.randrange(0, 3 * n + 1), 50)
    graph = nx.Graph()
    graph.add_nodes_from(labels)
    for u, v, w in edges:
        if graph.has_edge(labels[u], labels[v]):
            w = prefer(w, graph[labels[u]][labels[v]]["weight"])
        graph.add_edge(labels[u], labels[v], weight=w)
    pairs, certificate = ours(graph, certificate=True)
    assert isinstance(pairs, set)
    covered = [node for pair in pairs for node in pair]
    assert len(covered) == len(set(covered))
    assert all(graph.has_edge(u, v) and u != v for u, v in pairs)
    expected = networkx_total(graph, theirs(graph))
    assert networkx_total(graph, pairs) == expected == certificate.total_weight
    assert set(certificate.vertex_duals) == set(labels)
    assert all(set(vertices) <= set(labels) for vertices, _, _ in certificate.blossoms)


@pytest.mark.parametrize("seed", range(40))
def test_a_multigraph_counts_the_best_copy_of_each_pair(seed):
    rng = random.Random(9000 + seed)
    n = rng.randrange(2, 14)
    labels = [f"node {i}" for i in range(n)]
    edges = random_weighted_edges(rng, n, rng.randrange(1, 4 * n), 20)
    multi = nx.MultiGraph()
    multi.add_nodes_from(labels)
    multi.add_weighted_edges_from((labels[u], labels[v], w) for u, v, w in edges)
    for prefer, ours, theirs in [
        (max, matching.max_weight_matching, nx.max_weight_matching),
        (min, matching.min_weight_matching, nx.min_weight_matching),
    ]:
        reference = nx.relabel_nodes(best_simple_graph(n, edges, prefer), dict(enumerate(labels)))
        assert networkx_total(reference, ours(multi)) == networkx_total(reference, theirs(reference))


def test_min_cost_perfect_equals_min_weight_when_a_perfect_matching_exists():
    rng = random.Random(11)
    checked = 0
    for _ in range(60):
        n = 2 * rng.randrange(1, 9)
        edges = random_weighted_edges(rng, n, rng.randrange(n, 4 * n), 100)
        array = np.array([(u, v) for u, v, _ in edges], dtype=np.int64)
        weights = np.array([w for _, _, w in edges], dtype=np.int64)
        lightest = matching.min_weight_matching((n, array, weights))
        if (lightest == -1).any():
            with pytest.raises(matching.NoPerfectMatchingError) as error:
                matching.min_cost_perfect_matching((n, array, weights))
            assert error.value.deficiency == int((lightest == -1).sum())
            assert error.value.odd_components - error.value.barrier == error.value.deficiency
            continue
        mate, certificate = matching.min_cost_perfect_matching((n, array, weights), certificate=True)
        _, lightest_certificate = matching.min_weight_matching((n, array, weights), certificate=True)
        assert certificate.objective == "min-cost-perfect" and not (mate == -1).any()
        assert certificate.total_weight == lightest_certificate.total_weight
        assert certificate_failure(n, edges, mate, certificate) == ""
        checked += 1
    assert checked >= 10


def test_the_checker_rejects_a_wrong_dual_and_a_wrong_matching():
    edges = [(0, 1, 5), (1, 2, 8), (2, 3, 5), (0, 2, 1)]
    array = np.array([(u, v) for u, v, _ in edges])
    mate, certificate = matching.max_weight_matching((4, array, [w for *_, w in edges]), certificate=True)
    assert mate.tolist() == [1, 0, 3, 2] and certificate.total_weight == 10
    assert certificate_failure(4, edges, mate, certificate) == ""
    certificate.vertex_duals[0] -= 1
    assert "negative reduced cost" in certificate_failure(4, edges, mate, certificate)
    certificate.vertex_duals[0] += 1
    worse = np.array([-1, 2, 1, -1])
    assert certificate_failure(4, edges, worse, certificate) != ""


def test_weights_of_every_kind_give_the_same_matching():
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]
    weights = [4, -1, 7, 0, 9]
    expected = matching.max_weight_matching((4, np.array(edges), np.array(weights))).tolist()
    for given in [
        (4, edges, weights),
        (4, iter(edges), tuple(weights)),
        (4, np.array(edges, dtype=np.int32), np.array(weights, dtype=np.int32)),
        (4, np.array(edges), np.array(weights, dtype=np.float64)),
        (4, np.array(edges), np.array(weights, dtype=object)),
        (4, np.asfortranarray(np.array(edges)), np.array(weights, dtype=np.int16)),
    ]:
        assert matching.max_weight_matching(given).tolist() == expected
    graph = nx.Graph()
    graph.add_edges_from((u, v, {"cost": float(w)}) for (u, v), w in zip(edges, weights))
    assert matching.max_weight_matching(graph, weight="cost") == {(0, 1), (2, 3)}
    # Without the attribute every weight is 1, as networkx reads it.
    assert len(matching.max_weight_matching(graph, weight="missing")) == 2
    assert matching.max_weight_matching((0, [], [])).tolist() == []
    assert matching.min_weight_matching(nx.Graph()) == set()


def test_a_weight_that_is_not_an_integer_names_its_edge():
    with pytest.raises(ValueError, match=r"^edge 1: weight 2.5 is not an integer$"):
        matching.max_weight_matching((3, [(0, 1), (1, 2)], [1.0, 2.5]))
    with pytest.raises(ValueError, match=r"^edge 0: weight nan is not an integer$"):
        matching.min_weight_matching((3, [(0, 1)], np.array([np.nan])))
    with pytest.raises(ValueError, match=r"^edge 1: weight '3' is not an integer$"):
        matching.max_weight_matching((3, [(0, 1), (1, 2)], np.array([1, "3"], dtype=object)))
    graph = nx.Graph()
    graph.add_edge("a", "b", weight=1)
    graph.add_edge("b", "c", weight=0.25)
    with pytest.raises(ValueError, match=r"^edge \('b', 'c'\): weight 0.25 is not an integer$"):
        matching.max_weight_matching(graph)
    with pytest.raises(ValueError, match=r"weights must be integers, not <U1"):
        matching.max_weight_matching((2, [(0, 1)], np.array(["1"])))


def test_weights_out_of_range_are_refused_as_the_library_refuses_them():
    n = 3
    limit = min(2**40, 2**59 // (n + 1))
    ok = matching.max_weight_matching((n, [(0, 1), (1, 2)], [limit, -limit]))
    assert ok.tolist() == [1, 0, -1]
    message = rf"^edge 1: weight {limit + 1} is outside \[-{limit}, {limit}\]$"
    with pytest.raises(ValueError, match=message):
        matching.max_weight_matching((n, [(0, 1), (1, 2)], [limit, limit + 1]))
    # The minimum-weight objective negates the weights; the message names the weight as given.
    with pytest.raises(ValueError, match=rf"^edge 0: weight {-limit - 1} is outside"):
        matching.min_weight_matching((n, [(0, 1)], [-limit - 1]))
    with pytest.raises(ValueError, match=rf"^edge 0: weight {2**70} is outside \[-{limit}, {limit}\]$"):
        matching.max_weight_matching((n, [(0, 1)], np.array([2**70], dtype=object)))
    with pytest.raises(ValueError, match=rf"^edge 0: weight {-(2**63)} is outside"):
        matching.max_weight_matching((n, [(0, 1)], np.array([-(2**63)])))
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edge(0, "far", weight=2**50)
    with pytest.raises(ValueError, match=rf"^edge \(0, 'far'\): weight {2**50} is outside \[-"):
        matching.min_weight_matching(graph)
    graph["far"][0]["weight"] = 2.0**80
    with pytest.raises(ValueError, match=rf"^edge \(0, 'far'\): weight {2**80} is outside \[-"):
        matching.max_weight_matching(graph)


def test_bad_graphs_are_refused():
    with pytest.raises(ValueError, match="edge 1: vertex 5 out of range 0..3"):
        matching.max_weight_matching((3, [(0, 1), (5, 1)], [1, 1]))
    with pytest.raises(ValueError, match="edge 0: vertex -1 out of range 0..3"):
        matching.max_weight_matching((3, [(-1, 1)], [1]))
    with pytest.raises(ValueError, match="2 edges but 1 weights"):
        matching.max_weight_matching((3, [(0, 1), (1, 2)], [1]))
    with pytest.raises(ValueError, match="weights must be a 1-d array"):
        matching.max_weight_matching((3, [(0, 1)], [[1]]))
    with pytest.raises(ValueError, match="exceed the limit"):
        matching.max_weight_matching((10**9, [], []))
    with pytest.raises(ValueError, match="directed"):
        matching.max_weight_matching(nx.DiGraph([(0, 1)]))
    with pytest.raises(TypeError, match=r"\(n, edges, weights\)"):
        matching.max_weight_matching((3, [(0, 1)]))
    star = nx.star_graph(3)
    with pytest.raises(matching.NoPerfectMatchingError, match="the Tutte-Berge deficiency is 2") as error:
        matching.min_cost_perfect_matching(star)
    assert (error.value.deficiency, error.value.barrier, error.value.odd_components) == (2, 1, 3)
    assert isinstance(error.value, ValueError)
