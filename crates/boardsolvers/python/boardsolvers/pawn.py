"""Two red pieces against a black pawn (``pawn-retrograde``), solved by retrograde analysis."""

from typing import Any, Dict, List, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, dicts, input_bytes, reports

def query(text: Union[str, bytes]) -> List[Report]:
    """Every position of ``text`` (the input of ``pawn-retrograde query``) with every legal move.

    One :class:`~boardsolvers.Report` per position, in input order, equal to the lines of
    ``pawn-retrograde query --json``. Raises :class:`~boardsolvers.InputError` on a malformed
    input or a board whose solve needs more memory than the machine has available.
    """
    return reports(_boardsolvers.pawn_query(input_bytes(text)))

def analyze(text: Union[str, bytes]) -> List[Dict[str, Any]]:
    """The census of every board of ``text`` (the default input): ``pawn-retrograde analyze --json``."""
    return dicts(_boardsolvers.pawn_analyze(input_bytes(text)))
