"""The no-revisit king game (``edmonds-blossom``), decided by one maximum matching per position.

``moves`` is the king's move set, as the binary's ``--moves``: ``"king20"`` (the 8 neighbours,
the 4 cells two steps diagonally and the 8 knight jumps) or ``"orth4"`` (the 4 orthogonal steps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, dicts, input_bytes, reports

if TYPE_CHECKING:
    import numpy as np

#: The value of :func:`all_starts` where the first player wins with the king starting there.
WIN = 1
#: The value of :func:`all_starts` where the first player loses with the king starting there.
LOSE = 0
#: The value of :func:`all_starts` on a blocked cell.
BLOCKED = -1


def query(text: Union[str, bytes], moves: str = "king20") -> List[Report]:
    """Every position of ``text`` (the input of ``edmonds-blossom query``) with every legal move.

    One :class:`~boardsolvers.Report` per position, in input order, equal to the lines of
    ``edmonds-blossom query --json --moves MOVES``. Raises :class:`~boardsolvers.InputError` on
    a malformed input.
    """
    return reports(_boardsolvers.king_query(input_bytes(text), moves))


def analyze(text: Union[str, bytes], moves: str = "king20") -> List[Dict[str, Any]]:
    """Every board of ``text`` (the default input) as ``edmonds-blossom analyze --json``: the
    starts won and lost, the Gallai–Edmonds class sizes and the map of every start."""
    return dicts(_boardsolvers.king_analyze(input_bytes(text), moves))


def all_starts(board: Any, moves: str = "king20") -> np.ndarray:
    """Who wins from every start of ``board``: ``edmonds-blossom all-starts`` as a numpy map.

    ``board`` is a 2-D array (or nested lists) of booleans or integers, true or nonzero on a free
    cell, or the board's rows as text (a string of lines, or a list of strings) of ``.`` (free),
    ``#`` (blocked) and ``K`` (free). Returns an ``int8`` array of the board's shape: :data:`WIN`
    (``1``) where the first player (who moves the king first) wins with the king starting there,
    :data:`LOSE` (``0``) where they lose, :data:`BLOCKED` (``-1``) on a blocked cell. Raises
    ``ValueError`` for a board with no cell or past the binary's limit of 10^7 cells. One maximum
    matching and one Gallai–Edmonds decomposition of the move graph answer every start.
    """
    return _boardsolvers.king_all_starts(_free_cells(board), moves)


def _free_cells(board: Any) -> np.ndarray:
    import numpy as np

    if isinstance(board, (str, bytes)):
        text = board.decode() if isinstance(board, bytes) else board
        board = text.split()
    if isinstance(board, (list, tuple)) and board and all(isinstance(row, str) for row in board):
        widths = {len(row) for row in board}
        if len(widths) != 1:
            raise ValueError(f"the rows of a board have one length, not {sorted(widths)}")
        bad = set("".join(board)) - set(".#K")
        if bad:
            raise ValueError(f"a board's rows are made of '.', '#' and 'K', not {''.join(sorted(bad))!r}")
        return np.array([[cell != "#" for cell in row] for row in board], dtype=np.bool_).reshape(len(board), -1)
    cells = np.asarray(board)
    if cells.ndim != 2:
        raise ValueError(f"a board is a 2-d array, not of shape {cells.shape}")
    if cells.dtype != np.bool_ and not np.issubdtype(cells.dtype, np.integer):
        raise ValueError(f"a board's cells are booleans or integers, not {cells.dtype}")
    return np.ascontiguousarray(cells != 0)
