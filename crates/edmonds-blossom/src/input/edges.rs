//! SNAP-style edge lists: one edge `u v` per line, whitespace or tab separated, any vertex ids in
//! `0..=2^63`; lines starting with `#` or `%` are comments, blank lines are skipped, and further
//! columns of a line (weights, timestamps) are ignored.
//!
//! The vertices are the ids the file names, in an edge or only in a self-loop, renumbered densely,
//! `0..N` in increasing order of id, so a file whose ids are already `0..N` keeps them. Self-loops
//! and repeated edges (in either orientation) are dropped and counted; the vertex of a loop stays
//! (a loop `5 5` alone is a graph of one vertex and no edge).
//!
//! Two readers give that graph. When every id is below a bound that grows with the input
//! ([`direct_id_limit`], the usual case), the ids are the vertex numbers while the file is read,
//! and each chunk's edges are filed as soon as they are read, as the Library Checker reader does;
//! the ids that are in no edge are dropped once the graph is built. Any other file (a larger id,
//! or a problem to report) is read by the general reader, which keeps each chunk's pairs of ids
//! until all of them are known and numbered.

use std::io::{self, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use grid_core::InputError;
use rayon::prelude::*;

use super::chunks::{
    BlankLines, LineReader, Problem, Stop, filing_chunks, for_each_line, is_data_line, line_chunks, line_end,
    nth_data_line, par_chunks, par_chunks_with,
};
use super::swar::swar_line_at;
use super::{MAX_INPUT_EDGES, MAX_INPUT_VERTICES, SMALL_INPUT_VERTICES};
use super::{ParsedGraph, TextRead, VertexIds, builder_limit};
use crate::graph::{
    BlockedEntries, EdgeBlocks, FilingScratch, Graph, IdRanks, Vertices, build_blocked, build_pairs,
};

/// The first bytes of comment lines.
const COMMENTS: &[u8] = b"#%";

/// Largest vertex id accepted.
const MAX_ID: u64 = 1 << 63;

/// Ids below this may be read as vertex numbers ([`read_ids_as_vertices`]), if the input is
/// long enough ([`direct_id_limit`]): the graph is then built with a list end per id up to the
/// largest (4 bytes each), and a bit per id says which ones are in an edge. Within
/// [`crate::graph::MAX_VERTICES`].
const DIRECT_ID_LIMIT: usize = crate::graph::MAX_VERTICES;

// A graph on the ids below the limit is within the builder's limit.
const _: () = assert!(DIRECT_ID_LIMIT <= crate::graph::MAX_VERTICES);

/// Bytes of the input's start that [`estimate`] reads.
const SAMPLE_BYTES: usize = 1 << 18;

/// Reads an edge list.
/// Writes `graph` as an edge list with its ids `0..N`, a comment line first.
pub(super) fn write(out: &mut impl Write, graph: &Graph) -> io::Result<()> {
    let (n, m) = (graph.vertex_count(), graph.edge_count());
    writeln!(out, "# Undirected graph: {n} nodes, {m} edges\n# FromNodeId\tToNodeId")?;
    for (u, v) in graph.edges() {
        writeln!(out, "{u}\t{v}")?;
    }
    Ok(())
}

#[cfg(test)]
fn parse(input: &[u8]) -> Result<ParsedGraph, InputError> {
    read(input)?.build()
}

/// Reads the text of an edge list: the graph is left to build.
pub(super) fn read(input: &[u8]) -> Result<TextRead, InputError> {
    match read_ids_as_vertices(input) {
        Some(read) => Ok(read),
        None => parse_renumbered(input).map(TextRead::built),
    }
}

/// The ids read as vertex numbers, if they are all below [`direct_id_limit`] (the usual case:
/// ids up to a few times the number of vertices): each chunk's edges are filed by block as soon
/// as they are read, as the Library Checker reader does (`lc.rs`), the graph is built on the
/// vertices `0..=largest id`; the ids that are in no edge are dropped on the way
/// ([`Vertices::Ranked`]), which numbers the others as [`parse_renumbered`] does.
///
/// An edge list has no header, so the blocks are sized from the input's first 256 KiB
/// ([`estimate`]) and made to cover the bound ([`EdgeBlocks::covering`]); each chunk files only
/// up to its last block with entries.
///
/// `None` for anything else (a problem, a larger id, too many edges or ids): then
/// [`parse_renumbered`] reads the input and reports what is wrong.
fn read_ids_as_vertices(input: &[u8]) -> Option<TextRead> {
    let limit = direct_id_limit(input);
    let (n_estimate, m_estimate) = estimate(input, limit);
    let blocks = EdgeBlocks::with_edges(n_estimate, m_estimate).covering(limit);
    let read = |scratch: &mut FilingScratch, range: Range<usize>| {
        // An edge line `u v\n` takes at least 4 bytes.
        scratch.start((range.end - range.start) / 4 + 1);
        let (mut loops, mut largest, mut edges) = (Vec::new(), 0u64, 0usize);
        let mut at = range.start;
        while let Some((u, v)) = next_edge(input, &mut at, range.end)? {
            edges += 1;
            if u.max(v) >= limit as u64 {
                // Never shown: the general reader takes over.
                return Err(Problem::msg(at, ""));
            }
            largest = largest.max(u).max(v);
            if u == v {
                // Dropped, but its vertex stays.
                loops.push(u as u32);
                continue;
            }
            scratch.push(u as u32, v as u32);
        }
        Ok(((scratch.file(), loops, largest), edges))
    };
    let init = || FilingScratch::new(blocks);
    let chunks = par_chunks_with(&filing_chunks(input, 0, blocks.count()), MAX_INPUT_EDGES, init, read).ok()?;
    let self_loops = chunks.iter().map(|c| c.1.len() as u64).sum();
    let largest = chunks.iter().map(|c| c.2).max()?;
    let (filed, loops): (Vec<BlockedEntries>, Vec<Vec<u32>>) = chunks.into_iter().map(|c| (c.0, c.1)).unzip();
    if filed.iter().all(|f| f.entry_count() == 0) {
        return None;
    }
    let n = largest as usize + 1;
    let blocks = blocks.covering(n);
    let mut ids = IdRanks::of_sources(n, &blocks, &filed);
    ids.add(loops.iter().flatten().copied());
    drop(loops);
    if ids.count() > MAX_INPUT_VERTICES {
        return None;
    }
    // Within the builder's limits: n <= DIRECT_ID_LIMIT vertices, MAX_INPUT_EDGES edges.
    Some(TextRead::to_build(move || {
        let (graph, repeats, ids) = if ids.count() == n {
            let (graph, repeats) =
                build_blocked(Vertices::Count(n), &blocks, filed).map_err(builder_limit)?;
            (graph, repeats, VertexIds::From(0))
        } else {
            let (graph, repeats) =
                build_blocked(Vertices::Ranked(&ids), &blocks, filed).map_err(builder_limit)?;
            (graph, repeats, VertexIds::Listed(ids.ids()))
        };
        Ok(ParsedGraph { graph, ids, self_loops, repeats: repeats as u64 })
    }))
}

/// The ids [`read_ids_as_vertices`] reads as vertex numbers: below [`DIRECT_ID_LIMIT`] and
/// below a quarter of the input's length or [`SMALL_INPUT_VERTICES`], whichever is larger (so
/// the memory per id stays within a few times the input's size).
fn direct_id_limit(input: &[u8]) -> usize {
    (input.len() / 4).clamp(SMALL_INPUT_VERTICES, DIRECT_ID_LIMIT)
}

/// Estimates of the number of vertices (the largest id below `limit`, plus one) and of edges
/// (the lines, in proportion) from the input's first [`SAMPLE_BYTES`], for the size of the
/// blocks the edges are filed by: only the speed depends on them.
fn estimate(input: &[u8], limit: usize) -> (usize, usize) {
    let end = if input.len() <= SAMPLE_BYTES { input.len() } else { line_end(input, SAMPLE_BYTES) };
    let mut largest = None;
    let mut at = 0;
    while let Ok(Some((u, v))) = next_edge(input, &mut at, end) {
        largest = largest.max(Some(u.max(v)).filter(|&id| id < limit as u64));
    }
    let lines = memchr::memchr_iter(b'\n', &input[..end]).count().max(1);
    let edges = (lines as u128 * input.len() as u128 / end.max(1) as u128) as usize;
    (largest.map_or(limit, |id| id as usize + 1), edges)
}

/// The edge of the next data line of the chunk `input[*at..end]` (whole lines), with `at` moved
/// past it; `None` at the chunk's end.
#[inline(always)]
fn next_edge(input: &[u8], at: &mut usize, end: usize) -> Result<Option<(u64, u64)>, Problem> {
    while *at < end {
        // A line `u v\n` (one space or tab) with ids of up to 8 digits: sixteen or 24 bytes at
        // a time, as the Library Checker reader does; any other line token by token. (The chunk
        // ends with a whole line, so a line read here ends within it.)
        if let Some((u, v, used)) = swar_line_at(input, *at, |b| b == b' ' || b == b'\t') {
            *at += used;
            return Ok(Some((u64::from(u), u64::from(v))));
        }
        let line = line_end(&input[..end], *at);
        let mut reader = LineReader::new(&input[*at..line], *at);
        *at = line + 1;
        if is_data_line(&mut reader, COMMENTS, BlankLines::Skipped) {
            return Ok(Some((reader.uint("vertex id", 0, MAX_ID)?, reader.uint("vertex id", 0, MAX_ID)?)));
        }
    }
    Ok(None)
}

/// One chunk's edges (flat pairs, loops left out), the id of each loop, and the largest id.
struct Chunk {
    pairs: Vec<u64>,
    loops: Vec<u64>,
    max_id: u64,
}

/// Reads an edge list with any ids: each chunk's edges kept as pairs of ids, then the ids
/// numbered densely in increasing order, and the graph built from the numbered pairs.
fn parse_renumbered(input: &[u8]) -> Result<ParsedGraph, InputError> {
    let chunks = line_chunks(input, 0);
    let read = |range: Range<usize>| {
        let mut chunk = Chunk { pairs: Vec::new(), loops: Vec::new(), max_id: 0 };
        let mut edges = 0usize;
        let mut at = range.start;
        while let Some((u, v)) = next_edge(input, &mut at, range.end)? {
            edges += 1;
            chunk.max_id = chunk.max_id.max(u).max(v);
            if u == v {
                chunk.loops.push(u);
            } else {
                chunk.pairs.extend([u, v]);
            }
        }
        Ok((chunk, edges))
    };
    let chunks = par_chunks(&chunks, MAX_INPUT_EDGES, read).map_err(|stop| match stop {
        Stop::Problem(p) => p.locate(input),
        Stop::Overflow { chunk, index } => Problem::msg(
            nth_data_line(input, chunk, index, COMMENTS, BlankLines::Skipped),
            format!("more than {MAX_INPUT_EDGES} edges"),
        )
        .locate(input),
    })?;
    let self_loops = chunks.iter().map(|c| c.loops.len() as u64).sum();
    let max_id = chunks.iter().map(|c| c.max_id).max().unwrap_or(0);
    let entries: usize = chunks.iter().map(|c| c.pairs.len()).sum();
    let (lists, loops): (Vec<Vec<u64>>, Vec<Vec<u64>>) =
        chunks.into_iter().map(|c| (c.pairs, c.loops)).unzip();
    let (n, pairs, ids) = renumber(&lists, &loops, max_id, entries).map_err(|id| {
        Problem::msg(
            first_offset_of(input, id),
            format!("more than {MAX_INPUT_VERTICES} distinct vertex ids"),
        )
        .locate(input)
    })?;
    drop((lists, loops));
    let (graph, repeats) = build_pairs(n, pairs).map_err(builder_limit)?;
    Ok(ParsedGraph { graph, ids, self_loops, repeats: repeats as u64 })
}

/// The ids of the pairs of `lists` and of the `loops` renumbered `0..n` in increasing order: `n`,
/// the pairs as `u32`, and the input's ids of the vertices; `Err(id)` with the first id past
/// [`MAX_INPUT_VERTICES`] distinct ones.
#[allow(clippy::type_complexity)]
fn renumber(
    lists: &[Vec<u64>],
    loops: &[Vec<u64>],
    max_id: u64,
    entries: usize,
) -> Result<(usize, Vec<Vec<u32>>, VertexIds), u64> {
    let named = entries + loops.iter().map(Vec::len).sum::<usize>();
    if named == 0 {
        return Ok((0, Vec::new(), VertexIds::From(0)));
    }
    // Ids up to a few times the entries (or the vertex count any input may have): a table
    // indexed by id.
    let table_len = (named as u64).saturating_mul(2).max(SMALL_INPUT_VERTICES as u64);
    if max_id < table_len {
        let len = max_id as usize + 1;
        let seen: Vec<AtomicBool> = (0..len).map(|_| AtomicBool::new(false)).collect();
        lists.par_iter().chain(loops).for_each(|list| {
            for &id in list {
                seen[id as usize].store(true, Ordering::Relaxed);
            }
        });
        let mut rank = Vec::with_capacity(len);
        let mut next = 0u32;
        for flag in &seen {
            rank.push(next);
            next += u32::from(flag.load(Ordering::Relaxed));
        }
        let n = next as usize;
        if n > MAX_INPUT_VERTICES {
            let id =
                (0..len).filter(|&i| seen[i].load(Ordering::Relaxed)).nth(MAX_INPUT_VERTICES).unwrap_or(0);
            return Err(id as u64);
        }
        let ids = if n == len {
            VertexIds::From(0)
        } else {
            VertexIds::Listed(
                (0..len).filter(|&i| seen[i].load(Ordering::Relaxed)).map(|i| i as u64).collect(),
            )
        };
        drop(seen);
        let pairs = lists.par_iter().map(|list| list.iter().map(|&id| rank[id as usize]).collect()).collect();
        return Ok((n, pairs, ids));
    }
    // Sparse huge ids: sort the distinct ones.
    let mut distinct: Vec<u64> = lists.iter().chain(loops).flatten().copied().collect();
    distinct.par_sort_unstable();
    distinct.dedup();
    if distinct.len() > MAX_INPUT_VERTICES {
        return Err(distinct[MAX_INPUT_VERTICES]);
    }
    distinct.shrink_to_fit();
    let pairs = lists
        .par_iter()
        .map(|list| list.iter().map(|id| distinct.binary_search(id).unwrap_or(0) as u32).collect())
        .collect();
    Ok((distinct.len(), pairs, VertexIds::Listed(distinct)))
}

/// The offset of the first token that reads as `id` on an edge line.
#[cold]
fn first_offset_of(input: &[u8], id: u64) -> usize {
    let mut found = 0;
    let _ = for_each_line(input, 0..input.len(), |line, at| {
        let mut reader = LineReader::new(line, at);
        if !is_data_line(&mut reader, COMMENTS, BlankLines::Skipped) {
            return Ok(());
        }
        for _ in 0..2 {
            let start = reader.skip_blanks();
            if reader.uint("", 0, MAX_ID)? == id {
                found = start;
                return Err(Problem::msg(start, ""));
            }
        }
        Ok(())
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Vertex;

    fn error(input: &str) -> String {
        parse(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn comments_tabs_loops_repeats_and_big_ids() {
        let text = "# Directed graph\n# FromNodeId\tToNodeId\n\n9223372036854775808\t5\n5 7 0.5\n7\t5\n3 3\n";
        let parsed = parse(text.as_bytes()).unwrap();
        // The loop `3 3` is dropped; its vertex stays, with no edge.
        assert_eq!((parsed.graph.vertex_count(), parsed.graph.edge_count()), (4, 2));
        assert_eq!((parsed.self_loops, parsed.repeats), (1, 1));
        assert_eq!(parsed.ids, VertexIds::Listed(vec![3, 5, 7, 1 << 63]));
        assert!(parsed.graph.has_edge(1, 3) && parsed.graph.has_edge(1, 2));
        assert_eq!(parsed.graph.degree(0), 0);
    }

    #[test]
    fn a_vertex_named_only_in_a_loop_is_a_vertex() {
        // Both readers: ids read as vertex numbers, and the general one (a large id).
        for (text, ids) in [
            ("5 5\n7 8\n", vec![5, 7, 8]),
            ("5 5\n7 8\n9223372036854775808 9223372036854775808\n", vec![5, 7, 8, 1 << 63]),
            ("0 0\n1 2\n3 3\n", vec![0, 1, 2, 3]),
        ] {
            let parsed = parse(text.as_bytes()).unwrap();
            let dense = ids.iter().enumerate().all(|(i, &id)| i as u64 == id);
            let expected = if dense { VertexIds::From(0) } else { VertexIds::Listed(ids.clone()) };
            assert_eq!(parsed.ids, expected, "{text:?}");
            assert_eq!((parsed.graph.vertex_count(), parsed.graph.edge_count()), (ids.len(), 1), "{text:?}");
            assert_eq!(parsed.self_loops, text.lines().count() as u64 - 1, "{text:?}");
        }
        assert_readers_agree("5 5\n7 8\n");
        assert_readers_agree("0 0\n1 2\n3 3\n2 2\n");
        // A file of loops only: vertices without edges.
        let parsed = parse(b"4 4\n2 2\n4 4\n").unwrap();
        assert_eq!(parsed.ids, VertexIds::Listed(vec![2, 4]));
        assert_eq!((parsed.graph.vertex_count(), parsed.graph.edge_count(), parsed.self_loops), (2, 0, 3));
    }

    #[test]
    fn dense_ids_are_kept() {
        let parsed = parse(b"0 1\n2 1\n").unwrap();
        assert_eq!(parsed.ids, VertexIds::From(0));
        assert!(parsed.graph.has_edge(1, 2));
        let parsed = parse(b"% konect\n").unwrap();
        assert_eq!(parsed.graph.vertex_count(), 0);
    }

    #[test]
    fn lines_read_sixteen_bytes_at_a_time_and_token_by_token_agree() {
        // Lines of every shape between the ones the fast path reads (space or tab): the graph is
        // the same as from the pairs, and an error after them keeps its line number.
        let n = 12_000u64;
        let mut pairs = Vec::new();
        let mut text = String::from("# FromNodeId\tToNodeId\n");
        for k in 0..3 * n {
            let (u, v) = (k % n, (k * 7 + 3) % n);
            let line = match k % 9 {
                0 => format!(" {u} {v}\n"),
                1 => format!("{u}\t{v}\n"),
                2 => format!("{u} {v}\r\n"),
                3 => format!("# comment {k}\n{u}\t{v}\t0.5\n"),
                4 => format!("0000000{u} {v}\n"),
                _ => format!("{u} {v}\n"),
            };
            text.push_str(&line);
            pairs.push((u, v));
        }
        // An id of more than 7 digits, read token by token.
        text.push_str(&format!("12345678901 {}\n", n - 1));
        pairs.push((12_345_678_901, n - 1));
        let parsed = parse(text.as_bytes()).unwrap();
        let loops = pairs.iter().filter(|(u, v)| u == v).count() as u64;
        assert_eq!(parsed.self_loops, loops);
        assert_eq!(parsed.graph.vertex_count(), n as usize + 1);
        let mut expected: Vec<(Vertex, Vertex)> = pairs
            .iter()
            .filter(|(u, v)| u != v)
            .map(|&(u, v)| (u.min(v) as Vertex, u.max(v).min(n) as Vertex))
            .collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(parsed.graph.edges().collect::<Vec<_>>(), expected);
        let lines = text.matches('\n').count();
        let bad = format!("{text}1 x\n");
        assert_eq!(
            parse(bad.as_bytes()).unwrap_err().to_string(),
            format!("line {}, column 3: expected vertex id, found 'x'", lines + 1)
        );
    }

    /// Both readers on `text`: the ids read as vertex numbers (which must take the input) and
    /// the general reader give the same graph, ids and counts.
    fn assert_readers_agree(text: &str) {
        let direct = read_ids_as_vertices(text.as_bytes()).expect("small ids are read as vertices");
        assert_eq!(direct.build().unwrap(), parse_renumbered(text.as_bytes()).unwrap());
    }

    #[test]
    fn ids_read_as_vertices_agree_with_renumbering_on_every_line_shape() {
        // Many chunks (over a megabyte), every line shape, ids with gaps (only multiples of 3
        // and a few others appear), loops and repeats: the same graph either way.
        let n = 40_000u64;
        let mut text = String::from("# FromNodeId\tToNodeId\n");
        for k in 0..150_000u64 {
            let (u, v) = (3 * (k % n), 3 * ((k * 7 + 5) % n) + u64::from(k % 11 == 0));
            text.push_str(&match k % 10 {
                0 => format!(" {u} {v}\n"),
                1 => format!("{u}\t{v}\n"),
                2 => format!("{u} {v}\r\n"),
                3 => format!("% comment {k}\n{u}\t{v}\t0.5\n"),
                4 => format!("0000000{u} {v}\n"),
                5 => format!("{u} {u}\n"),
                6 => "\n".into(),
                _ => format!("{u} {v}\n"),
            });
        }
        assert_readers_agree(&text);
        let parsed = parse(text.as_bytes()).unwrap();
        assert!(matches!(parsed.ids, VertexIds::Listed(_)) && parsed.self_loops > 0 && parsed.repeats > 0);
        // Ids exactly 0..n: kept as they are.
        assert_readers_agree("2 1\n0 1\n# end\n");
        assert_eq!(parse(b"2 1\n0 1\n").unwrap().ids, VertexIds::From(0));
    }

    #[test]
    fn eight_digit_ids_are_read_by_both_readers() {
        // Ids past 10^7 (8 digits, read from 24-byte windows), renumbered in increasing order.
        let ids: Vec<u64> = (0..2_000u64).map(|k| 10_000_000 + 7 * k).collect();
        let mut text = String::new();
        let mut pairs = Vec::new();
        for k in 0..6_000usize {
            let (a, b) = (k % ids.len(), (k * 13 + 1) % ids.len());
            text.push_str(&if k % 3 == 0 { format!("{}\t{}\n", ids[a], ids[b]) } else { format!("{} {}\n", ids[a], ids[b]) });
            if a != b {
                pairs.push((a as u32, b as u32));
            }
        }
        let parsed = parse(text.as_bytes()).unwrap();
        assert_eq!(parsed.graph, Graph::from_edges(ids.len(), &pairs).unwrap());
        assert_eq!(parsed.ids, VertexIds::Listed(ids.clone()));
        // Long enough to read the ids as vertex numbers (a quarter of the length above them).
        let mut padded = text.clone();
        let comment = format!("#{}\n", "-".repeat(1022));
        padded.push_str(&comment.repeat(ids[ids.len() - 1] as usize / 256 + 1));
        assert!(read_ids_as_vertices(padded.as_bytes()).is_some());
        assert_eq!(parse(padded.as_bytes()).unwrap(), parsed);
    }

    #[test]
    fn large_ids_and_problems_go_to_the_general_reader() {
        let limit = direct_id_limit(b"");
        assert_eq!(limit, SMALL_INPUT_VERTICES);
        let below = format!("0 {}\n5 7\n", limit - 1);
        assert_readers_agree(&below);
        let at_limit = format!("0 {limit}\n5 7\n");
        assert!(read_ids_as_vertices(at_limit.as_bytes()).is_none());
        assert_eq!(parse(at_limit.as_bytes()).unwrap().ids, VertexIds::Listed(vec![0, 5, 7, limit as u64]));
        // A loop on a large id: its vertex stays, so the general reader reads the file.
        let large_loop = format!("{limit} {limit}\n1 2\n");
        assert!(read_ids_as_vertices(large_loop.as_bytes()).is_none());
        assert_eq!(parse(large_loop.as_bytes()).unwrap().ids, VertexIds::Listed(vec![1, 2, limit as u64]));
        for bad in ["1 2\n3 x\n", "1\n", "# only a comment\n", "4 4\n"] {
            assert!(read_ids_as_vertices(bad.as_bytes()).is_none(), "{bad:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn both_readers_read_any_small_graph_alike(
            edges in proptest::collection::vec((0u64..60, 0u64..60, 0usize..4), 1..80)
        ) {
            let mut text = String::new();
            for (u, v, shape) in edges {
                text.push_str(&match shape {
                    0 => format!("{u} {v}\n"),
                    1 => format!("{u}\t{v}\t1\n"),
                    2 => format!("# {u}\n{u}  {v}\n"),
                    _ => format!("{v} {u}\n"),
                });
            }
            let renumbered = parse_renumbered(text.as_bytes()).unwrap();
            match read_ids_as_vertices(text.as_bytes()) {
                Some(direct) => proptest::prop_assert_eq!(direct.build().unwrap(), renumbered),
                // Only a file of loops has no edge to build from: its vertices have no edge.
                None => proptest::prop_assert_eq!(renumbered.graph.edge_count(), 0),
            }
        }
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(error("# c\n1 2\n3\n"), "line 3, column 2: expected vertex id, found the end of the line");
        assert_eq!(error("1 2\n  x 2\n"), "line 2, column 3: expected vertex id, found 'x'");
        assert_eq!(error("1 -2\n"), "line 1, column 3: expected vertex id, found '-2'");
        assert_eq!(
            error("1 9223372036854775809\n"),
            "line 1, column 3: vertex id 9223372036854775809 out of range 0..=9223372036854775808"
        );
        assert_eq!(
            error("1 2\n1 99999999999999999999\n"),
            "line 2, column 3: vertex id 99999999999999999999 out of range 0..=9223372036854775808"
        );
    }
}
