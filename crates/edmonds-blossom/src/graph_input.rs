//! The Library Checker `general_matching` input: `N M`, then `M` lines `u v` (0-indexed).
//!
//! Self-loops and vertices outside `0..N` are errors located at the offending token; repeated edges are
//! accepted and kept once. Memory is reserved by what the input can hold, not by the declared `M`, so a
//! huge `M` with a short input cannot exhaust memory.
//!
//! Inputs run to tens of megabytes. They are read by [`Scanner`]'s integer reader, which counts
//! no lines while reading: the line and column of an edge's first vertex are kept as a byte offset
//! ([`Mark`]) and worked out only for the error about it.

use grid_core::{ErrorKind, InputError, Mark, Scanner};

use crate::graph::Graph;

/// Largest `N` accepted.
pub const MAX_INPUT_VERTICES: usize = 10_000_000;

/// Largest `M` accepted.
pub const MAX_INPUT_EDGES: usize = 50_000_000;

/// Reads a whole `general_matching` input into a graph.
pub fn parse_graph(input: &[u8]) -> Result<Graph, InputError> {
    let mut scanner = Scanner::new(input);
    let (n, n_at) = scanner.uint_mark("number of vertices", 1, MAX_INPUT_VERTICES as u64)?;
    let n = n as usize;
    let m = scanner.usize("number of edges", 0, MAX_INPUT_EDGES)?;
    // An edge line takes at least 4 bytes ("u v\n").
    let mut edges = Vec::with_capacity(m.min(input.len() / 4 + 1));
    let max_vertex = (n - 1) as u64;
    for i in 0..m {
        let (u, v, u_at) = read_edge(&mut scanner, max_vertex).map_err(|e| name_missing_edge(e, i, m))?;
        if u == v {
            return Err(scanner.loc_at(u_at).msg(format!("self-loop at vertex {u}")));
        }
        edges.push((u, v));
    }
    scanner.finish().map_err(|e| match e.kind {
        ErrorKind::TrailingInput(t) => InputError::msg(
            e.line,
            e.column,
            format!("input continues after the {m} edge{}: '{t}'", if m == 1 { "" } else { "s" }),
        ),
        _ => e,
    })?;
    Graph::from_edges(n, &edges).map_err(|e| scanner.loc_at(n_at).msg(e.to_string()))
}

/// Reads one edge `u v` with both ends at most `max_vertex`, and where `u` stands.
#[inline]
fn read_edge(scanner: &mut Scanner<'_>, max_vertex: u64) -> Result<(u32, u32, Mark), InputError> {
    let (u, u_at) = scanner.uint_mark("vertex", 0, max_vertex)?;
    let (v, _) = scanner.uint_mark("vertex", 0, max_vertex)?;
    // Both are below MAX_INPUT_VERTICES, so they fit a u32.
    Ok((u as u32, v as u32, u_at))
}

/// The input ended inside edge `i` (0-based) of `m`: say which edge was expected.
#[cold]
fn name_missing_edge(e: InputError, i: usize, m: usize) -> InputError {
    match e.kind {
        ErrorKind::UnexpectedEnd(_) => {
            InputError::new(e.line, e.column, ErrorKind::UnexpectedEnd(format!("edge {} of {m}", i + 1)))
        }
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse_graph(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn reads_a_graph_and_drops_repeats() {
        let g = parse_graph(b"4 4\n0 1\n1 2\n2 1\n3 0\n").unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (4, 3));
        assert!(g.has_edge(0, 3));
    }

    #[test]
    fn whitespace_and_leading_zeros() {
        for input in ["3 2\n0 1\r\n1 2", "3 2 0 1 1 2 \n\n", "\t3 2\n\n00 1\n1 0000000000000000000000002\n"] {
            let g = parse_graph(input.as_bytes()).unwrap();
            assert_eq!((g.vertex_count(), g.edge_count()), (3, 2), "{input:?}");
        }
        assert_eq!(parse_graph(b"1 0\n").unwrap().vertex_count(), 1);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(error("3 1\n0 3\n"), "line 2, column 3: vertex 3 out of range 0..=2");
        assert_eq!(error("3 1\n2 2\n"), "line 2, column 1: self-loop at vertex 2");
        assert_eq!(error("3 2\n0 1\n"), "line 3, column 1: unexpected end of input, expected edge 2 of 2");
        assert_eq!(error("3 1\n0 1\n1 2\n"), "line 3, column 1: input continues after the 1 edge: '1'");
        assert_eq!(error("0 0\n"), "line 1, column 1: number of vertices 0 out of range 1..=10000000");
        assert_eq!(error("2 1\n0 x\n"), "line 2, column 3: expected vertex, found 'x'");
        assert_eq!(error("3 1\n0 1x\n"), "line 2, column 3: expected vertex, found '1x'");
        assert_eq!(error("3 1\n0 1 junk"), "line 2, column 5: input continues after the 1 edge: 'junk'");
        assert_eq!(error("3 2\n0 1\n2"), "line 3, column 2: unexpected end of input, expected edge 2 of 2");
        assert_eq!(
            error("3 1\n0 99999999999999999999\n"),
            "line 2, column 3: vertex 99999999999999999999 out of range 0..=2"
        );
    }
}
