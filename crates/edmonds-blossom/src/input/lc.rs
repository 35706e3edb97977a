//! The Library Checker `general_matching` input: `N M`, then `M` lines `u v` (0-indexed).
//!
//! Vertices outside `0..N` are errors located at the offending token; self-loops are dropped and
//! repeated edges kept once, both counted (the rule of every graph format). `N` may be 0. Memory is reserved by what the input can hold, not by the declared `M`, so a
//! huge `M` with a short input cannot exhaust memory.
//!
//! The fast path reads chunks of whole lines in parallel, each `u v` line eight bytes at a time
//! ([`swar_line_at`]) into a per-thread list of pairs while counting the entries of each vertex
//! block, then files the chunk's entries by block in one exactly sized array
//! ([`EdgeBlocks::file`]); the CSR is built from the blocks ([`build_blocked`]). It only
//! recognises well-formed input; on anything else (a stray token, a loop, an empty graph, a number out of range, the wrong count, even a harmless
//! `0000000000001`) the input is read again by the sequential [`Scanner`] reader, which accepts
//! what it accepts and reports the first error in input order, with its line and column.

use std::io::{self, Write};
use std::ops::Range;

use grid_core::{ErrorKind, InputError, Scanner};

use super::chunks::{Problem, filing_chunks, par_chunks_with};
use super::swar::swar_line_at;
use super::{
    MAX_INPUT_EDGES, MAX_INPUT_VERTICES, ParsedGraph, TextRead, VertexIds, builder_limit, check_declared_vertices,
};
use crate::graph::{BlockedEntries, EdgeBlocks, FilingScratch, Graph, Vertex, Vertices, build_blocked};

/// The entries of the edges read, per chunk ordered by vertex block ([`EdgeBlocks::file`]).
type Buckets = Vec<BlockedEntries>;

/// Reads a whole `general_matching` input into a graph (parallel when well-formed).
pub fn parse(input: &[u8]) -> Result<Graph, InputError> {
    read(input)?.build().map(|parsed| parsed.graph)
}

/// Reads the text of a `general_matching` input (in parallel when well-formed): the graph is
/// left to build.
pub(super) fn read(input: &[u8]) -> Result<TextRead, InputError> {
    Ok(match fast_parse(input)? {
        Some((n, blocks, buckets)) => TextRead::to_build(move || build(n, &blocks, buckets)),
        None => TextRead::built(parse_sequential(input)?),
    })
}

/// The edges of a well-formed input filed by block, with `N`; `None` if the sequential reader
/// has to decide; the header's errors.
fn fast_parse(input: &[u8]) -> Result<Option<(usize, EdgeBlocks, Buckets)>, InputError> {
    let mut scanner = Scanner::new(input);
    let (n, n_at) = scanner.uint_at("number of vertices", 0, MAX_INPUT_VERTICES as u64)?;
    let n = n as usize;
    check_declared_vertices(n, n_at, input.len())?;
    let (m, m_at) = scanner.uint_mark("number of edges", 0, MAX_INPUT_EDGES as u64)?;
    let m = m as usize;
    if n == 0 {
        return Ok(None);
    }
    let body = m_at.offset() + input[m_at.offset()..].iter().take_while(|b| b.is_ascii_digit()).count();
    Ok(fast_body(input, body, n, m).map(|(blocks, buckets)| (n, blocks, buckets)))
}

/// The graph from the filed edges (no loop among them), with the repeats it dropped. `N` and
/// `M` are within the [`Graph`] limits, so this cannot fail on any input; an error would be
/// reported at the header.
fn build(n: usize, blocks: &EdgeBlocks, buckets: Buckets) -> Result<ParsedGraph, InputError> {
    let (graph, repeats) = build_blocked(Vertices::Count(n), blocks, buckets).map_err(builder_limit)?;
    Ok(ParsedGraph { graph, ids: VertexIds::From(0), self_loops: 0, repeats: repeats as u64 })
}

