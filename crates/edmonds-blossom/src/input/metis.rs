//! METIS / DIMACS10 graph files: `%` comment lines, the header `N M [FMT [NCON]]`, then one line per
//! vertex `1..=N` listing its neighbours (1-based); a blank line is a vertex without neighbours.
//! `FMT` (up to three binary digits) says whether lines carry a vertex size (100), `NCON` vertex
//! weights (10) and a weight after every neighbour (1); sizes and weights are skipped. Every edge
//! is listed from both ends, so the lists hold `2M` entries in all; self-loops are errors.

use std::ops::Range;

use grid_core::error::shorten;
use grid_core::{InputError, Loc, Scanner};
use rayon::prelude::*;

use super::lc::swar_digits;
use super::lc::{MAX_INPUT_EDGES, MAX_INPUT_VERTICES};
use super::text::{
    LineReader, Problem, Stop, filing_chunks, for_each_line, is_data_line, line_column, line_end,
    par_chunks_with, scan_line,
};
use super::{ParsedGraph, VertexIds};
use crate::graph::{BlockedEntries, EdgeBlocks, FilingScratch, Graph};

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
    // Each chunk's first vertex, from a count of its vertex lines, so that every chunk's edges
    // can be filed by block as soon as they are read, as the Library Checker reader does.
    let chunks = filing_chunks(input, body);
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
    // Every edge is listed from both ends, and each listing is filed as an edge: 4M entries.
    let blocks = EdgeBlocks::with_edges(n, 2 * header.m);
    // Lines without sizes or weights start with the fast reader.
    let plain = header.skip == 0 && !header.edge_weights;
    let read = |scratch: &mut FilingScratch, range: Range<usize>| {
        let first = firsts[chunks.partition_point(|chunk| chunk.start < range.start)];
        // A neighbour takes at least 2 bytes.
        scratch.start((range.end - range.start) / 2 + 1);
        let mut lines = 0usize;
        let mut entries = 0usize;
        for_each_line(input, range, |line, at| {
            let mut reader = LineReader::new(line, at);
            if !is_data_line(&mut reader, COMMENTS, true) {
                return Ok(());
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
                let start = reader.skip_blanks();
                let v = reader.uint("neighbour", 1, n as u64)? as usize - 1;
                if v == u {
                    return Err(Problem::msg(start, format!("self-loop at vertex {}", u + 1)));
                }
                if header.edge_weights {
                    reader.skip_token("edge weight")?;
                }
                scratch.push(u as u32, v as u32);
                entries += 1;
            }
            Ok(())
        })?;
        Ok(((scratch.file(), lines), entries))
    };
    let too_many = || {
        m_at.msg(format!(
            "the header says {} edges, but the adjacency lists hold more than {} entries",
            header.m,
            2 * header.m
        ))
    };
    let init = || FilingScratch::new(blocks);
    let parts = par_chunks_with(&chunks, 2 * header.m, init, read).map_err(|stop| match stop {
        Stop::Problem(p) => p.locate(input),
        Stop::Overflow { .. } => too_many(),
    })?;
    let lines: usize = parts.iter().map(|(_, count)| count).sum();
    if lines < n {
        let (line, column) = line_column(input, input.len());
        return Err(InputError::msg(
            line,
            column,
            format!("the file ends after {lines} of the {n} vertex lines"),
        ));
    }
    let filed: Vec<BlockedEntries> = parts.into_iter().map(|(filed, _)| filed).collect();
    let entries: usize = filed.iter().map(|f| f.entry_count() / 2).sum();
    if entries != 2 * header.m {
        return Err(m_at.msg(format!(
            "the header says {} edges, but the adjacency lists hold {entries} entries, not {}",
            header.m,
            2 * header.m
        )));
    }
    let (graph, _) =
        Graph::from_blocked(n, &blocks, filed).map_err(|e| InputError::msg(1, 1, e.to_string()))?;
    Ok(ParsedGraph { graph, ids: VertexIds::From(1), self_loops: 0, repeats: 0 })
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
    scratch: &mut FilingScratch,
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
        scratch.push(u as u32, (v - 1) as u32);
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
        let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
        return newlines + usize::from(bytes.last().is_some_and(|&b| b != b'\n'));
    }
    let mut lines = 0;
    let _ = for_each_line(input, range, |line, at| {
        lines += usize::from(is_data_line(&mut LineReader::new(line, at), COMMENTS, true));
        Ok(())
    });
    lines
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
    fn chunks_number_their_lines_from_a_count() {
        // Enough lines for several chunks, some with comment lines (counted line by line) and
        // some without; blank lines are vertices without neighbours. The graph is the cycle of
        // the non-blank vertices, and an error in a late chunk keeps its line and column.
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
        let mut line_of = vec![0; n];
        let mut line = 1;
        for v in 0..n {
            if v < n / 3 && v % 1000 == 0 {
                text.push_str("% a comment\n");
                line += 1;
            }
            let list: Vec<String> = neighbours[v].iter().map(|w| (w + 1).to_string()).collect();
            text.push_str(&list.join(" "));
            text.push('\n');
            line += 1;
            line_of[v] = line;
        }
        let parsed = parse(text.as_bytes()).unwrap();
        let edges: Vec<(u32, u32)> =
            (0..kept.len()).map(|i| (kept[i] as u32, kept[(i + 1) % kept.len()] as u32)).collect();
        assert_eq!(parsed.graph, Graph::from_edges(n, &edges).unwrap());
        // Vertex n - 10 lists itself first.
        let v = n - 10;
        let bad = text.replacen(
            &format!(
                "\n{}\n",
                neighbours[v].iter().map(|w| (w + 1).to_string()).collect::<Vec<_>>().join(" ")
            ),
            &format!(
                "\n{} {}\n",
                v + 1,
                neighbours[v][1..].iter().map(|w| (w + 1).to_string()).collect::<Vec<_>>().join(" ")
            ),
            1,
        );
        assert_eq!(
            parse(bad.as_bytes()).unwrap_err().to_string(),
            format!("line {}, column 1: self-loop at vertex {}", line_of[v], v + 1)
        );
    }

    #[test]
    fn plain_tokens_mix_with_every_other_shape() {
        // Single spaces (read eight bytes a token), then a tab, two spaces, leading and trailing
        // blanks, `\r\n`, an eight-digit number, and a last line without its newline.
        let parsed = parse(b"5 5\n2 3\n1\t3  4\n 1 2 \n2 00000005\r\n4").unwrap();
        let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (3, 4)];
        assert_eq!(parsed.graph, Graph::from_edges(5, &edges).unwrap());
        // A problem after plain tokens is located at its own token.
        assert_eq!(error("3 2\n2 3\n1 2\n1\n"), "line 3, column 3: self-loop at vertex 2");
        assert_eq!(error("3 2\n2 3\n1 4\n1\n"), "line 3, column 3: neighbour 4 out of range 1..=3");
        assert_eq!(error("3 2\n2 3\n1 x\n1\n"), "line 3, column 3: expected neighbour, found 'x'");
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
