"""Matching in general (non-bipartite) graphs: Edmonds' blossom algorithm.

Maximum-cardinality matching (:func:`maximum_matching`, :func:`gallai_edmonds`, :func:`verify`,
:func:`read`) and, with integer edge weights, maximum-weight and minimum-weight matching with their
dual certificates (:func:`max_weight_matching`, :func:`min_weight_matching`,
:func:`min_cost_perfect_matching`, :func:`verify_weighted`, :func:`read_weighted`; their graphs
are described there).

A graph of the cardinality functions is one of:

- a pair ``(n, edges)``: vertices ``0 .. n-1`` and ``edges`` an ``(m, 2)`` integer numpy array
  or any iterable of vertex pairs (a C-contiguous ``int32`` or ``int64`` array is read in place);
- a ``scipy.sparse`` matrix or array of shape ``(n, n)`` (any format): an edge ``{i, j}`` for each
  nonzero entry at ``(i, j)`` or ``(j, i)``;
- a ``networkx`` graph (any hashable node labels);
- a :class:`GraphFile` that :func:`read` returns.

Self-loops are never matched and are left out; repeated edges count once. The matching runs with
the GIL released, and Ctrl-C (``KeyboardInterrupt``) stops it. scipy and networkx are never
imported: a graph is recognised by its methods.
"""

from __future__ import annotations

import json
import operator
import os
from typing import TYPE_CHECKING, Any, Dict, Hashable, Iterable, Iterator, Optional, Set, Tuple, Union

from boardsolvers import _boardsolvers
from boardsolvers._errors import CertificateError, NoPerfectMatchingError
from boardsolvers._graphs import edge_array as _edge_array
from boardsolvers._graphs import is_networkx as _is_networkx
from boardsolvers._graphs import is_sparse_matrix as _is_sparse_matrix
from boardsolvers._weighted import (
    WeightedCertificate,
    WeightedGraphFile,
    max_weight_matching,
    min_cost_perfect_matching,
    min_weight_matching,
    read_weighted,
    verify_weighted,
)

if TYPE_CHECKING:
    import numpy as np

# numpy is imported by the functions that use it, so that `import boardsolvers` does not wait
# for it.
Graph = Union[Tuple[int, Union["np.ndarray", Iterable[Tuple[int, int]]]], Any]

__all__ = [
    "CertificateError",
    "GraphFile",
    "NoPerfectMatchingError",
    "WeightedCertificate",
    "WeightedGraphFile",
    "gallai_edmonds",
    "max_weight_matching",
    "maximum_matching",
    "min_cost_perfect_matching",
    "min_weight_matching",
    "read",
    "read_weighted",
    "verify",
    "verify_weighted",
]


class GraphFile:
    """A graph read from a file by :func:`read`; a graph for every function of this module.

    ``n`` vertices ``0 .. n-1``; ``edges``, the ``(m, 2)`` ``int64`` array of its distinct edges
    ``(u, v)`` with ``u < v``; ``ids``, the file's id of each vertex (``uint64``: ``ids[v]`` is
    ``v + 1`` for Matrix Market and METIS, ``v`` for the Library Checker format, the ``v``-th
    smallest id for an edge list); ``self_loops`` and ``repeats``, the self-loops and repeated edges
    left out. ``n, edges = graph_file`` unpacks it as a pair.
    """

    __slots__ = ("n", "edges", "ids", "self_loops", "repeats")

    def __init__(self, n: int, edges: np.ndarray, ids: np.ndarray, self_loops: int, repeats: int) -> None:
        self.n = n
        self.edges = edges
        self.ids = ids
        self.self_loops = self_loops
        self.repeats = repeats

    def __iter__(self) -> Iterator[Any]:
        return iter((self.n, self.edges))

    def __repr__(self) -> str:
        return f"GraphFile(n={self.n}, m={len(self.edges)})"


def read(path: Union[str, "os.PathLike[str]"], format: Optional[str] = None) -> GraphFile:
    """The graph in the file ``path``, as ``edmonds-blossom matching`` reads it.

    ``format`` is one of ``"lc"`` (Library Checker ``general_matching``: ``N M``, then ``M`` lines
    ``u v``, 0-based), ``"edges"`` (an edge list, ``#`` or ``%`` comment lines, any ids up to
    ``2^63``), ``"mtx"`` (Matrix Market coordinate, 1-based) or ``"metis"`` (METIS / DIMACS10
    adjacency, 1-based); ``None`` chooses it by the file's extension as the binary's ``--format``
    does (``.txt``, ``.edges``, ``.el``: edges; ``.mtx``; ``.graph``, ``.metis``; anything else
    ``lc``). A malformed file raises :class:`~boardsolvers.InputError` with the binary's line,
    column and message; an unreadable one ``OSError``.
    """
    n, edges, ids, self_loops, repeats = _boardsolvers.read_graph(os.fspath(path), format)
    return GraphFile(n, edges, ids, self_loops, repeats)