/// The edges of a well-formed body filed by block ([`EdgeBlocks`]), or `None` if anything is
/// unusual (then the sequential reader decides).
fn fast_body(input: &[u8], body: usize, n: usize, m: usize) -> Option<(EdgeBlocks, Buckets)> {
    let max = (n - 1) as u32;
    let blocks = EdgeBlocks::with_edges(n, m);
    let chunks = filing_chunks(input, body, blocks.count());
    let init = || FilingScratch::new(blocks);
    let read = |scratch: &mut FilingScratch, range: Range<usize>| {
        let bytes = &input[range];
        // A line `u v\n` takes at least 4 bytes: the pairs never grow past this.
        scratch.start(bytes.len() / 4 + 1);
        // The Problem is never shown: the sequential reader finds and locates it.
        read_edges(bytes, max, &scratch.blocks, &mut scratch.pairs, &mut scratch.counts)
            .ok_or_else(|| Problem::msg(0, ""))?;
        let edges = scratch.pairs.len();
        Ok((scratch.file(), edges))
    };
    let buckets = par_chunks_with(&chunks, m, init, read).ok()?;
    let edges: usize = buckets.iter().map(BlockedEntries::entry_count).sum::<usize>() / 2;
    (edges == m).then_some((blocks, buckets))
}

/// Appends every edge of `bytes` to `pairs` (as `u << 32 | v`) and counts its entries per block
/// in `counts` ([`EdgeBlocks::count_edge`]), if all tokens are plain
/// integers of at most 10 digits and at most `max`, they pair up within `bytes`, and no pair is a
/// loop; `None` otherwise.
///
/// Lines `u v\n` whose numbers have at most 7 digits each, the whole of the big inputs, are read
/// sixteen bytes at a time, 8 digits 24 ([`swar_line_at`]); anything else (other blanks, longer numbers, pairs
/// across lines, the last bytes of the chunk) a token at a time.
#[inline]
fn read_edges(
    bytes: &[u8],
    max: u32,
    blocks: &EdgeBlocks,
    pairs: &mut Vec<u64>,
    counts: &mut [usize],
) -> Option<()> {
    let len = bytes.len();
    let mut i = 0;
    let mut first: Option<u32> = None;
    loop {
        // The fast path: a whole line `u v\n` at a line start, 16 or 24 bytes readable.
        if first.is_none() {
            while let Some((u, v, used)) = swar_line_at(bytes, i, |b| b == b' ') {
                if u > max || v > max || u == v {
                    break;
                }
                pairs.push(u64::from(u) << 32 | u64::from(v));
                blocks.count_edge(counts, u, v);
                i += used;
            }
        }
        while i < len && matches!(bytes[i], b' ' | b'\n' | b'\r' | b'\t') {
            i += 1;
        }
        if i == len {
            return first.is_none().then_some(());
        }
        let start = i;
        let mut value: u64 = 0;
        while i < len {
            let digit = bytes[i].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            i += 1;
        }
        let digits = i - start;
        if digits == 0 || digits > 10 || value > u64::from(max) {
            return None;
        }
        if i < len && !matches!(bytes[i], b' ' | b'\n' | b'\r' | b'\t') {
            return None;
        }
        let value = value as u32;
        match first.take() {
            None => first = Some(value),
            Some(u) if u == value => return None,
            Some(u) => {
                pairs.push(u64::from(u) << 32 | u64::from(value));
                blocks.count_edge(counts, u, value);
            }
        }
    }
}

