"""The no-revisit king game (``edmonds-blossom``), decided by one maximum matching per position.

``moves`` is the king's move set, as the binary's ``--moves``: ``"king20"`` (the 8 neighbours,
the 4 cells two steps diagonally and the 8 knight jumps) or ``"orth4"`` (the 4 orthogonal steps).
"""

from typing import Any, Dict, List, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, dicts, input_bytes, reports


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
