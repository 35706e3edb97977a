"""The Young-diagram score game (``lattice-dp``), solved by dynamic programming over diagrams."""

from typing import List, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, input_bytes, reports


def query(text: Union[str, bytes]) -> List[Report]:
    """Every position of ``text`` (the input of ``lattice-dp query``) with every legal move.

    One :class:`~boardsolvers.Report` per position, in input order, equal to the lines of
    ``lattice-dp query --json``: ``score`` for the side to move, ``taken`` and the moves best
    first. Raises :class:`~boardsolvers.InputError` on a malformed input, and ``RuntimeError``
    for a board whose solve needs more memory than the machine has available.
    """
    return reports(_boardsolvers.lattice_query(input_bytes(text)))
