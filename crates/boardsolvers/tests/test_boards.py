"""Boards given as arrays: king.all_starts against `edmonds-blossom all-starts`, and
lattice.query_board against lattice.query of the same text."""

import json
import subprocess

import numpy as np
import pytest

from boardsolvers import king, lattice
from conftest import TESTDATA

ALL_STARTS = sorted((TESTDATA / "edmonds-blossom").glob("hdu-all-*.in"))
SYMBOL = {"W": king.WIN, "L": king.LOSE, "#": king.BLOCKED}


def king_boards(text: str):
    """The rows of every board of a king-game input, read here."""
    words = text.split()
    count, at, boards = int(words[0]), 1, []
    for _ in range(count):
        rows = int(words[at])
        boards.append(words[at + 2 : at + 2 + rows])
        at += 2 + rows
    return boards


@pytest.mark.parametrize("moves", ["king20", "orth4"])
@pytest.mark.parametrize("path", ALL_STARTS, ids=[p.name for p in ALL_STARTS])
def test_all_starts_is_the_binary_map(cli, path, moves):
    expected = subprocess.run(
        [str(cli("edmonds-blossom")), "all-starts", "--json", "--moves", moves, str(path)],
        capture_output=True,
        check=True,
    )
    records = [json.loads(line) for line in expected.stdout.decode().splitlines()]
    boards = king_boards(path.read_text())
    assert len(records) == len(boards) > 0
    for rows, record in zip(boards, records):
        want = np.array([[SYMBOL[s] for s in row] for row in record["rows"]], dtype=np.int8)
        got = king.all_starts(rows, moves=moves)
        assert got.dtype == np.int8 and np.array_equal(got, want)
        free = np.array([[cell != "#" for cell in row] for row in rows])
        assert np.array_equal(king.all_starts(free, moves=moves), want)
        assert np.array_equal(king.all_starts(free.astype(np.int64), moves=moves), want)
        assert np.array_equal(king.all_starts("\n".join(rows), moves=moves), want)
        assert int((got == king.WIN).sum()) == record["winning_starts"]


def test_all_starts_of_a_non_contiguous_array_and_a_single_cell():
    free = np.ones((6, 8), dtype=bool)[::2, ::2]
    assert np.array_equal(king.all_starts(free, moves="orth4"), king.all_starts(np.ones((3, 4), bool), moves="orth4"))
    assert king.all_starts(["K"]).tolist() == [[king.LOSE]]
    assert king.all_starts(["#"]).tolist() == [[king.BLOCKED]]


@pytest.mark.parametrize(
    "board, words",
    [
        (["..", "..."], "one length"),
        (["..", ".x"], "not 'x'"),
        (np.ones(4, dtype=bool), "2-d array"),
        (np.ones((2, 2)), "booleans or integers"),
        (np.ones((0, 3), dtype=bool), "at least one row"),
        (np.ones((10_001, 1_000), dtype=bool), "exceeds the limit of 10000000 cells"),
    ],
)
def test_boards_all_starts_cannot_take_raise(board, words):
    with pytest.raises(ValueError, match=words):
        king.all_starts(board)


def lattice_positions(text: str):
    """``(A, B, taken)`` of every position of a lattice-dp query input, read here."""
    lines = [line.split() for line in text.splitlines() if line.split()]
    positions, at = [], 0
    while at < len(lines):
        n, m = map(int, lines[at])
        a = [list(map(int, row)) for row in lines[at + 1 : at + 1 + n]]
        b = [list(map(int, row)) for row in lines[at + 1 + n : at + 1 + 2 * n]]
        at += 1 + 2 * n
        taken = None
        if at < len(lines) and lines[at][0] == "taken":
            lengths = list(map(int, lines[at][1:]))
            taken = lengths + [0] * (n - len(lengths))
            at += 1
        positions.append((a, b, taken))
    return positions


LATTICE_QUERIES = sorted((TESTDATA / "lattice-dp" / "queries").glob("*.in"))


@pytest.mark.parametrize("path", LATTICE_QUERIES, ids=[p.name for p in LATTICE_QUERIES])
def test_query_board_equals_query_of_the_text(path):
    text = path.read_text()
    reports = lattice.query(text)
    positions = lattice_positions(text)
    assert len(positions) == len(reports) > 0
    for (a, b, taken), report in zip(positions, reports):
        got = lattice.query_board(np.array(a), np.array(b, dtype=np.int32), taken).to_dict()
        assert got == dict(report.to_dict(), board=1)


def test_query_board_without_taken_is_the_start():
    a, b = [[1, 2], [3, 4]], [[4, 3], [2, 1]]
    assert lattice.query_board(a, b) == lattice.query_board(a, b, [0, 0])
    assert lattice.query_board(a, b).taken == [0, 0]


@pytest.mark.parametrize(
    "a, b, taken, words",
    [
        ([[1, 2]], [[1, 2], [3, 4]], None, "A is 1x2 but B is 2x2"),
        ([1, 2], [1, 2], None, "matrix"),
        ([[1.5]], [[1]], None, "integers"),
        ([[-1]], [[1]], None, r"expected 1 values in 0..=1000000000"),
        ([[10**9 + 1]], [[1]], None, "0..=1000000000"),
        (np.zeros((23, 22), dtype=int), np.zeros((23, 22), dtype=int), None, "board 23x22 out of limits"),
        ([[1, 2], [3, 4]], [[1, 2], [3, 4]], [1, 2], "non-increasing"),
        ([[1, 2], [3, 4]], [[1, 2], [3, 4]], [3, 0], "at most 2"),
        ([[1, 2], [3, 4]], [[1, 2], [3, 4]], [1], "2 row lengths"),
        ([[1, 2], [3, 4]], [[1, 2], [3, 4]], [-1, 0], "negative"),
    ],
)
def test_boards_query_board_cannot_take_raise(a, b, taken, words):
    with pytest.raises(ValueError, match=words):
        lattice.query_board(a, b, taken)
