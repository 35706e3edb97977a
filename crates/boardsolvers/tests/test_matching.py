"""boardsolvers.matching: maximum matching sizes against networkx, every input kind, errors."""

import random

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from boardsolvers import matching


def random_edges(rng: random.Random, n: int, m: int):
    """``m`` random pairs on ``0..n-1``: self-loops and repeated edges included."""
    return [(rng.randrange(n), rng.randrange(n)) for _ in range(m)]


def networkx_size(n: int, edges) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((u, v) for u, v in edges if u != v)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def assert_valid_mate(mate: np.ndarray, n: int, edges) -> int:
    """Checks that ``mate`` is a matching of the graph and returns its size."""
    assert mate.dtype == np.int64 and mate.shape == (n,)
    present = {(u, v) for u, v in edges} | {(v, u) for u, v in edges}
    for v, w in enumerate(mate.tolist()):
        if w != -1:
            assert mate[w] == v and w != v and (v, w) in present
    return int((mate >= 0).sum()) // 2


@pytest.mark.parametrize("seed", range(300))
def test_size_equals_networkx_on_random_small_graphs(seed):
    rng = random.Random(seed)
    n = rng.randrange(1, 25)
    edges = random_edges(rng, n, rng.randrange(0, 3 * n))
    mate = matching.maximum_matching((n, edges))
    assert assert_valid_mate(mate, n, edges) == networkx_size(n, edges)


@pytest.mark.parametrize("seed", range(100))
def test_networkx_graphs_with_string_labels_match_as_networkx(seed):
    rng = random.Random(1000 + seed)
    n = rng.randrange(1, 20)
    labels = [f"v{rng.randrange(10**6)}-{i}" for i in range(n)]
    graph = nx.MultiGraph() if seed % 2 else nx.Graph()
    graph.add_nodes_from(labels)
    graph.add_edges_from((labels[u], labels[v]) for u, v in random_edges(rng, n, rng.randrange(0, 3 * n)))
    pairs = matching.maximum_matching(graph)
    assert isinstance(pairs, set)
    covered = [node for pair in pairs for node in pair]
    assert len(covered) == len(set(covered))
    assert all(graph.has_edge(u, v) and u != v for u, v in pairs)
    simple = nx.Graph(graph)
    simple.remove_edges_from(nx.selfloop_edges(simple))
    assert len(pairs) == len(nx.max_weight_matching(simple, maxcardinality=True))


def test_every_input_kind_gives_the_same_size():
    rng = random.Random(7)
    n = 40
    edges = random_edges(rng, n, 90)
    expected = networkx_size(n, edges)
    array = np.array(edges, dtype=np.int64)
    rows, cols = array[:, 0], array[:, 1]
    data = np.ones(len(edges))
    coo = sp.coo_matrix((data, (rows, cols)), shape=(n, n))
    inputs = [
        (n, edges),
        (n, iter(edges)),
        (n, tuple(edges)),
        (n, array),
        (n, array.astype(np.int32)),
        (n, np.asfortranarray(array)),
        (n, array.astype(np.uint16)),
        coo,
        coo.tocsr(),
        coo.tocsc(),
        coo.tolil(),
        sp.coo_array((data, (rows, cols)), shape=(n, n)),
    ]
    for graph in inputs:
        mate = matching.maximum_matching(graph)
        assert assert_valid_mate(mate, n, edges) == expected, type(graph)


def test_a_sparse_matrix_is_read_as_the_pattern_of_a_plus_its_transpose():
    upper = sp.csr_matrix(np.array([[0, 1, 0], [0, 0, 0], [0, 5, 0]]))
    mate = matching.maximum_matching(upper)
    assert int((mate >= 0).sum()) == 2 and mate[1] in (0, 2)
    zeros = sp.coo_matrix((np.zeros(1), ([0], [1])), shape=(2, 2))
    assert matching.maximum_matching(zeros).tolist() == [-1, -1]


def test_isolated_vertices_and_empty_graphs_are_unmatched():
    assert matching.maximum_matching((4, [])).tolist() == [-1, -1, -1, -1]
    assert matching.maximum_matching((0, np.empty((0, 2), dtype=np.int64))).tolist() == []
    assert matching.maximum_matching((3, [(1, 1)])).tolist() == [-1, -1, -1]


def test_gallai_edmonds_classes_of_a_path_and_a_triangle():
    d, a, c = matching.gallai_edmonds((7, [(0, 1), (1, 2), (3, 4), (4, 5), (5, 3)]))
    assert (d.tolist(), a.tolist(), c.tolist()) == ([0, 2, 3, 4, 5, 6], [1], [])
    graph = nx.Graph([("x", "y"), ("y", "z"), ("p", "q")])
    assert matching.gallai_edmonds(graph) == (["x", "z"], ["y"], ["p", "q"])


@pytest.mark.parametrize("seed", range(50))
def test_gallai_edmonds_d_is_the_vertices_some_maximum_matching_misses(seed):
    rng = random.Random(5000 + seed)
    n = rng.randrange(1, 12)
    edges = [(u, v) for u, v in random_edges(rng, n, rng.randrange(0, 2 * n)) if u != v]
    d, a, c = matching.gallai_edmonds((n, edges))
    assert sorted(d.tolist() + a.tolist() + c.tolist()) == list(range(n))
    size = networkx_size(n, edges)
    for v in range(n):
        without = [(x, y) for x, y in edges if v not in (x, y)]
        missed = networkx_size(n, without) == size
        assert (v in d.tolist()) == missed


@pytest.mark.parametrize(
    "graph, error, words",
    [
        ((3, [(0, 3)]), ValueError, "vertex 3 out of range 0..3"),
        ((3, [(-1, 0)]), ValueError, "vertex -1 out of range 0..3"),
        ((3, [(0, 1, 2)]), ValueError, "shape"),
        ((3, np.zeros((2, 3), dtype=np.int64)), ValueError, "shape"),
        ((3, [(0.5, 1)]), ValueError, "integers"),
        ((-1, []), ValueError, "negative"),
        ((10**9, []), ValueError, "exceed the limit"),
        ((1.5, []), TypeError, "integer"),
        (42, TypeError, "graph must be"),
        (sp.csr_matrix((2, 3)), ValueError, "square"),
        (nx.DiGraph([(0, 1)]), ValueError, "directed"),
    ],
)
def test_bad_graphs_raise(graph, error, words):
    with pytest.raises(error, match=words):
        matching.maximum_matching(graph)
