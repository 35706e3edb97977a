//! The Library Checker `general_matching` input: `N M`, then `M` lines `u v` (0-indexed).
//!
//! Self-loops and vertices outside `0..N` are errors located at the offending token; repeated edges are
//! accepted and kept once. Memory is reserved by what the input can hold, not by the declared `M`, so a
//! huge `M` with a short input cannot exhaust memory.
//!
//! Inputs run to tens of megabytes, so a well-formed input is read by a strict byte loop
//! (`parse_fast`) that does no line bookkeeping. It accepts exactly the inputs the located
//! [`Scanner`] path accepts, and gives up (returns `None`) at the first thing it does not like; the
//! scanner path then reads the input again and reports the error with its line and column.

use grid_core::{ErrorKind, InputError, Scanner};

use crate::graph::Graph;

/// Largest `N` accepted.
pub const MAX_INPUT_VERTICES: usize = 10_000_000;

/// Largest `M` accepted.
pub const MAX_INPUT_EDGES: usize = 50_000_000;

/// Reads a whole `general_matching` input into a graph.
pub fn parse_graph(input: &[u8]) -> Result<Graph, InputError> {
    match parse_fast(input) {
        Some((n, edges)) => Graph::from_edges(n, &edges).map_err(|e| InputError::msg(1, 1, e.to_string())),
        None => parse_located(input),
    }
}

/// The strict fast reader: `Some((N, edges))` for a valid input, `None` otherwise.
fn parse_fast(input: &[u8]) -> Option<(usize, Vec<(u32, u32)>)> {
    let mut reader = FastReader { bytes: input, pos: 0 };
    let n = reader.uint()?;
    let m = reader.uint()?;
    if !(1..=MAX_INPUT_VERTICES as u64).contains(&n) || m > MAX_INPUT_EDGES as u64 {
        return None;
    }
    let mut edges = Vec::with_capacity((m as usize).min(input.len() / 4 + 1));
    for _ in 0..m {
        let (u, v) = (reader.uint()?, reader.uint()?);
        if u >= n || v >= n || u == v {
            return None;
        }
        edges.push((u as u32, v as u32));
    }
    reader.skip_whitespace();
    (reader.pos == input.len()).then_some((n as usize, edges))
}

/// A cursor for [`parse_fast`]; whitespace is what [`Scanner`] skips: space, tab, CR, LF.
struct FastReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl FastReader<'_> {
    fn skip_whitespace(&mut self) {
        while matches!(self.bytes.get(self.pos), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.pos += 1;
        }
    }

    /// The next token as an integer of at most 18 digits; `None` for anything else.
    #[inline]
    fn uint(&mut self) -> Option<u64> {
        self.skip_whitespace();
        let start = self.pos;
        let mut value = 0u64;
        while let Some(&b) = self.bytes.get(self.pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            self.pos += 1;
        }
        let digits = self.pos - start;
        let at_boundary = matches!(self.bytes.get(self.pos), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
        (digits > 0 && digits <= 18 && at_boundary).then_some(value)
    }
}

/// The located reader: slower, and names the line and column of the first problem.
fn parse_located(input: &[u8]) -> Result<Graph, InputError> {
    let mut scanner = Scanner::new(input);
    let (n, n_loc) = scanner.uint_at("number of vertices", 1, MAX_INPUT_VERTICES as u64)?;
    let n = n as usize;
    let m = scanner.usize("number of edges", 0, MAX_INPUT_EDGES)?;
    // An edge line takes at least 4 bytes ("u v\n").
    let mut edges = Vec::with_capacity(m.min(input.len() / 4 + 1));
    let max_vertex = (n - 1) as u64;
    for i in 0..m {
        let name_missing_edge = |e: InputError| match e.kind {
            ErrorKind::UnexpectedEnd(_) => {
                InputError::new(e.line, e.column, ErrorKind::UnexpectedEnd(format!("edge {} of {m}", i + 1)))
            }
            _ => e,
        };
        let (u, u_loc) = scanner.uint_at("vertex", 0, max_vertex).map_err(name_missing_edge)?;
        let v = scanner.uint("vertex", 0, max_vertex).map_err(name_missing_edge)?;
        if u == v {
            return Err(u_loc.msg(format!("self-loop at vertex {u}")));
        }
        // Both are below MAX_INPUT_VERTICES, so they fit a u32.
        edges.push((u as u32, v as u32));
    }
    scanner.finish().map_err(|e| match e.kind {
        ErrorKind::TrailingInput(t) => InputError::msg(
            e.line,
            e.column,
            format!("input continues after the {m} edge{}: '{t}'", if m == 1 { "" } else { "s" }),
        ),
        _ => e,
    })?;
    Graph::from_edges(n, &edges).map_err(|e| n_loc.msg(e.to_string()))
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
    fn fast_and_located_readers_agree() {
        for input in
            ["3 2\n0 1\r\n1 2", "3 2 0 1 1 2 \n\n", "1 0\n", "3 1\n0 0001\n", "3 1\n0 1 junk", "3 1\n0 1x\n"]
        {
            let fast = parse_fast(input.as_bytes()).map(|(n, e)| Graph::from_edges(n, &e).unwrap());
            assert_eq!(fast, parse_located(input.as_bytes()).ok(), "{input:?}");
        }
        assert!(parse_fast(b"3 1\n0 99999999999999999999\n").is_none());
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(error("3 1\n0 3\n"), "line 2, column 3: vertex 3 out of range 0..=2");
        assert_eq!(error("3 1\n2 2\n"), "line 2, column 1: self-loop at vertex 2");
        assert_eq!(error("3 2\n0 1\n"), "line 3, column 1: unexpected end of input, expected edge 2 of 2");
        assert_eq!(error("3 1\n0 1\n1 2\n"), "line 3, column 1: input continues after the 1 edge: '1'");
        assert_eq!(error("0 0\n"), "line 1, column 1: number of vertices 0 out of range 1..=10000000");
        assert_eq!(error("2 1\n0 x\n"), "line 2, column 3: expected vertex, found 'x'");
    }
}
