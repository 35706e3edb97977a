"""Weighted matching in general graphs: the functions :mod:`boardsolvers.matching` exports.

A weighted graph is a networkx graph (any hashable node labels; each edge's weight is its
``weight`` attribute, ``1`` where it has none, as networkx reads it; a ``MultiGraph`` is taken
too) or a triple ``(n, edges, weights)``: vertices ``0 .. n-1``, ``edges`` an ``(m, 2)`` integer
array or iterable of pairs and ``weights`` the ``m`` weights (a C-contiguous ``int64`` array is
read in place).
"""

from __future__ import annotations

import numbers
import operator
from typing import TYPE_CHECKING, Any, Dict, Hashable, List, Optional, Set, Tuple, Union

from boardsolvers import _boardsolvers
from boardsolvers._graphs import edge_array, is_networkx

if TYPE_CHECKING:
    import numpy as np

WeightedGraph = Union[Tuple[int, Any, Any], Any]
Matching = Union["np.ndarray", Set[Tuple[Hashable, Hashable]]]

#: The library's weights are ``int64``; anything beyond is out of range for every graph.
_INT64 = 1 << 63


class WeightedCertificate:
    """The dual solution that proves a weighted matching optimal, doubled so that it is integral.

    Write ``g(e) = gain_sign * weight(e)`` for the gain of an edge (``gain_sign`` is ``1`` for
    :func:`max_weight_matching`, ``-1`` for :func:`min_weight_matching` and
    :func:`min_cost_perfect_matching`). ``vertex_duals[v]`` is ``2 y(v)``; ``blossoms`` is a
    laminar family of odd vertex sets, each ``(vertices, dual)`` with ``dual = 2 z(B) >= 0``. The
    doubled reduced cost of an edge ``uv`` is
    ``r(e) = vertex_duals[u] + vertex_duals[v] + (sum of dual over the blossoms holding u and v) - 2 g(e)``.
    The matching is optimal for ``objective`` because:

    - ``r(e) >= 0`` for every edge (every copy of a repeated one), and ``r(e) == 0`` for each
      matched pair's best copy;
    - every blossom with a positive dual holds ``(len(vertices) - 1) / 2`` matched pairs;
    - every vertex dual is at least the floor, and every free vertex's dual equals it: the floor is
      ``0`` for ``"max-weight"``, the smallest vertex dual for ``"max-weight-max-cardinality"``
      (whose matching is also of maximum cardinality), and there is none for
      ``"min-cost-perfect"`` (whose matching is perfect).

    For a networkx graph ``vertex_duals`` is a dict ``{node: dual}`` and each blossom's vertices a
    list of nodes; for ``(n, edges, weights)`` an ``int64`` array and sorted ``int64`` arrays.
    ``total_weight`` is the sum of the matched weights as given.
    """

    __slots__ = ("objective", "gain_sign", "total_weight", "vertex_duals", "blossoms")

    def __init__(
        self, objective: str, gain_sign: int, total_weight: int, vertex_duals: Any, blossoms: List[Tuple[Any, int]]
    ) -> None:
        self.objective = objective
        self.gain_sign = gain_sign
        self.total_weight = total_weight
        self.vertex_duals = vertex_duals
        self.blossoms = blossoms

    def __repr__(self) -> str:
        return (
            f"WeightedCertificate(objective={self.objective!r}, total_weight={self.total_weight}, "
            f"blossoms={len(self.blossoms)})"
        )


def max_weight_matching(
    graph: WeightedGraph, maxcardinality: bool = False, weight: str = "weight", *, certificate: bool = False
) -> Union[Matching, Tuple[Matching, WeightedCertificate]]:
    """A matching of the largest total weight (``networkx.max_weight_matching``'s signature).

    With ``maxcardinality=True``, the heaviest among the matchings of maximum cardinality.
    ``graph`` is a networkx graph, whose result is the set of matched node pairs ``(u, v)`` as
    networkx returns, or ``(n, edges, weights)``, whose result is the ``int64`` array ``mate``
    (``mate[v]`` the vertex matched to ``v``, or ``-1``). ``weight`` names the networkx edge
    attribute (``1`` where an edge has none). Weights are integers (an integral float is taken as
    its integer; any other weight raises ``ValueError`` naming the edge) of magnitude at most
    ``2^59 / (n + 1)`` and ``2^40``; edges of weight ``<= 0`` never help the plain objective.
    Self-loops are left out; of repeated edges the heaviest counts. With ``certificate=True`` the
    result is ``(matching, WeightedCertificate)``.

    The primal–dual blossom algorithm runs with the GIL released, and Ctrl-C
    (``KeyboardInterrupt``) stops it between two of its stages.
    """
    goal = "max-weight-max-cardinality" if maxcardinality else "max-weight"
    return _solve(graph, weight, goal, 1, certificate)


def min_weight_matching(
    graph: WeightedGraph, weight: str = "weight", *, certificate: bool = False
) -> Union[Matching, Tuple[Matching, WeightedCertificate]]:
    """A minimum-weight maximum-cardinality matching (``networkx.min_weight_matching``).

    The lightest among the matchings of maximum cardinality; it is perfect when the graph has a
    perfect matching. Graphs, weights, results and ``certificate`` are as for
    :func:`max_weight_matching` (of repeated edges the lightest counts); the certificate's
    objective is ``"max-weight-max-cardinality"`` for the gains ``-weight``.
    """
    return _solve(graph, weight, "min-weight-max-cardinality", -1, certificate)


