"""Exact solvers for two-player board games, and maximum matching in general graphs.

Modules:

- ``boardsolvers.matching``: maximum-cardinality matching of any (non-bipartite) graph and its
  Gallai–Edmonds decomposition, and maximum- and minimum-weight matching with a dual certificate
  (Edmonds' blossom algorithm), numpy in, numpy out;
- ``boardsolvers.pawn``: two red pieces against a black pawn (``pawn-retrograde``);
- ``boardsolvers.lattice``: the Young-diagram score game (``lattice-dp``);
- ``boardsolvers.segment``: pawns sliding on a circle (``segment-nim``);
- ``boardsolvers.king``: the no-revisit king game (``edmonds-blossom``).

Each game's ``query(text)`` reads the text its command-line binary's ``query`` reads and returns
one :class:`Report` per position, whose fields and ``to_dict()`` are the binary's ``--json``
object (docs/REPORT.md). A malformed input raises :class:`InputError`.
"""

from boardsolvers._errors import InputError
from boardsolvers._report import Report
from boardsolvers import king, lattice, matching, pawn, segment

__all__ = ["InputError", "Report", "king", "lattice", "matching", "pawn", "segment"]
