"""boardsolvers.matching.verify: the Tutte–Berge certificate, against networkx and the binary."""

import json
import random
import subprocess

import networkx as nx
import numpy as np
import pytest

from boardsolvers import matching
from boardsolvers.matching import CertificateError
from conftest import TESTDATA
from test_matching import networkx_size, random_edges

LC_CASES = sorted((TESTDATA / "edmonds-blossom").glob("lc-*.in"))


@pytest.mark.parametrize("seed", range(100))
def test_the_bound_of_a_maximum_matching_is_its_size_and_networkx_size(seed):
    rng = random.Random(9000 + seed)
    n = rng.randrange(1, 30)
    edges = random_edges(rng, n, rng.randrange(0, 3 * n))
    mate = matching.maximum_matching((n, edges))
    certificate = matching.verify((n, edges), mate)
    size = networkx_size(n, edges)
    assert certificate["matching_size"] == certificate["bound"] == size
    assert certificate["vertices"] == n
    assert certificate["bound"] == (n + certificate["barrier_size"] - certificate["odd_components"]) // 2


@pytest.mark.parametrize("seed", range(50))
def test_a_matching_one_edge_short_is_refused_with_its_augmenting_path(seed):
    rng = random.Random(9500 + seed)
    n = rng.randrange(2, 30)
    edges = random_edges(rng, n, rng.randrange(1, 3 * n))
    mate = matching.maximum_matching((n, edges))
    matched = [v for v in range(n) if mate[v] > v]
    if not matched:
        # No edge but self-loops: the empty matching is maximum.
        assert matching.verify((n, edges), mate)["bound"] == 0
        return
    v = rng.choice(matched)
    short = mate.copy()
    short[[v, mate[v]]] = -1
    with pytest.raises(CertificateError, match="not maximum: an augmenting path"):
        matching.verify((n, edges), short)


@pytest.mark.parametrize(
    "mate, words",
    [
        ([1, 0, -1, -1], "not an edge"),  # 0-1 is not an edge of the path 0-2-1-3
        ([2, -1, 1, -1], r"mate\[0\] = 2 but mate\[2\] = 1"),
        ([0, -1, -1, -1], "matched to itself"),
        ([4, -1, -1, -1], "neither -1 nor a vertex of 0..4"),
        ([-2, -1, -1, -1], "neither -1 nor a vertex"),
    ],
)
def test_what_is_not_a_matching_of_the_graph_is_refused(mate, words):
    graph = (4, [(0, 2), (2, 1), (1, 3)])
    with pytest.raises(CertificateError, match=words) as raised:
        matching.verify(graph, np.array(mate))
    assert isinstance(raised.value, ValueError)


def test_a_mate_array_of_another_length_or_kind_is_a_value_error():
    with pytest.raises(ValueError, match="3 entries for a graph of 4 vertices"):
        matching.verify((4, [(0, 1)]), [1, 0, -1])
    with pytest.raises(ValueError, match="1-d integer array"):
        matching.verify((2, [(0, 1)]), [1.0, 0.0])


def test_networkx_graphs_are_verified_from_their_pair_sets():
    graph = nx.Graph([("x", "y"), ("y", "z"), ("p", "q"), ("q", "r"), ("r", "p")])
    pairs = matching.maximum_matching(graph)
    assert matching.verify(graph, pairs)["bound"] == 2
    with pytest.raises(CertificateError, match="not maximum"):
        matching.verify(graph, {next(iter(pairs))})
    with pytest.raises(CertificateError, match="not an edge"):
        matching.verify(graph, {("x", "nowhere")})
    with pytest.raises(CertificateError, match="matched twice"):
        matching.verify(graph, {("x", "y"), ("y", "z")})


@pytest.mark.parametrize("path", LC_CASES, ids=[p.name for p in LC_CASES])
def test_the_figures_are_those_of_matching_certificate_json(cli, path):
    expected = subprocess.run(
        [str(cli("edmonds-blossom")), "matching", "--certificate", "--json", str(path)],
        capture_output=True,
        check=True,
    )
    record = json.loads(expected.stdout)
    graph = matching.read(path)
    certificate = matching.verify(graph, matching.maximum_matching(graph))
    figures = {key: record["certificate"][key] for key in certificate}
    assert certificate == figures
    assert certificate["matching_size"] == record["size"]
