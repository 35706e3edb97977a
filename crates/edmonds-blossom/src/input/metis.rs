//! METIS / DIMACS10 graph files: `%` comment lines, the header `N M [FMT [NCON]]`, then one line per
//! vertex `1..=N` listing its neighbours (1-based); a blank line is a vertex without neighbours.
//! `FMT` (up to three binary digits) says whether lines carry a vertex size (100), `NCON` vertex
//! weights (10) and a weight after every neighbour (1); sizes and weights are skipped. Every edge
//! is listed from both ends, so the lists hold `2M` entries in all; self-loops are errors.

use std::ops::Range;

use grid_core::error::shorten;
use grid_core::{InputError, Loc, Scanner};
use rayon::prelude::*;

use super::lc::{MAX_INPUT_EDGES, MAX_INPUT_VERTICES};
use super::text::{
    LineReader, Problem, Stop, for_each_line, is_data_line, line_chunks, line_column, line_end,
    nth_data_line, par_chunks, scan_line,
};
use super::{ParsedGraph, VertexIds};
use crate::graph::Graph;

/// The first byte of comment lines.
const COMMENTS: &[u8] = b"%";

/// What the header says.
struct Header {
    n: usize,
    m: usize,
    /// Where `M` stands.
    m_at: Loc,
    /// Tokens to skip at the start of a line (vertex size and weights).
    skip: usize,
    /// Whether every neighbour is followed by an edge weight.
    edge_weights: bool,
}

/// Reads a METIS graph file.
pub(super) fn parse(input: &[u8]) -> Result<ParsedGraph, InputError> {
    let mut at = 0;
    while at < input.len() {
        let end = line_end(input, at);
        if is_data_line(&mut LineReader::new(&input[at..end], at), COMMENTS, false) {
            break;
        }
        at = (end + 1).min(input.len());
    }
    let header = scan_line(input, at, read_header)?;
    let header_line = line_column(input, at).0;
    let m_at = Loc { line: header_line, column: header.m_at.column };
    let n = header.n;
    let body = (line_end(input, at) + 1).min(input.len());
    let read = |range: Range<usize>| {
        // (line index within the chunk, neighbour) pairs; the chunk's first vertex is added later.
        let mut pairs = Vec::new();
        let mut lines = 0u32;
        for_each_line(input, range, |line, at| {
            let mut reader = LineReader::new(line, at);
            if !is_data_line(&mut reader, COMMENTS, true) {
                return Ok(());
            }
            for _ in 0..header.skip {
                reader.skip_token("vertex size or weight")?;
            }
            while !reader.at_end() {
                let v = reader.uint("neighbour", 1, n as u64)? as u32 - 1;
                if header.edge_weights {
                    reader.skip_token("edge weight")?;
                }
                pairs.extend([lines, v]);
            }
            lines += 1;
            Ok(())
        })?;
        let entries = pairs.len() / 2;
        Ok(((pairs, lines), entries))
    };
    let chunks = line_chunks(input, body);
    let too_many = || {
        m_at.msg(format!(
            "the header says {} edges, but the adjacency lists hold more than {} entries",
            header.m,
            2 * header.m
        ))
    };
    let parts = par_chunks(&chunks, 2 * header.m, read).map_err(|stop| match stop {
        Stop::Problem(p) => p.locate(input),
        Stop::Overflow { .. } => too_many(),
    })?;
    // Number the lines: each chunk's first vertex.
    let mut first = Vec::with_capacity(parts.len());
    let mut lines = 0usize;
    for (_, count) in &parts {
        first.push(lines);
        lines += *count as usize;
    }
    if lines < n {
        let (line, column) = line_column(input, input.len());
        return Err(InputError::msg(
            line,
            column,
            format!("the file ends after {lines} of the {n} vertex lines"),
        ));
    }
    let mut pairs: Vec<Vec<u32>> = parts.into_iter().map(|(pairs, _)| pairs).collect();
    let entries: usize = pairs.iter().map(|p| p.len() / 2).sum();
    // Global vertex numbers; the first loop or line past N found (in input order) is reported.
    let bad = pairs
        .par_iter_mut()
        .zip(&first)
        .map(|(list, &base)| {
            for pair in list.chunks_exact_mut(2) {
                let u = base + pair[0] as usize;
                if u >= n || u == pair[1] as usize {
                    return Some(u);
                }
                pair[0] = u as u32;
            }
            None
        })
        .find_first(Option::is_some)
        .flatten();
    if let Some(u) = bad {
        let line = nth_data_line(input, body..input.len(), u, COMMENTS, true);
        if u >= n {
            return Err(
                Problem::msg(line, format!("more than the {n} vertex lines of the header")).locate(input)
            );
        }
        return Err(self_loop(input, line, u, &header));
    }
    if entries != 2 * header.m {
        return Err(m_at.msg(format!(
            "the header says {} edges, but the adjacency lists hold {entries} entries, not {}",
            header.m,
            2 * header.m
        )));
    }
    let (graph, _) = Graph::from_pair_chunks(n, pairs).map_err(|e| InputError::msg(1, 1, e.to_string()))?;
    Ok(ParsedGraph { graph, ids: VertexIds::From(1), self_loops: 0, repeats: 0 })
}

