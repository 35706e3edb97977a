//! METIS / DIMACS10 graph files: `%` comment lines, the header `N M [FMT [NCON]]`, then one line per
//! vertex `1..=N` listing its neighbours (1-based); a blank line is a vertex without neighbours.
//! `FMT` (up to three binary digits) says whether lines carry a vertex size (100), `NCON` vertex
//! weights (10) and a weight after every neighbour (1); sizes and weights are skipped. Every edge
//! is listed from both ends, so the lists hold `2M` entries in all. A vertex listed on its own
//! line (a self-loop) is dropped and counted, and is not one of the `2M` entries; an edge listed
//! twice from its smaller end is kept once and counted as a repeat.
//!
//! The graph is the union of the lists: an edge listed from one end only is an edge. The reader
//! files each edge from its smaller end's line only (a vertex's larger neighbours), as the
//! Library Checker reader files its lines, and keeps each line's smaller neighbours aside. Once
//! the graph is built, every one of those must be in the line's list, as it is when the file
//! lists every edge from both ends ([`Lower::missing`]); the ones that are not are added.

use std::io::{self, Write};
use std::ops::Range;

use grid_core::error::shorten;
use grid_core::{InputError, Loc, Scanner};
use rayon::prelude::*;

use super::chunks::{
    BlankLines, LineReader, Problem, Stop, filing_chunks, for_each_line, is_data_line, line_column, line_end,
    par_chunks_with, scan_line,
};
use super::swar::swar_digits;
use super::{MAX_INPUT_EDGES, MAX_INPUT_VERTICES, check_declared_vertices};
use super::{ParsedGraph, TextRead, VertexIds, builder_limit};
use crate::graph::{
    BlockedEntries, EdgeBlocks, FilingScratch, Graph, GraphError, Vertex, Vertices, build_blocked, build_pairs,
};

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

/// A chunk's lines' smaller neighbours (below the line's vertex), which are not filed: line
/// `i`'s are `values[ends[i - 1]..ends[i]]` (from 0 for the first line).
#[derive(Default)]
struct Lower {
    values: Vec<u32>,
    ends: Vec<u32>,
}

impl Lower {
    /// The lines' smaller neighbours that `graph` does not list (edges listed from their larger
    /// end only), as flat pairs; the chunk's first line is vertex `first`.
    fn missing(&self, graph: &Graph, first: usize) -> Vec<u32> {
        let mut missing = Vec::new();
        let mut start = 0;
        for (i, &end) in self.ends.iter().enumerate() {
            let listed = &self.values[start..end as usize];
            start = end as usize;
            if listed.is_empty() {
                continue;
            }
            let u = (first + i) as Vertex;
            let list = graph.neighbours(u);
            // Both are usually sorted: a merge, with a search for a neighbour listed out of order.
            let mut at = 0;
            for &v in listed {
                while at < list.len() && list[at] < v {
                    at += 1;
                }
                if list.get(at) != Some(&v) && list.binary_search(&v).is_err() {
                    missing.extend([u, v]);
                }
            }
        }
        missing
    }
}

/// A thread's working memory while it reads chunks ([`FilingScratch`] for the filed edges).
struct Scratch {
    filing: FilingScratch,
    lower: Lower,
}

impl Scratch {
    /// Vertex `u`'s line lists `v`: filed if `v` is the larger, else kept aside.
    #[inline]
    fn list(&mut self, u: u32, v: u32) {
        if u < v {
            self.filing.push(u, v);
        } else {
            self.lower.values.push(v);
        }
    }
}

/// Reads a METIS graph file.
/// The graph with the edges `(c[2i], c[2i + 1])` of every chunk `c` of `pairs` added (each
/// below the vertex count, no loop; repeats of edges already there are dropped); returns it
/// with the number of repeats dropped. Rebuilds the whole graph: for a few edges found late.
fn with_pairs_added(graph: Graph, mut pairs: Vec<Vec<u32>>) -> Result<(Graph, usize), GraphError> {
    let n = graph.vertex_count();
    let vertices: Vec<u32> = (0..n as u32).collect();
    let own: Vec<Vec<u32>> = vertices
        .par_chunks(1 << 16)
        .map(|part| {
            let mut flat = Vec::new();
            for &u in part {
                for &v in graph.neighbours(u).iter().filter(|&&v| v > u) {
                    flat.extend([u, v]);
                }
            }
            flat
        })
        .collect();
    drop(graph);
    pairs.extend(own);
    build_pairs(n, pairs)
}

