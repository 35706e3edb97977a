"""Long solves: Ctrl-C stops them, other Python threads run meanwhile, and boards past a limit
are refused before anything is solved."""

import json
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from boardsolvers import InputError, king, lattice, matching, pawn
from conftest import ROOT

#: Sends itself SIGINT half a second into a long solve (`SOLVE`, several seconds on one core),
#: and prints how it ended, how long after the signal, and the answer of a small solve after it.
SELF_INTERRUPT = """
import json, os, signal, threading, time
import numpy as np
from boardsolvers import lattice, matching, pawn

sent = []

def interrupt():
    sent.append(time.monotonic())
    os.kill(os.getpid(), signal.SIGINT)

threading.Timer(0.5, interrupt).start()
try:
    SOLVE
    ended = "finished"
except KeyboardInterrupt:
    ended = "interrupted"
after = time.monotonic() - sent[0] if sent else None
small = lattice.query_board([[1, 2], [3, 4]], [[4, 3], [2, 1]]).score
print(json.dumps({"ended": ended, "after_signal": after, "small_score": small}))
"""

#: A 15 x 15 lattice-dp board (stopped between layers), an open 32 x 32 pawn-retrograde board
#: (stopped while its states are seeded or between levels), and a maximum-weight matching of a
#: random graph of 10^6 vertices and 3 * 10^6 edges (stopped between stages).
LONG_SOLVES = {
    "lattice-dp": "lattice.query_board(*np.random.default_rng(15).integers(0, 1000, (2, 15, 15)))",
    "pawn-retrograde": "pawn.query('demo 1 32 32 red ' + ' '.join(['O.O' + '.' * 29] + ['.' * 32] * 30 + ['.' * 31 + 'X']))",
    "weighted matching": (
        "rng = np.random.default_rng(3); "
        "matching.max_weight_matching((1_000_000, rng.integers(0, 1_000_000, (3_000_000, 2)), "
        "rng.integers(1, 10**6, 3_000_000)))"
    ),
}


@pytest.mark.parametrize("crate", LONG_SOLVES)
def test_ctrl_c_stops_a_long_solve_within_a_second(crate):
    script = SELF_INTERRUPT.replace("SOLVE", LONG_SOLVES[crate])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    result = json.loads(done.stdout)
    assert result["ended"] == "interrupted"
    assert result["after_signal"] < 1.0
    # The interpreter goes on: the next solve answers.
    assert result["small_score"] == lattice.query_board([[1, 2], [3, 4]], [[4, 3], [2, 1]]).score


def test_another_python_thread_runs_during_a_matching():
    rng = np.random.default_rng(7)
    n = 1_000_000
    edges = rng.integers(0, n, (3 * n, 2), dtype=np.int64)
    ticks = []
    running = threading.Event()
    finished = threading.Event()

    def count():
        running.set()
        while not finished.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    running.wait()
    previous = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    try:
        start = time.monotonic()
        mate = matching.maximum_matching((n, edges))
        end = time.monotonic()
    finally:
        finished.set()
        counter.join()
        sys.setswitchinterval(previous)
    assert int((mate >= 0).sum()) > n // 2
    # The native call takes most of [start, end]; with the GIL held the counter could not tick
    # inside it at all.
    inside = [t for t in ticks if start + 0.02 < t < end - 0.02]
    assert end - start > 0.1
    assert len(inside) >= 10, (len(inside), end - start)


def run_cli(binary, *args, input_text=""):
    return subprocess.run([str(binary), *args], input=input_text.encode(), capture_output=True)


LIMITS = [
    ("pawn-retrograde", pawn.query, "demo 1\n49 48 red\n" + ".O.O" + "." * 44 + "\n"),
    ("lattice-dp", lattice.query, "23 22\n"),
    ("edmonds-blossom", king.query, "1\n10001 1000\n"),
]


@pytest.mark.parametrize("crate, query, text", LIMITS, ids=[crate for crate, _, _ in LIMITS])
def test_a_board_past_a_limit_is_refused_at_its_size_line_as_by_the_binary(cli, crate, query, text):
    # The rows of the board are not even in the input: it is refused at its size line, before
    # anything is read past it or allocated for it.
    expected = run_cli(cli(crate), "query", "-", input_text=text)
    assert expected.returncode == 2 and expected.stdout == b""
    with pytest.raises(InputError) as raised:
        query(text)
    error = raised.value
    assert expected.stderr.decode() == f"error: line {error.line}, column {error.column}: {error.message}\n"
    assert error.line <= 2


def test_arrays_past_a_limit_are_refused_before_solving():
    with pytest.raises(ValueError, match="exceeds the limit of 10000000 cells"):
        king.all_starts(np.ones((10_001, 1_000), dtype=bool))
    with pytest.raises(ValueError, match="board 23x22 out of limits"):
        lattice.query_board(np.zeros((23, 22), dtype=int), np.zeros((23, 22), dtype=int))
    with pytest.raises(ValueError, match="exceed the limit of 100000000"):
        matching.maximum_matching((100_000_001, np.empty((0, 2), dtype=np.int64)))