def maximum_matching(graph: Graph) -> Union[np.ndarray, Set[Tuple[Hashable, Hashable]]]:
    """A maximum matching of ``graph``.

    For ``(n, edges)`` and a sparse matrix: the ``int64`` array ``mate`` of length ``n``, with
    ``mate[v]`` the vertex matched to ``v`` or ``-1``. For a networkx graph: the set of matched
    node pairs ``(u, v)``, as ``networkx.max_weight_matching`` returns.
    """
    if _is_networkx(graph):
        nodes, n, edges = _networkx_edges(graph)
        mate = _boardsolvers.maximum_matching_edges(n, edges)
        return {(nodes[u], nodes[v]) for u, v in enumerate(mate.tolist()) if u < v}
    n, edges = _vertices_and_edges(graph)
    return _boardsolvers.maximum_matching_edges(n, edges)


def gallai_edmonds(graph: Graph) -> Tuple[Any, Any, Any]:
    """The Gallai–Edmonds decomposition ``(D, A, C)`` of ``graph``.

    ``D``: the vertices some maximum matching leaves unmatched; ``A``: the others adjacent to
    ``D``; ``C``: the rest. Each is a sorted ``int64`` array of vertices, or for a networkx
    graph a list of nodes (in the graph's node order).
    """
    if _is_networkx(graph):
        nodes, n, edges = _networkx_edges(graph)
        classes = _boardsolvers.gallai_edmonds_edges(n, edges)
        return tuple([nodes[v] for v in part.tolist()] for part in classes)  # type: ignore[return-value]
    n, edges = _vertices_and_edges(graph)
    return _boardsolvers.gallai_edmonds_edges(n, edges)


def verify(graph: Graph, mate: Any) -> Dict[str, int]:
    """The Tutte–Berge certificate that ``mate`` is a maximum matching of ``graph``.

    ``mate`` is what :func:`maximum_matching` returns for the graph: a mate array of length ``n``
    (``-1`` unmatched) or, for a networkx graph, a set of node pairs. The certificate is the
    Gallai–Edmonds barrier ``A`` of the graph: every matching has at most
    ``(|V| + |A| - odd(G - A)) / 2`` edges, ``odd`` counting the odd components of ``G - A``, and
    the matching meets that bound. Returns the figures ``matching --certificate --json`` prints:
    ``vertices``, ``matching_size``, ``barrier_size``, ``odd_components`` and ``bound`` (equal to
    ``matching_size``). Raises :class:`CertificateError` when ``mate`` is not a matching of the
    graph (a pair that is no edge, a vertex matched asymmetrically) or not maximum.
    """
    import numpy as np

    if _is_networkx(graph):
        nodes, n, edges = _networkx_edges(graph)
        index = {node: i for i, node in enumerate(nodes)}
        mates = np.full(n, -1, dtype=np.int64)
        for u, v in mate:
            if u not in index or v not in index:
                raise CertificateError(f"({u!r}, {v!r}) is not an edge of the graph")
            i, j = index[u], index[v]
            if mates[i] != -1 or mates[j] != -1:
                raise CertificateError(f"node {u if mates[i] != -1 else v!r} is matched twice")
            mates[i], mates[j] = j, i
    else:
        n, edges = _vertices_and_edges(graph)
        mates = np.asarray(mate)
        if mates.ndim != 1 or not np.issubdtype(mates.dtype, np.integer) or mates.dtype == np.bool_:
            raise ValueError(f"mate must be a 1-d integer array, not {mates.dtype} of shape {mates.shape}")
        mates = np.ascontiguousarray(mates, dtype=np.int64)
    return json.loads(_boardsolvers.verify_edges(n, edges, mates))


def _networkx_edges(graph: Any) -> Tuple[list, int, np.ndarray]:
    import numpy as np

    if graph.is_directed():
        raise ValueError("a directed graph has no matching: give an undirected networkx graph")
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    pairs = [(index[u], index[v]) for u, v in graph.edges()]
    edges = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    return nodes, len(nodes), edges


def _vertices_and_edges(graph: Any) -> Tuple[int, np.ndarray]:
    if isinstance(graph, GraphFile):
        return graph.n, graph.edges
    if _is_sparse_matrix(graph):
        return _sparse_edges(graph)
    try:
        n, edges = graph
    except (TypeError, ValueError):
        raise TypeError(
            "graph must be (n, edges), a scipy.sparse matrix or a networkx graph, "
            f"not {type(graph).__name__}"
        ) from None
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"the number of vertices must not be negative, not {n}")
    return n, _edge_array(edges)


def _sparse_edges(matrix: Any) -> Tuple[int, np.ndarray]:
    import numpy as np

    rows, cols = matrix.shape
    if rows != cols:
        raise ValueError(f"an adjacency matrix must be square, not {rows} x {cols}")
    coo = matrix.tocoo()
    nonzero = np.asarray(coo.data) != 0
    edges = np.stack([np.asarray(coo.row)[nonzero], np.asarray(coo.col)[nonzero]], axis=1)
    return int(rows), np.ascontiguousarray(edges, dtype=np.int64)
