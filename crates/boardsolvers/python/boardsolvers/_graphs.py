"""Helpers shared by the matching modules: recognising a networkx graph, reading an edge array."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np


def is_networkx(graph: Any) -> bool:
    """Whether ``graph`` is a networkx graph, recognised by its methods (networkx is never imported)."""
    return all(hasattr(graph, name) for name in ("nodes", "edges", "is_directed", "adj"))


def is_sparse_matrix(graph: Any) -> bool:
    """Whether ``graph`` is a ``scipy.sparse`` matrix or array, recognised by its methods (scipy is
    never imported)."""
    return hasattr(graph, "tocoo") and hasattr(graph, "shape")


def edge_array(edges: Any) -> np.ndarray:
    """``edges`` (an ``(m, 2)`` integer array or an iterable of pairs) as a C-contiguous ``int32`` or
    ``int64`` array of shape ``(m, 2)``: the array itself when it already is one, else a copy."""
    import numpy as np

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
