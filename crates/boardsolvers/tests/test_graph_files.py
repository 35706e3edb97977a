"""boardsolvers.matching.read: the four graph formats of `edmonds-blossom matching`, and their
errors, against the binary."""

import json
import pathlib
import subprocess

import numpy as np
import pytest

from boardsolvers import InputError, matching
from conftest import TESTDATA, reader_message

LC_CASES = sorted((TESTDATA / "edmonds-blossom").glob("lc-*.in"))


def lc_graph(path: pathlib.Path):
    """``n`` and the distinct edges ``(u, v)``, ``u < v``, of a Library Checker file, read here."""
    numbers = [int(word) for word in path.read_text().split()]
    n, m = numbers[0], numbers[1]
    pairs = numbers[2 : 2 + 2 * m]
    edges = {tuple(sorted(pairs[i : i + 2])) for i in range(0, 2 * m, 2)}
    return n, sorted((u, v) for u, v in edges if u != v)


def write_formats(folder: pathlib.Path, n: int, edges):
    """The graph written in each format, named by the extension that chooses it."""
    lines = [f"{u} {v}" for u, v in edges]
    (folder / "g.in").write_text(f"{n} {len(edges)}\n" + "".join(f"{line}\n" for line in lines))
    # An edge list numbers its vertices by their ids: add 10 so that the ids are not 0-based.
    (folder / "g.edges").write_text("# u v\n" + "".join(f"{u + 10}\t{v + 10}\n" for u, v in edges))
    (folder / "g.mtx").write_text(
        "%%MatrixMarket matrix coordinate pattern symmetric\n"
        f"{n} {n} {len(edges)}\n" + "".join(f"{v + 1} {u + 1}\n" for u, v in edges)
    )
    neighbours = [[] for _ in range(n)]
    for u, v in edges:
        neighbours[u].append(v + 1)
        neighbours[v].append(u + 1)
    (folder / "g.graph").write_text(
        f"{n} {len(edges)}\n" + "".join(" ".join(map(str, ws)) + "\n" for ws in neighbours)
    )
    return {"lc": folder / "g.in", "edges": folder / "g.edges", "mtx": folder / "g.mtx", "metis": folder / "g.graph"}


@pytest.mark.parametrize("path", LC_CASES, ids=[p.name for p in LC_CASES])
def test_every_format_reads_the_graph_written_in_it(tmp_path, path):
    n, edges = lc_graph(path)
    for name, file in write_formats(tmp_path, n, edges).items():
        for format in (None, name):
            graph = matching.read(file, format=format)
            ids = graph.ids.tolist()
            if name == "edges":
                # Only the vertices that have an edge exist in an edge list, renumbered by id.
                present = sorted({x for edge in edges for x in edge})
                assert ids == [x + 10 for x in present]
                got = sorted((ids[u] - 10, ids[v] - 10) for u, v in graph.edges.tolist())
            else:
                assert graph.n == n and ids == [v + (name in ("mtx", "metis")) for v in range(n)]
                got = [tuple(edge) for edge in graph.edges.tolist()]
            assert got == edges, (name, format)
            assert graph.edges.dtype == np.int64 and graph.edges.shape == (len(edges), 2)


@pytest.mark.parametrize("path", LC_CASES, ids=[p.name for p in LC_CASES])
def test_a_read_graph_matches_as_the_binary_does(cli, path):
    expected = subprocess.run(
        [str(cli("edmonds-blossom")), "matching", "--json", str(path)], capture_output=True, check=True
    )
    graph = matching.read(path)
    n, edges = graph
    mate = matching.maximum_matching(graph)
    assert int((mate >= 0).sum()) // 2 == json.loads(expected.stdout)["size"]
    assert matching.verify((n, edges), mate)["bound"] == json.loads(expected.stdout)["size"]


def test_self_loops_and_repeats_are_counted_as_left_out(tmp_path):
    path = tmp_path / "loops.txt"
    path.write_text("1 2\n2 1\n3 3\n2 3\n1 2\n")
    graph = matching.read(path)
    assert (graph.n, graph.edges.tolist(), graph.ids.tolist()) == (3, [[0, 1], [1, 2]], [1, 2, 3])
    assert (graph.self_loops, graph.repeats) == (1, 2)


BAD_FILES = [
    ("bad.in", "3 2\n0 1\n1 x\n"),
    ("short.in", "3 2\n0 1\n"),
    ("range.in", "3 1\n0 3\n"),
    ("bad.txt", "1 2\n3\n"),
    ("bad.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n4 1\n"),
    ("header.mtx", "not a header\n"),
    ("bad.graph", "3 1\n2\n1 3\n\n"),
    ("count.graph", "2 5\n2\n1\n"),
]


@pytest.mark.parametrize("name, text", BAD_FILES, ids=[name for name, _ in BAD_FILES])
def test_a_malformed_file_raises_input_error_with_the_binary_message(cli, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    expected = subprocess.run([str(cli("edmonds-blossom")), "matching", str(path)], capture_output=True)
    assert expected.returncode == 2 and expected.stdout == b""
    with pytest.raises(InputError) as raised:
        matching.read(path)
    error = raised.value
    assert reader_message(expected.stderr) == f"error: line {error.line}, column {error.column}: {error.message}"


def test_a_format_is_named_by_the_binary_names_and_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(ValueError, match="lc, edges, mtx, metis"):
        matching.read(tmp_path / "g.in", format="csv")
    with pytest.raises(FileNotFoundError):
        matching.read(tmp_path / "missing.in")