/// The error for the self-loop on the line of vertex `u` (0-based) at byte `line`.
#[cold]
fn self_loop(input: &[u8], line: usize, u: usize, header: &Header) -> InputError {
    let mut reader = LineReader::new(&input[line..line_end(input, line)], line);
    let mut at = line;
    for _ in 0..header.skip {
        let _ = reader.skip_token("");
    }
    while !reader.at_end() {
        let start = reader.skip_blanks();
        if reader.uint("", 0, u64::MAX).is_ok_and(|v| v == u as u64 + 1) {
            at = start;
            break;
        }
        if header.edge_weights {
            let _ = reader.skip_token("");
        }
    }
    Problem::msg(at, format!("self-loop at vertex {}", u + 1)).locate(input)
}

/// The header line `N M [FMT [NCON]]`.
fn read_header(scanner: &mut Scanner<'_>) -> Result<Header, InputError> {
    let n = scanner.usize("number of vertices", 0, MAX_INPUT_VERTICES)?;
    let (m, m_at) = scanner.uint_at("number of edges", 0, MAX_INPUT_EDGES as u64)?;
    let (mut skip, mut edge_weights) = (0, false);
    if let Some(token) = scanner.try_token() {
        let text = token.text;
        if text.is_empty() || text.len() > 3 || !text.iter().all(|&b| b == b'0' || b == b'1') {
            return Err(token
                .loc
                .msg(format!("expected FMT (up to three digits 0 or 1), found '{}'", shorten(text))));
        }
        let digit = |place: usize| text.len() > place && text[text.len() - 1 - place] == b'1';
        edge_weights = digit(0);
        let ncon =
            if scanner.at_end() { 1 } else { scanner.usize("NCON (number of vertex weights)", 1, 1000)? };
        skip = usize::from(digit(2)) + if digit(1) { ncon } else { 0 };
        scanner.finish()?;
    }
    Ok(Header { n, m: m as usize, m_at, skip, edge_weights })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn reads_plain_and_weighted_files() {
        let parsed = parse(b"% a path and a lone vertex\n4 2\n2\n1 3\n2\n\n").unwrap();
        assert_eq!((parsed.graph.vertex_count(), parsed.graph.edge_count()), (4, 2));
        assert!(parsed.graph.has_edge(0, 1) && parsed.graph.has_edge(1, 2));
        assert_eq!(parsed.graph.degree(3), 0);
        // Vertex size, two vertex weights, edge weights.
        let parsed = parse(b"3 2 111 2\n9 1 1 2 5\n9 1 1 1 5 3 6\n9 1 1 2 6\n").unwrap();
        assert_eq!(parsed.graph.edge_count(), 2);
        assert!(parsed.graph.has_edge(1, 2));
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            error("3 1\n2\n1 3\n2\n"),
            "line 1, column 3: the header says 1 edges, but the adjacency lists hold more than 2 entries"
        );
        assert_eq!(
            error("3 2\n2\n1\n\n"),
            "line 1, column 3: the header says 2 edges, but the adjacency lists hold 2 entries, not 4"
        );
        assert_eq!(error("2 1\n2\n"), "line 3, column 1: the file ends after 1 of the 2 vertex lines");
        assert_eq!(error("2 2\n2\n1\n1 2\n"), "line 4, column 1: more than the 2 vertex lines of the header");
        assert_eq!(error("3 2\n2\n 1 2\n\n"), "line 3, column 4: self-loop at vertex 2");
        assert_eq!(error("2 1\n3\n1\n"), "line 2, column 1: neighbour 3 out of range 1..=2");
        assert_eq!(
            error("2 1 012\n2\n1\n"),
            "line 1, column 5: expected FMT (up to three digits 0 or 1), found '012'"
        );
        assert_eq!(
            error("2 1 1\n2\n1 1\n"),
            "line 2, column 2: expected edge weight, found the end of the line"
        );
        // Blank lines past the last vertex are vertices of nothing: accepted.
        assert_eq!(parse(b"2 0\n\n\n\n").unwrap().graph.vertex_count(), 2);
    }
}