def min_cost_perfect_matching(
    graph: WeightedGraph, weight: str = "weight", *, certificate: bool = False
) -> Union[Matching, Tuple[Matching, WeightedCertificate]]:
    """A perfect matching of the smallest total weight (read as a cost).

    Raises :class:`NoPerfectMatchingError` naming the Tutte–Berge deficiency when the graph has
    no perfect matching (isolated vertices included). Graphs, weights, results and
    ``certificate`` are as for :func:`min_weight_matching`, whose answer it equals on a graph with
    a perfect matching; the certificate's objective is ``"min-cost-perfect"``.
    """
    return _solve(graph, weight, "min-cost-perfect", -1, certificate)


def _solve(graph: WeightedGraph, weight: str, goal: str, gain_sign: int, with_certificate: bool) -> Any:
    if is_networkx(graph):
        return _solve_networkx(graph, weight, goal, gain_sign, with_certificate)
    try:
        n, edges, weights = graph
    except (TypeError, ValueError):
        raise TypeError(
            f"graph must be (n, edges, weights) or a networkx graph, not {type(graph).__name__}"
        ) from None
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"the number of vertices must not be negative, not {n}")
    limit = _boardsolvers.weighted_limit(n)
    mate, total, raw = _boardsolvers.weighted_matching_edges(
        n, edge_array(edges), _weight_array(weights, limit), goal, with_certificate
    )
    if not with_certificate:
        return mate
    objective, duals, blossoms = raw
    return mate, WeightedCertificate(objective, gain_sign, total, duals, blossoms)


def _solve_networkx(graph: Any, weight: str, goal: str, gain_sign: int, with_certificate: bool) -> Any:
    import numpy as np

    if graph.is_directed():
        raise ValueError("a directed graph has no matching: give an undirected networkx graph")
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    limit = _boardsolvers.weighted_limit(len(nodes))
    triples = list(graph.edges(data=weight, default=1))
    pairs = np.array([(index[u], index[v]) for u, v, _ in triples], dtype=np.int64).reshape(-1, 2)
    weights = np.array([_integer(w, f"({u!r}, {v!r})", limit) for u, v, w in triples], dtype=np.int64)
    try:
        mate, total, raw = _boardsolvers.weighted_matching_edges(len(nodes), pairs, weights, goal, with_certificate)
    except ValueError as error:
        edge = getattr(error, "edge", None)
        if edge is None:
            raise
        # The library names the edge by its index; name it by its nodes.
        u, v, _ = triples[edge]
        raise ValueError(f"edge ({u!r}, {v!r})" + str(error)[len(f"edge {edge}") :]) from None
    matching = {(nodes[u], nodes[v]) for u, v in enumerate(mate.tolist()) if u < v}
    if not with_certificate:
        return matching
    objective, duals, blossoms = raw
    vertex_duals: Dict[Hashable, int] = dict(zip(nodes, duals.tolist()))
    named = [([nodes[v] for v in vertices.tolist()], dual) for vertices, dual in blossoms]
    return matching, WeightedCertificate(objective, gain_sign, total, vertex_duals, named)


def _integer(w: Any, edge: str, limit: int) -> int:
    """The weight ``w`` of the edge named ``edge`` as an ``int``; ``ValueError`` when it is not an
    integer, or beyond ``int64`` (the library checks its own range of the rest)."""
    value: Optional[int] = None
    if isinstance(w, numbers.Integral):
        value = int(w)
    elif isinstance(w, numbers.Real):
        try:
            whole = int(w)
        except (ValueError, OverflowError):  # nan, inf
            whole = None
        if whole is not None and whole == w:
            value = whole
    if value is None:
        raise ValueError(f"edge {edge}: weight {w!r} is not an integer")
    if not -_INT64 <= value < _INT64:
        raise ValueError(f"edge {edge}: weight {value} is outside [-{limit}, {limit}]")
    return value


def _weight_array(weights: Any, limit: int) -> np.ndarray:
    """``weights`` as a contiguous ``int64`` array (in place when it is one); ``ValueError`` at the
    first weight that is not an integer or lies beyond ``int64``."""
    import numpy as np

    array = np.asarray(weights)
    if array.ndim != 1:
        raise ValueError(f"weights must be a 1-d array, not of shape {array.shape}")
    kind = array.dtype.kind
    if kind in "bi":
        return np.ascontiguousarray(array, dtype=np.int64)
    if kind == "u":
        beyond = np.flatnonzero(array >= _INT64)
        if beyond.size:
            i = int(beyond[0])
            raise ValueError(f"edge {i}: weight {int(array[i])} is outside [-{limit}, {limit}]")
        return np.ascontiguousarray(array, dtype=np.int64)
    if kind == "f":
        with np.errstate(invalid="ignore"):
            fractional = np.flatnonzero(~np.isfinite(array) | (array != np.floor(array)))
        if fractional.size:
            i = int(fractional[0])
            raise ValueError(f"edge {i}: weight {array[i].item()!r} is not an integer")
        beyond = np.flatnonzero((array >= float(_INT64)) | (array < -float(_INT64)))
        if beyond.size:
            i = int(beyond[0])
            raise ValueError(f"edge {i}: weight {int(array[i])} is outside [-{limit}, {limit}]")
        return array.astype(np.int64)
    if kind == "O":
        return np.array([_integer(w, str(i), limit) for i, w in enumerate(array.tolist())], dtype=np.int64)
    raise ValueError(f"weights must be integers, not {array.dtype}")
