"""The Young-diagram score game (``lattice-dp``), solved by dynamic programming over diagrams."""

import json
from typing import Any, Dict, List, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, input_bytes, reports


def query(text: Union[str, bytes]) -> List[Report]:
    """Every position of ``text`` (the input of ``lattice-dp query``) with every legal move.

    One :class:`~boardsolvers.Report` per position, in input order, equal to the lines of
    ``lattice-dp query --json``: ``score`` for the side to move, ``taken`` and the moves best
    first. Raises :class:`~boardsolvers.InputError` on a malformed input, and ``ValueError``
    for a board whose solve needs more memory than the machine has available.
    """
    return reports(_boardsolvers.lattice_query(input_bytes(text)))


def analyze(text: Union[str, bytes]) -> Dict[str, Any]:
    """The board of ``text`` (the default input) as ``lattice-dp analyze --json``: every state
    counted and one optimal game. Raises :class:`~boardsolvers.InputError` on a malformed input,
    and ``ValueError`` for a board whose solve needs more memory than the machine has available.
    """
    (line,) = _boardsolvers.lattice_analyze(input_bytes(text))
    return json.loads(line)
