"""Weighted matching in general graphs: the functions :mod:`boardsolvers.matching` exports.

A weighted graph is one of:

- a networkx graph (any hashable node labels; each edge's weight is its ``weight`` attribute,
  ``1`` where it has none, as networkx reads it; a ``MultiGraph`` is taken too);
- a triple ``(n, edges, weights)``: vertices ``0 .. n-1``, ``edges`` an ``(m, 2)`` integer array
  or iterable of pairs and ``weights`` the ``m`` weights (a C-contiguous ``int64`` array is read
  in place);
- a ``scipy.sparse`` matrix or array of shape ``(n, n)`` (any format): an edge ``{i, j}`` for each
  nonzero entry at ``(i, j)``, weighing the entry (a symmetric matrix lists each edge twice, and
  of the two entries of a pair the better one counts, as of any repeated edge). Its entries are
  integers: an integer matrix, or a float one whose entries are all integral (any other entry
  raises ``ValueError`` naming it);
- a :class:`WeightedGraphFile` that :func:`read_weighted` returns.
"""

from __future__ import annotations

import numbers
import operator
import os
from typing import TYPE_CHECKING, Any, Dict, Hashable, Iterator, List, Optional, Set, Tuple, Union

from boardsolvers import _boardsolvers
from boardsolvers._errors import CertificateError
from boardsolvers._graphs import edge_array, is_networkx, is_sparse_matrix

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
    laminar family of odd vertex sets with ``dual = 2 z(B) >= 0``, listed as a forest so that it
    takes linear space however deep the sets nest: each is ``(own_vertices, parent, dual)``, where
    ``own_vertices`` are its vertices in no smaller set and ``parent`` is the index of the smallest
    set holding it (listed later) or ``None``; :meth:`blossom_vertices` gives a whole set. The
    doubled reduced cost of an edge ``uv`` is
    ``r(e) = vertex_duals[u] + vertex_duals[v] + (sum of dual over the blossoms holding u and v) - 2 g(e)``.
    The matching is optimal for ``objective`` because:

    - ``r(e) >= 0`` for every edge (every copy of a repeated one), and ``r(e) == 0`` for each
      matched pair's best copy;
    - every blossom ``B`` with a positive dual holds ``(|B| - 1) / 2`` matched pairs;
    - every vertex dual is at least the floor, and every free vertex's dual equals it: the floor is
      ``0`` for ``"max-weight"``, the smallest vertex dual for ``"max-weight-max-cardinality"``
      (whose matching is also of maximum cardinality), and there is none for
      ``"min-cost-perfect"`` (whose matching is perfect).

    For a networkx graph ``vertex_duals`` is a dict ``{node: dual}`` and each blossom's own vertices
    a list of nodes; for ``(n, edges, weights)`` an ``int64`` array and sorted ``int64`` arrays.
    ``total_weight`` is the sum of the matched weights as given.
    """

    __slots__ = ("objective", "gain_sign", "total_weight", "vertex_duals", "blossoms")

    def __init__(
        self,
        objective: str,
        gain_sign: int,
        total_weight: int,
        vertex_duals: Any,
        blossoms: List[Tuple[Any, Optional[int], int]],
    ) -> None:
        self.objective = objective
        self.gain_sign = gain_sign
        self.total_weight = total_weight
        self.vertex_duals = vertex_duals
        self.blossoms = blossoms

    def blossom_vertices(self, i: int) -> List[Any]:
        """All the vertices of blossom ``i``: its own and those of the blossoms below it."""
        inside = {i}
        vertices = list(self.blossoms[i][0])
        for j in range(i - 1, -1, -1):
            own, parent, _ = self.blossoms[j]
            if parent in inside:
                inside.add(j)
                vertices.extend(own)
        return vertices

    def __repr__(self) -> str:
        return (
            f"WeightedCertificate(objective={self.objective!r}, total_weight={self.total_weight}, "
            f"blossoms={len(self.blossoms)})"
        )


class WeightedGraphFile:
    """A weighted graph read from a file by :func:`read_weighted`; a graph for every weighted
    function.

    ``n`` vertices ``0 .. n-1``; ``edges``, the ``(m, 2)`` ``int64`` array of its edges ``(u, v)``
    with ``u < v``, in the file's order (repeated edges kept: of a repeated pair the goal's best
    copy counts); ``weights``, their ``int64`` weights; ``ids``, the file's id of each vertex
    (``uint64``: ``ids[v]`` is ``v + 1`` for DIMACS and Matrix Market, ``v`` for the Library Checker
    format, the ``v``-th smallest id for an edge list); ``self_loops``, the self-loops left out, and
    ``repeats``, the edges that repeat a pair. ``n, edges, weights = graph_file`` unpacks it.
    """

    __slots__ = ("n", "edges", "weights", "ids", "self_loops", "repeats")

    def __init__(
        self, n: int, edges: np.ndarray, weights: np.ndarray, ids: np.ndarray, self_loops: int, repeats: int
    ) -> None:
        self.n = n
        self.edges = edges
        self.weights = weights
        self.ids = ids
        self.self_loops = self_loops
        self.repeats = repeats

    def __iter__(self) -> Iterator[Any]:
        return iter((self.n, self.edges, self.weights))

    def __repr__(self) -> str:
        return f"WeightedGraphFile(n={self.n}, m={len(self.edges)})"


def read_weighted(path: Union[str, "os.PathLike[str]"], format: Optional[str] = None) -> WeightedGraphFile:
    """The weighted graph in the file ``path``, as ``edmonds-blossom weighted-matching`` reads it.

    ``format`` is one of ``"lc"`` (Library Checker ``general_weighted_matching``: ``N M``, then
    ``M`` lines ``u v w``, 0-based), ``"edges"`` (a weighted edge list ``u v w``, ``#`` or ``%``
    comment lines, any ids up to ``2^63``), ``"dimacs"`` (``p edge N M``, then ``e u v w`` lines,
    1-based, ``c`` comments) or ``"mtx"`` (Matrix Market ``coordinate integer``, 1-based; a
    ``real`` file is refused: weights are integers); ``None`` chooses it by the file's extension
    as the binary's ``--format`` does (``.txt``, ``.edges``, ``.el``, ``.wel``: edges; ``.dimacs``,
    ``.col``, ``.gr``: DIMACS; ``.mtx``; anything else ``lc``). A malformed file raises
    :class:`~boardsolvers.InputError` with the binary's line, column and message; an unreadable
    one ``OSError``.
    """
    n, edges, weights, ids, self_loops, repeats = _boardsolvers.read_weighted_graph(os.fspath(path), format)
    return WeightedGraphFile(n, edges, weights, ids, self_loops, repeats)


def max_weight_matching(
    graph: WeightedGraph, maxcardinality: bool = False, weight: str = "weight", *, certificate: bool = False
) -> Union[Matching, Tuple[Matching, WeightedCertificate]]:
    """A matching of the largest total weight (``networkx.max_weight_matching``'s signature).

    With ``maxcardinality=True``, the heaviest among the matchings of maximum cardinality.
    ``graph`` is a networkx graph, whose result is the set of matched node pairs ``(u, v)`` as
    networkx returns, or ``(n, edges, weights)``, whose result is the ``int64`` array ``mate``
    (``mate[v]`` the vertex matched to ``v``, or ``-1``). ``weight`` names the networkx edge
    attribute (``1`` where an edge has none); ``graph`` may also be a ``scipy.sparse`` matrix or a
    :class:`WeightedGraphFile`, whose results are mate arrays. Weights are integers (an integral float is taken as
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


#: The goal of each certificate objective and gain sign (the certificate of
#: :func:`min_weight_matching` is ``"max-weight-max-cardinality"`` of the gains ``-weight``).
_GOALS = {
    ("max-weight", 1): "max-weight",
    ("max-weight-max-cardinality", 1): "max-weight-max-cardinality",
    ("max-weight-max-cardinality", -1): "min-weight-max-cardinality",
    ("min-cost-perfect", -1): "min-cost-perfect",
}


def verify_weighted(
    graph: WeightedGraph,
    matching: Matching,
    certificate: Optional[WeightedCertificate] = None,
    *,
    goal: Optional[str] = None,
    weight: str = "weight",
) -> Dict[str, Any]:
    """The proof that ``matching`` is an optimal weighted matching of ``graph``.

    ``matching`` is what the weighted functions return for the graph: a mate array of length ``n``
    (``-1`` unmatched) or, for a networkx graph, a set of node pairs. With ``certificate`` (a
    :class:`WeightedCertificate` for this graph) the certificate is checked against the matching,
    trusting no algorithm: every matched pair an edge and no vertex matched twice, every reduced
    cost ``>= 0``, and complementary slackness (the conditions its documentation lists). Without
    one, ``goal`` names what the matching claims to be, and an optimum is computed with its
    certificate, which then proves ``matching`` optimal exactly when it is (an optimal dual
    solution is complementary to every optimal matching): ``"max-weight"``
    (:func:`max_weight_matching`), ``"max-weight-max-cardinality"`` (with ``maxcardinality=True``),
    ``"min-weight-max-cardinality"`` (:func:`min_weight_matching`) or ``"min-cost-perfect"``
    (:func:`min_cost_perfect_matching`); with a certificate ``goal`` may be left out, and must be
    the certificate's when given. This is ``edmonds-blossom weighted-matching --certificate``'s
    check.

    Returns ``{"goal": ..., "size": ..., "total_weight": ...}``: the matching's pairs and total
    weight (as given), the optimum. Raises :class:`CertificateError` saying why the matching or the
    certificate is rejected (a pair that is no edge, a vertex matched asymmetrically, a negative
    reduced cost, a slack matched edge, ..., or, without a certificate, that the matching is not
    optimal and what an optimal one weighs); ``ValueError`` for a malformed graph or arguments.
    """
    import numpy as np

    if certificate is not None:
        certified = _GOALS.get((certificate.objective, certificate.gain_sign))
        if certified is None:
            raise ValueError(
                f"a certificate for {certificate.objective!r} with gain sign {certificate.gain_sign} fits no goal"
            )
        if goal is not None and goal != certified:
            raise ValueError(f"the certificate proves {certified!r}, not {goal!r}")
        goal = certified
    if goal is None:
        raise ValueError("give the matching's certificate, or the goal it is optimal for")
    if goal not in _GOALS.values():
        raise ValueError(f"goal must be one of {', '.join(sorted(set(_GOALS.values())))}, not {goal!r}")
    if is_networkx(graph):
        nodes, n, edges, weights, triples = _networkx_arrays(graph, weight)
        index = {node: i for i, node in enumerate(nodes)}

        def entry_name(i: int) -> str:
            return f"edge ({triples[i][0]!r}, {triples[i][1]!r})"

        mate = np.full(n, -1, dtype=np.int64)
        for u, v in matching:
            if u not in index or v not in index:
                raise CertificateError(f"({u!r}, {v!r}) is not an edge of the graph")
            i, j = index[u], index[v]
            if mate[i] != -1 or mate[j] != -1:
                raise CertificateError(f"node {u if mate[i] != -1 else v!r} is matched twice")
            mate[i], mate[j] = j, i
        raw = None
        if certificate is not None:
            duals = np.array([certificate.vertex_duals[node] for node in nodes], dtype=np.int64)
            blossoms = [
                (np.array([index[node] for node in vertices], dtype=np.int64), parent, dual)
                for vertices, parent, dual in certificate.blossoms
            ]
            raw = (certificate.objective, duals, blossoms)
    else:
        n, edges, weights, entry_name = _arrays(graph)
        mate = np.asarray(matching)
        if mate.ndim != 1 or mate.dtype == np.bool_ or not np.issubdtype(mate.dtype, np.integer):
            raise ValueError(f"matching must be a 1-d integer mate array, not {mate.dtype} of shape {mate.shape}")
        mate = np.ascontiguousarray(mate, dtype=np.int64)
        raw = None
        if certificate is not None:
            duals = np.ascontiguousarray(certificate.vertex_duals, dtype=np.int64)
            blossoms = [
                (np.ascontiguousarray(vertices, dtype=np.int64), None if parent is None else int(parent), int(dual))
                for vertices, parent, dual in certificate.blossoms
            ]
            raw = (certificate.objective, duals, blossoms)
    try:
        size, total = _boardsolvers.verify_weighted_edges(n, edges, weights, goal, mate, raw)
    except ValueError as error:
        raise _renamed(error, entry_name) from None
    return {"goal": goal, "size": size, "total_weight": total}


def _solve(graph: WeightedGraph, weight: str, goal: str, gain_sign: int, with_certificate: bool) -> Any:
    if is_networkx(graph):
        return _solve_networkx(graph, weight, goal, gain_sign, with_certificate)
    n, edges, weights, entry_name = _arrays(graph)
    try:
        mate, total, raw = _boardsolvers.weighted_matching_edges(n, edges, weights, goal, with_certificate)
    except ValueError as error:
        raise _renamed(error, entry_name) from None
    if not with_certificate:
        return mate
    objective, duals, blossoms = raw
    return mate, WeightedCertificate(objective, gain_sign, total, duals, blossoms)


def _renamed(error: ValueError, entry_name: Any) -> ValueError:
    """``error`` with the edge it names by index (its ``edge`` attribute) named by
    ``entry_name(index)`` instead: the entry of a matrix, the nodes of a networkx edge."""
    edge = getattr(error, "edge", None)
    if entry_name is None or edge is None:
        return error
    renamed = ValueError(entry_name(edge) + str(error)[len(f"edge {edge}") :])
    renamed.edge = edge  # type: ignore[attr-defined]
    return renamed


def _arrays(graph: Any) -> Tuple[int, np.ndarray, np.ndarray, Any]:
    """``(n, edges, weights, entry_name)`` of a graph that is not a networkx graph: the edge and
    weight arrays the extension reads, and for a sparse matrix a function naming the entry of an
    edge index (``None`` otherwise)."""
    if is_sparse_matrix(graph):
        return _sparse_arrays(graph)
    try:
        n, edges, weights = graph
    except (TypeError, ValueError):
        raise TypeError(
            "graph must be (n, edges, weights), a scipy.sparse matrix or a networkx graph, "
            f"not {type(graph).__name__}"
        ) from None
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"the number of vertices must not be negative, not {n}")
    limit = _boardsolvers.weighted_limit(n)
    return n, edge_array(edges), _weight_array(weights, limit), None


def _sparse_arrays(matrix: Any) -> Tuple[int, np.ndarray, np.ndarray, Any]:
    """The edges and weights of the nonzero entries of a square ``scipy.sparse`` matrix, and the
    name of an edge's entry, ``entry (i, j)``."""
    import numpy as np

    rows, cols = matrix.shape
    if rows != cols:
        raise ValueError(f"an adjacency matrix must be square, not {rows} x {cols}")
    coo = matrix.tocoo()
    data = np.asarray(coo.data)
    kind = data.dtype.kind
    if kind not in "iuf":
        raise ValueError(f"a weighted adjacency matrix holds integers, not {data.dtype}")
    nonzero = data != 0
    row, col, data = np.asarray(coo.row)[nonzero], np.asarray(coo.col)[nonzero], data[nonzero]

    def entry_name(i: int) -> str:
        return f"entry ({int(row[i])}, {int(col[i])})"

    if kind == "f":
        with np.errstate(invalid="ignore"):
            fractional = np.flatnonzero(~np.isfinite(data) | (data != np.floor(data)))
        if fractional.size:
            i = int(fractional[0])
            raise ValueError(
                f"{entry_name(i)}: weight {data[i].item()!r} is not an integer "
                f"(a {data.dtype} matrix is taken only when every entry is integral)"
            )
    limit = _boardsolvers.weighted_limit(int(rows))
    try:
        weights = _weight_array(data, limit)
    except ValueError as error:
        # `_weight_array` names the edge by its index; name it by its entry.
        message = str(error)
        index = int(message.split(":")[0].split()[-1])
        raise ValueError(entry_name(index) + message[message.index(":") :]) from None
    edges = np.stack([row, col], axis=1)
    return int(rows), np.ascontiguousarray(edges, dtype=np.int64), weights, entry_name


def _networkx_arrays(graph: Any, weight: str) -> Tuple[List[Hashable], int, np.ndarray, np.ndarray, List[Any]]:
    """``(nodes, n, edges, weights, triples)`` of a networkx graph: its nodes in order, the edge
    and weight arrays by node index, and the ``(u, v, w)`` edges they come from."""
    import numpy as np

    if graph.is_directed():
        raise ValueError("a directed graph has no matching: give an undirected networkx graph")
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    limit = _boardsolvers.weighted_limit(len(nodes))
    triples = list(graph.edges(data=weight, default=1))
    pairs = np.array([(index[u], index[v]) for u, v, _ in triples], dtype=np.int64).reshape(-1, 2)
    weights = np.array([_integer(w, f"({u!r}, {v!r})", limit) for u, v, w in triples], dtype=np.int64)
    return nodes, len(nodes), pairs, weights, triples


def _solve_networkx(graph: Any, weight: str, goal: str, gain_sign: int, with_certificate: bool) -> Any:
    nodes, n, pairs, weights, triples = _networkx_arrays(graph, weight)
    try:
        mate, total, raw = _boardsolvers.weighted_matching_edges(n, pairs, weights, goal, with_certificate)
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
    named = [([nodes[v] for v in vertices.tolist()], parent, dual) for vertices, parent, dual in blossoms]
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