/// The sequential reader: the reference behaviour, and the one that reports errors.
fn parse_sequential(input: &[u8]) -> Result<ParsedGraph, InputError> {
    let mut scanner = Scanner::new(input);
    let (n, n_at) = scanner.uint_mark("number of vertices", 0, MAX_INPUT_VERTICES as u64)?;
    let n = n as usize;
    check_declared_vertices(n, scanner.loc_at(n_at), input.len())?;
    let m = scanner.usize("number of edges", 0, MAX_INPUT_EDGES)?;
    // The header is a line of its own: a value more on it is reported there, not edges later.
    let header_line = scanner.loc_at(n_at).line;
    if let Some(extra) = scanner.peek().filter(|t| t.loc.line == header_line) {
        let found = grid_core::error::shorten(extra.text);
        return Err(extra.loc.msg(format!("the header is `N M`: unexpected '{found}' after the number of edges")));
    }
    // An edge line takes at least 4 bytes ("u v\n").
    let mut edges = Vec::with_capacity(m.min(input.len() / 4 + 1));
    let mut self_loops = 0u64;
    for i in 0..m {
        let (u, v) = read_edge(&mut scanner, n).map_err(|e| name_missing_edge(e, i, m))?;
        if u == v {
            self_loops += 1;
        } else {
            edges.push((u, v));
        }
    }
    scanner.finish().map_err(|e| match e.kind {
        ErrorKind::TrailingInput(t) => InputError::msg(
            e.line,
            e.column,
            format!("input continues after the {m} edge{}: '{t}'", if m == 1 { "" } else { "s" }),
        ),
        _ => e,
    })?;
    let graph = Graph::from_edges(n, &edges).map_err(|e| scanner.loc_at(n_at).msg(e.to_string()))?;
    let repeats = (edges.len() - graph.edge_count()) as u64;
    Ok(ParsedGraph { graph, ids: VertexIds::From(0), self_loops, repeats })
}

