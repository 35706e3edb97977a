"""The Young-diagram score game (``lattice-dp``), solved by dynamic programming over diagrams."""

from __future__ import annotations

import json
import operator
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, input_bytes, reports

if TYPE_CHECKING:
    import numpy as np


def query(text: Union[str, bytes]) -> List[Report]:
    """Every position of ``text`` (the input of ``lattice-dp query``) with every legal move.

    One :class:`~boardsolvers.Report` per position, in input order, equal to the lines of
    ``lattice-dp query --json``: ``score`` for the side to move, ``taken``, ``pv`` (one optimal
    game from the position, as move notations) and the moves best first. Raises :class:`~boardsolvers.InputError` on a malformed input, and ``ValueError``
    for a board whose solve needs more memory than the machine has available.
    """
    return reports(_boardsolvers.lattice_query(input_bytes(text)))


def query_board(a: Any, b: Any, taken: Optional[Sequence[int]] = None) -> Report:
    """The position of the board with values ``a`` and ``b``, ``taken`` taken, with every legal move.

    ``a`` (the first player's value of each cell) and ``b`` (the second player's) are integer
    matrices of one shape ``n x m`` (numpy arrays or nested lists; values in ``0 .. 10^9``,
    ``n + m <= 44``, ``n * m <= 484``); ``taken`` is the taken diagram's ``n`` row lengths, top row
    first, non-increasing (``None``: nothing taken, the start). The :class:`~boardsolvers.Report`
    equals the line of ``lattice-dp query --json`` for the same board and ``taken`` line. Raises
    ``ValueError`` for matrices or a diagram the solver cannot take, and for a board whose solve
    needs more memory than the machine has available.
    """
    first, second = _matrix("A", a), _matrix("B", b)
    lengths = None if taken is None else [_length(length) for length in taken]
    (line,) = _boardsolvers.lattice_query_board(first, second, lengths)
    return Report.from_json(line)


def _matrix(name: str, values: Any) -> np.ndarray:
    import numpy as np

    matrix = np.asarray(values)
    if matrix.ndim != 2:
        raise ValueError(f"{name} must be a matrix, not of shape {matrix.shape}")
    if matrix.dtype == np.bool_ or not np.issubdtype(matrix.dtype, np.integer):
        raise ValueError(f"{name} must hold integers, not {matrix.dtype}")
    if matrix.dtype.kind == "u" and matrix.size and int(matrix.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"{name} holds {int(matrix.max())}, past 10^9")
    return np.ascontiguousarray(matrix, dtype=np.int64)


def _length(length: Any) -> int:
    length = operator.index(length)
    if length < 0:
        raise ValueError(f"a row length of taken must not be negative, not {length}")
    return length


def analyze(text: Union[str, bytes]) -> Dict[str, Any]:
    """The board of ``text`` (the default input) as ``lattice-dp analyze --json``: every state
    counted and one optimal game. Raises :class:`~boardsolvers.InputError` on a malformed input,
    and ``ValueError`` for a board whose solve needs more memory than the machine has available.
    """
    (line,) = _boardsolvers.lattice_analyze(input_bytes(text))
    return json.loads(line)
