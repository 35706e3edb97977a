"""Pawns sliding on a circle of fields (``segment-nim``), decided by its Nim reduction."""

import json
from typing import Any, Dict, List, Union

from boardsolvers import _boardsolvers
from boardsolvers._report import Report, input_bytes, reports


def query(text: Union[str, bytes]) -> List[Report]:
    """Every position of ``text`` (the input of ``segment-nim query``) with its moves as ranges.

    One :class:`~boardsolvers.Report` per position, in input order, equal to the lines of
    ``segment-nim query --json``. Raises :class:`~boardsolvers.InputError` on a malformed input.
    """
    return reports(_boardsolvers.segment_query(input_bytes(text)))


def analyze(fields: int) -> Dict[str, Any]:
    """Every placement of a circle of ``fields`` fields counted, as ``segment-nim analyze --json
    --fields FIELDS``. Raises ``ValueError`` past the binary's limit on ``fields``."""
    (line,) = _boardsolvers.segment_analyze(fields)
    return json.loads(line)