/// Reads one edge `u v` with both ends in `0..n`.
#[inline]
fn read_edge(scanner: &mut Scanner<'_>, n: usize) -> Result<(Vertex, Vertex), InputError> {
    if n == 0 {
        let (x, at) = scanner.uint_mark("vertex", 0, u64::MAX)?;
        return Err(scanner.loc_at(at).msg(format!("vertex {x} out of range: the graph has no vertices")));
    }
    let max_vertex = (n - 1) as u64;
    let (u, v) = (scanner.uint("vertex", 0, max_vertex)?, scanner.uint("vertex", 0, max_vertex)?);
    // Both are below MAX_INPUT_VERTICES, so they fit a u32.
    Ok((u as Vertex, v as Vertex))
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

/// Writes `graph` as `N M` and one `u v` line per edge.
pub(super) fn write(out: &mut impl Write, graph: &Graph) -> io::Result<()> {
    writeln!(out, "{} {}", graph.vertex_count(), graph.edge_count())?;
    for (u, v) in graph.edges() {
        writeln!(out, "{u} {v}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn reads_a_graph_and_drops_loops_and_repeats() {
        // The fast reader (no loop) and the sequential one (a loop) count the same repeats.
        for (input, self_loops) in [(&b"4 4\n0 1\n1 2\n2 1\n3 0\n"[..], 0), (b"4 5\n0 1\n1 2\n2 1\n3 3\n3 0\n", 1)] {
            let parsed = read(input).unwrap().build().unwrap();
            let g = &parsed.graph;
            assert_eq!((g.vertex_count(), g.edge_count()), (4, 3));
            assert!(g.has_edge(0, 3));
            assert_eq!((parsed.self_loops, parsed.repeats), (self_loops, 1));
        }
        let empty = read(b"0 0\n").unwrap().build().unwrap();
        assert_eq!((empty.graph.vertex_count(), empty.self_loops, empty.repeats), (0, 0, 0));
    }

    #[test]
    fn whitespace_and_leading_zeros() {
        for input in ["3 2\n0 1\r\n1 2", "3 2 0 1 1 2 \n\n", "\t3 2\n\n00 1\n1 0000000000000000000000002\n"] {
            let g = parse(input.as_bytes()).unwrap();
            assert_eq!((g.vertex_count(), g.edge_count()), (3, 2), "{input:?}");
        }
        assert_eq!(parse(b"1 0\n").unwrap().vertex_count(), 1);
    }

    #[test]
    fn fast_and_sequential_readers_agree() {
        // Big enough for several chunks.
        let n = 300_000u32;
        let mut text = format!("{n} {n}\n");
        for i in 0..n {
            text.push_str(&format!("{i} {}\n", (i * 7 + 1) % n));
        }
        let input = text.as_bytes();
        assert!(fast_body(input, text.find('\n').unwrap(), n as usize, n as usize).is_some());
        assert_eq!(read(input).unwrap().build().unwrap(), parse_sequential(input).unwrap());
        let mut bad = text.clone().into_bytes();
        let at = bad.len() - 3;
        bad[at] = b'x';
        assert!(parse(&bad).unwrap_err().to_string().contains("expected vertex, found"));
        let owned = super::super::read_graph_owned(bad.clone(), super::super::GraphFormat::LibraryChecker);
        assert_eq!(owned.unwrap_err(), parse(&bad).unwrap_err());
    }

    #[test]
    fn eight_digit_vertices_are_read_on_the_fast_path() {
        // More than 10^7 vertices: the header needs a byte of input per vertex, and the ids of 8
        // digits come in 24-byte windows. Mixed with short lines and lines of other shapes.
        let n = 12_000_000u32;
        let mut text = format!("{n} 200000\n");
        for i in 0..200_000u32 {
            let (u, v) = (n - 1 - i * 37, (i * 7_919) % n);
            text.push_str(&match i % 5 {
                0 => format!("{u} {v}\n"),
                1 => format!("{v} {u}\n"),
                2 => format!("{} {u}\n", i % 1000),
                3 => format!("{u}  {v}\n"),
                _ => format!("{u} {}\n", 10_000_000 + i),
            });
        }
        let mut input = text.into_bytes();
        let body = input.iter().position(|&b| b == b'\n').unwrap();
        input.resize(n as usize, b'\n');
        assert!(fast_body(&input, body, n as usize, 200_000).is_some());
        let fast = read(&input).unwrap().build().unwrap();
        assert_eq!(fast, parse_sequential(&input).unwrap());
        assert_eq!(fast.graph.vertex_count(), n as usize);
        assert!(fast.graph.has_edge(n - 1, 0) && fast.graph.has_edge(n - 38, 7_919));
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(error("3 1\n0 3\n"), "line 2, column 3: vertex 3 out of range 0..=2");
        assert_eq!(error("3 2\n0 1\n"), "line 3, column 1: unexpected end of input, expected edge 2 of 2");
        assert_eq!(error("3 1\n0 1\n1 2\n"), "line 3, column 1: input continues after the 1 edge: '1'");
        assert_eq!(error("0 1\n0 0\n"), "line 2, column 1: vertex 0 out of range: the graph has no vertices");
        assert_eq!(error("2 1\n0 x\n"), "line 2, column 3: expected vertex, found 'x'");
        assert_eq!(error("3 1\n0 1x\n"), "line 2, column 3: expected vertex, found '1x'");
        assert_eq!(error("3 1\n0 1 junk"), "line 2, column 5: input continues after the 1 edge: 'junk'");
        assert_eq!(error("3 2\n0 1\n2"), "line 3, column 2: unexpected end of input, expected edge 2 of 2");
        assert_eq!(
            error("3 1\n0 99999999999999999999\n"),
            "line 2, column 3: vertex 99999999999999999999 out of range 0..=2"
        );
        // A value more on the header line is reported there, not edges later.
        assert_eq!(
            error("4 2 1\n0 1\n2 3\n"),
            "line 1, column 5: the header is `N M`: unexpected '1' after the number of edges"
        );
        assert_eq!(error("4 3 5\n0 1\n1 2\n2 3\n"), "line 1, column 5: the header is `N M`: unexpected '5' after the number of edges");
    }
}