/// Writes `graph` as `N M` and each vertex's neighbours (1-based) on its line.
pub(super) fn write(out: &mut impl Write, graph: &Graph) -> io::Result<()> {
    writeln!(out, "{} {}", graph.vertex_count(), graph.edge_count())?;
    for u in graph.vertices() {
        let mut separator = "";
        for &v in graph.neighbours(u) {
            write!(out, "{separator}{}", v + 1)?;
            separator = " ";
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
fn parse(input: &[u8]) -> Result<ParsedGraph, InputError> {
    read(input)?.build()
}

/// Reads the text of a METIS graph file: the graph is left to build.
pub(super) fn read(input: &[u8]) -> Result<TextRead, InputError> {
    let mut at = 0;
    while at < input.len() {
        let end = line_end(input, at);
        if is_data_line(&mut LineReader::new(&input[at..end], at), COMMENTS, BlankLines::Skipped) {
            break;
        }
        at = (end + 1).min(input.len());
    }
    let header = scan_line(input, at, |scanner| read_header(scanner, input.len()))?;
    let header_line = line_column(input, at).0;
    let m_at = Loc { line: header_line, column: header.m_at.column };
    let n = header.n;
    let body = (line_end(input, at) + 1).min(input.len());
    // Each chunk's first vertex, from a count of its vertex lines, so that every chunk's edges
    // can be filed by block as soon as they are read, as the Library Checker reader does.
    let blocks = EdgeBlocks::with_edges(n, header.m);
    let chunks = filing_chunks(input, body, blocks.count());
    let firsts: Vec<usize> = {
        let counts: Vec<usize> = chunks.par_iter().map(|range| vertex_lines(input, range.clone())).collect();
        counts
            .iter()
            .scan(0usize, |lines, &count| {
                let first = *lines;
                *lines += count;
                Some(first)
            })
            .collect()
    };
    // Every edge is filed from its smaller end: 2M entries.
    // Lines without sizes or weights start with the fast reader.
    let plain = header.skip == 0 && !header.edge_weights;
    let read = |scratch: &mut Scratch, range: Range<usize>| {
        let first = firsts[chunks.partition_point(|chunk| chunk.start < range.start)];
        // A neighbour takes at least 2 bytes.
        scratch.filing.start((range.end - range.start) / 2 + 1);
        scratch.lower.values.clear();
        scratch.lower.ends.clear();
        let mut lines = 0usize;
        let mut entries = 0usize;
        let mut loops = 0u64;
        for_each_line(input, range, |line, at| {
            let mut reader = LineReader::new(line, at);
            if !is_data_line(&mut reader, COMMENTS, BlankLines::Data) {
                return Ok(());
            }
            if lines > 0 {
                scratch.lower.ends.push(scratch.lower.values.len() as u32);
            }
            let u = first + lines;
            lines += 1;
            if plain && u < n {
                let (read, entries_read) = plain_neighbours(input, at, line.len(), u, n, scratch);
                entries += entries_read;
                reader = LineReader::new(&line[read..], at + read);
            }
            for _ in 0..header.skip {
                reader.skip_token("vertex size or weight")?;
            }
            while !reader.at_end() {
                if u >= n {
                    return Err(Problem::msg(at, format!("more than the {n} vertex lines of the header")));
                }
                reader.skip_blanks();
                let v = reader.uint("neighbour", 1, n as u64)? as usize - 1;
                if header.edge_weights {
                    reader.skip_token("edge weight")?;
                }
                if v == u {
                    loops += 1;
                    continue;
                }
                scratch.list(u as u32, v as u32);
                entries += 1;
            }
            Ok(())
        })?;
        if lines > 0 {
            scratch.lower.ends.push(scratch.lower.values.len() as u32);
        }
        // The chunk's own copy of its smaller neighbours, of the exact size.
        let lower = Lower { values: scratch.lower.values.clone(), ends: scratch.lower.ends.clone() };
        Ok(((scratch.filing.file(), lower, lines, entries, loops), entries))
    };
    let too_many = || {
        m_at.msg(format!(
            "the header says {} edges, but the adjacency lists hold more than {} entries",
            header.m,
            2 * header.m
        ))
    };
    let init = || Scratch { filing: FilingScratch::new(blocks), lower: Lower::default() };
    let parts = par_chunks_with(&chunks, 2 * header.m, init, read).map_err(|stop| match stop {
        Stop::Problem(p) => p.locate(input),
        Stop::Overflow { .. } => too_many(),
    })?;
    let lines: usize = parts.iter().map(|part| part.2).sum();
    if lines < n {
        let (line, column) = line_column(input, input.len());
        return Err(InputError::msg(
            line,
            column,
            format!("the file ends after {lines} of the {n} vertex lines"),
        ));
    }
    let entries: usize = parts.iter().map(|part| part.3).sum();
    let self_loops: u64 = parts.iter().map(|part| part.4).sum();
    let (filed, lower): (Vec<BlockedEntries>, Vec<Lower>) =
        parts.into_iter().map(|(filed, lower, _, _, _)| (filed, lower)).unzip();
    if entries != 2 * header.m {
        return Err(m_at.msg(format!(
            "the header says {} edges, but the adjacency lists hold {entries} entries, not {}",
            header.m,
            2 * header.m
        )));
    }
    // `n` and `m` are within the builder's limits (`read_header`).
    Ok(TextRead::to_build(move || {
        let built = |result: Result<(Graph, usize), GraphError>| result.map_err(builder_limit);
        let (graph, repeats) = built(build_blocked(Vertices::Count(n), &blocks, filed))?;
        // The edges listed from their larger end only, added to the graph.
        let missing: Vec<Vec<u32>> = lower
            .par_iter()
            .zip(&firsts)
            .map(|(lower, &first)| lower.missing(&graph, first))
            .filter(|pairs| !pairs.is_empty())
            .collect();
        let (graph, late_repeats) =
            if missing.is_empty() { (graph, 0) } else { built(with_pairs_added(graph, missing))? };
        let repeats = (repeats + late_repeats) as u64;
        Ok(ParsedGraph { graph, ids: VertexIds::From(1), self_loops, repeats })
    }))
}

/// Files the neighbours of vertex `u` listed at the start of its line (`input[at..at + len]`)
/// while they are the usual tokens: 1 to 7 digits, a neighbour in `1..=n` other than `u + 1`,
/// followed by one space or the line's end; each is read eight bytes at a time
/// ([`swar_digits`]). Returns how many bytes of the line it read and how many entries it filed;
/// the token reader takes the rest of the line (other blanks, long numbers, errors).
#[inline]
fn plain_neighbours(
    input: &[u8],
    at: usize,
    len: usize,
    u: usize,
    n: usize,
    scratch: &mut Scratch,
) -> (usize, usize) {
    let mut read = 0;
    let mut entries = 0;
    // The token's eight bytes may run past the line: its digits stop at the newline.
    while let Some(word) = input.get(at + read..at + read + 8) {
        let Some((value, digits)) = swar_digits(u64::from_le_bytes(word.try_into().unwrap_or_default()))
        else {
            break;
        };
        let v = value as usize;
        let end = read + digits;
        if v == 0 || v > n || v - 1 == u || (end < len && input[at + end] != b' ') {
            break;
        }
        scratch.list(u as u32, (v - 1) as u32);
        entries += 1;
        // Past the space, or at the line's end (where the token reader finds nothing more).
        read = (end + 1).min(len);
        if read == len {
            break;
        }
    }
    (read, entries)
}

/// The number of vertex lines in `range` (see [`is_data_line`]: blank lines count, comment lines
/// do not). Without a `%` in the range, every line is one, so the newlines are simply counted.
fn vertex_lines(input: &[u8], range: Range<usize>) -> usize {
    let bytes = &input[range.clone()];
    if !bytes.contains(&COMMENTS[0]) {
        return count_newlines(bytes) + usize::from(bytes.last().is_some_and(|&b| b != b'\n'));
    }
    let mut lines = 0;
    let _ = for_each_line(input, range, |line, at| {
        lines += usize::from(is_data_line(&mut LineReader::new(line, at), COMMENTS, BlankLines::Data));
        Ok(())
    });
    lines
}

/// The number of `\n` in `bytes`, 64 bytes at a step into 64 one-byte counters (which the
/// compiler turns into vector compares and adds), emptied every 255 steps before they can
/// overflow. Counting into `usize` lanes, as `filter().count()` does, took 0.14-0.19 s on a
/// 630 MB file on two threads.
fn count_newlines(bytes: &[u8]) -> usize {
    const LANES: usize = 64;
    let mut total = 0;
    for block in bytes.chunks(255 * LANES) {
        let mut counts = [0u8; LANES];
        let mut steps = block.chunks_exact(LANES);
        for step in &mut steps {
            for (count, &b) in counts.iter_mut().zip(step) {
                *count += u8::from(b == b'\n');
            }
        }
        total += counts.iter().map(|&count| usize::from(count)).sum::<usize>();
        total += steps.remainder().iter().filter(|&&b| b == b'\n').count();
    }
    total
}

/// The header line `N M [FMT [NCON]]` of an input of `len` bytes.
fn read_header(scanner: &mut Scanner<'_>, len: usize) -> Result<Header, InputError> {
    let (n, n_at) = scanner.uint_at("number of vertices", 0, MAX_INPUT_VERTICES as u64)?;
    let n = n as usize;
    check_declared_vertices(n, n_at, len)?;
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
    fn chunks_number_their_lines_from_a_count() {
        // Enough lines for several chunks, some with comment lines (counted line by line) and
        // some without; blank lines are vertices without neighbours. The graph is the cycle of
        // the non-blank vertices, and a loop in a late chunk is counted as in an early one.
        let n = 30_000usize;
        let blank = |v: usize| v % 7 == 3;
        let kept: Vec<usize> = (0..n).filter(|&v| !blank(v)).collect();
        let mut neighbours = vec![Vec::new(); n];
        for (i, &v) in kept.iter().enumerate() {
            let w = kept[(i + 1) % kept.len()];
            neighbours[v].push(w);
            neighbours[w].push(v);
        }
        let mut text = format!("{n} {}\n", kept.len());
        for (v, listed) in neighbours.iter().enumerate() {
            if v < n / 3 && v % 1000 == 0 {
                text.push_str("% a comment\n");
            }
            let list: Vec<String> = listed.iter().map(|w| (w + 1).to_string()).collect();
            text.push_str(&list.join(" "));
            text.push('\n');
        }
        let parsed = parse(text.as_bytes()).unwrap();
        let edges: Vec<(u32, u32)> =
            (0..kept.len()).map(|i| (kept[i] as u32, kept[(i + 1) % kept.len()] as u32)).collect();
        assert_eq!(parsed.graph, Graph::from_edges(n, &edges).unwrap());
        // Vertex n - 10 lists itself first: the loop is dropped and counted, wherever its line is.
        let v = n - 10;
        let list = neighbours[v].iter().map(|w| (w + 1).to_string()).collect::<Vec<_>>().join(" ");
        let looped = text.replacen(&format!("\n{list}\n"), &format!("\n{} {list}\n", v + 1), 1);
        assert_ne!(looped, text);
        let parsed_looped = parse(looped.as_bytes()).unwrap();
        assert_eq!((parsed_looped.graph, parsed_looped.self_loops, parsed_looped.repeats), (parsed.graph, 1, 0));
    }

    #[test]
    fn plain_tokens_mix_with_every_other_shape() {
        // Single spaces (read eight bytes a token), then a tab, two spaces, leading and trailing
        // blanks, `\r\n`, an eight-digit number, and a last line without its newline.
        let parsed = parse(b"5 5\n2 3\n1\t3  4\n 1 2 \n2 00000005\r\n4").unwrap();
        let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (3, 4)];
        assert_eq!(parsed.graph, Graph::from_edges(5, &edges).unwrap());
        // A problem after plain tokens is located at its own token.
        let looped = parse(b"3 2\n2 3\n1 2\n1\n").unwrap();
        assert_eq!((looped.graph, looped.self_loops), (Graph::from_edges(3, &[(0, 1), (0, 2)]).unwrap(), 1));
        assert_eq!(error("3 2\n2 3\n1 4\n1\n"), "line 3, column 3: neighbour 4 out of range 1..=3");
        assert_eq!(error("3 2\n2 3\n1 x\n1\n"), "line 3, column 3: expected neighbour, found 'x'");
    }

    #[test]
    fn newlines_are_counted_across_every_block_boundary() {
        // Lengths around the 64-byte steps and the 255-step blocks, newlines dense and sparse.
        let mut x = 7u64;
        for len in [0, 1, 63, 64, 65, 255 * 64 - 1, 255 * 64, 255 * 64 + 1, 3 * 255 * 64 + 17] {
            for density in [2, 3, 50] {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        if (x >> 33) % density == 0 { b'\n' } else { b'7' }
                    })
                    .collect();
                let expected = bytes.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(count_newlines(&bytes), expected, "len {len}, density {density}");
            }
        }
        assert_eq!(count_newlines(&[b'\n'; 255 * 64 * 2]), 255 * 64 * 2);
    }

    #[test]
    fn edges_listed_from_one_end_only_are_edges() {
        // 1-2 and 2-4 from both ends; 1-3 from vertex 1 only; 2-3, 3-4 and 1-4 from vertices 3
        // and 4 only (the larger ends, whose neighbours are checked against the graph built
        // from the smaller ends).
        let parsed = parse(b"4 4\n2 3\n1 4\n2\n3 2 1\n").unwrap();
        let edges = [(0, 1), (0, 2), (1, 2), (2, 3), (1, 3), (0, 3)];
        assert_eq!(parsed.graph, Graph::from_edges(4, &edges).unwrap());
    }

    #[test]
    fn one_sided_lists_over_many_chunks() {
        // Every edge listed from one end only: v ~ v + 1 from the larger end, v ~ v + 3 from the
        // smaller one, over enough lines for several chunks.
        let n = 40_000usize;
        let mut edges = Vec::new();
        let mut text = String::new();
        for v in 0..n {
            let mut list = Vec::new();
            if v >= 1 {
                list.push(v - 1);
                edges.push((v as u32, v as u32 - 1));
            }
            if v + 3 < n {
                list.push(v + 3);
                edges.push((v as u32, v as u32 + 3));
            }
            let tokens: Vec<String> = list.iter().map(|w| (w + 1).to_string()).collect();
            text.push_str(&tokens.join(" "));
            text.push('\n');
        }
        let text = format!("{n} {}\n{text}", edges.len() / 2);
        assert_eq!(edges.len() % 2, 0);
        assert_eq!(parse(text.as_bytes()).unwrap().graph, Graph::from_edges(n, &edges).unwrap());
    }

    proptest::proptest! {
        #[test]
        fn the_graph_is_the_union_of_the_lists(
            lists in proptest::collection::vec(proptest::collection::vec(0usize..7, 0..6), 1..8)
        ) {
            // Random lists (repeats, one-sided edges) without loops; the header's M is half the
            // entries, one more listing evening them out.
            let n = lists.len();
            let mut lists: Vec<Vec<usize>> = lists
                .iter()
                .enumerate()
                .map(|(u, list)| list.iter().map(|&v| v % n).filter(|&v| v != u).collect())
                .collect();
            let total: usize = lists.iter().map(Vec::len).sum();
            if total % 2 == 1 {
                proptest::prop_assume!(n > 1);
                lists[0].push(1);
            }
            let total: usize = lists.iter().map(Vec::len).sum();
            let mut text = format!("{n} {}\n", total / 2);
            let mut edges = Vec::new();
            for (u, list) in lists.iter().enumerate() {
                let tokens: Vec<String> = list.iter().map(|v| (v + 1).to_string()).collect();
                text.push_str(&tokens.join(" "));
                text.push('\n');
                edges.extend(list.iter().map(|&v| (u as u32, v as u32)));
            }
            let parsed = parse(text.as_bytes()).unwrap();
            proptest::prop_assert_eq!(parsed.graph, Graph::from_edges(n, &edges).unwrap());
        }
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
        assert_eq!(
            error("3 2\n2\n 1 2\n\n"),
            "line 1, column 3: the header says 2 edges, but the adjacency lists hold 2 entries, not 4"
        );
        let repeated = parse(b"3 2\n2 2\n1 1\n\n").unwrap();
        assert_eq!((repeated.graph.edge_count(), repeated.repeats, repeated.self_loops), (1, 1, 0));
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
