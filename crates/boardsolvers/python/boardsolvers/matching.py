"""Maximum-cardinality matching in general (non-bipartite) graphs: Edmonds' blossom algorithm.

A graph is one of:

- a pair ``(n, edges)``: vertices ``0 .. n-1`` and ``edges`` an ``(m, 2)`` integer numpy array
  or any iterable of vertex pairs (a C-contiguous ``int32`` or ``int64`` array is read in place);
- a ``scipy.sparse`` matrix or array of shape ``(n, n)`` (any format): an edge ``{i, j}`` for each
  nonzero entry at ``(i, j)`` or ``(j, i)``;
- a ``networkx`` graph (any hashable node labels).

Self-loops are never matched and are left out; repeated edges count once. The matching runs with
the GIL released. scipy and networkx are never imported: a graph is recognised by its methods.
"""

import operator
from typing import Any, Hashable, Iterable, Set, Tuple, Union

import numpy as np

from boardsolvers import _boardsolvers

Graph = Union[Tuple[int, Union[np.ndarray, Iterable[Tuple[int, int]]]], Any]


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


def _is_networkx(graph: Any) -> bool:
    return all(hasattr(graph, name) for name in ("nodes", "edges", "is_directed", "adj"))


def _networkx_edges(graph: Any) -> Tuple[list, int, np.ndarray]:
    if graph.is_directed():
        raise ValueError("a directed graph has no matching: give an undirected networkx graph")
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    pairs = [(index[u], index[v]) for u, v in graph.edges()]
    edges = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    return nodes, len(nodes), edges


def _vertices_and_edges(graph: Any) -> Tuple[int, np.ndarray]:
    if hasattr(graph, "tocoo") and hasattr(graph, "shape"):
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
    rows, cols = matrix.shape
    if rows != cols:
        raise ValueError(f"an adjacency matrix must be square, not {rows} x {cols}")
    coo = matrix.tocoo()
    nonzero = np.asarray(coo.data) != 0
    edges = np.stack([np.asarray(coo.row)[nonzero], np.asarray(coo.col)[nonzero]], axis=1)
    return int(rows), np.ascontiguousarray(edges, dtype=np.int64)


def _edge_array(edges: Any) -> np.ndarray:
    if isinstance(edges, np.ndarray) and edges.dtype in (np.int32, np.int64) and edges.ndim == 2:
        if edges.flags.c_contiguous and edges.shape[1] == 2:
            return edges
    if not isinstance(edges, np.ndarray):
        edges = list(edges)
        if not edges:
            return np.empty((0, 2), dtype=np.int64)
    array = np.asarray(edges)
    if array.size == 0:
        return np.empty((0, 2), dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != 2:
        raise ValueError(f"edges must have shape (m, 2), not {array.shape}")
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"edges must be integers, not {array.dtype}")
    if array.dtype.kind == "u" and array.size and int(array.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"vertex {int(array.max())} out of range")
    return np.ascontiguousarray(array, dtype=np.int64)
