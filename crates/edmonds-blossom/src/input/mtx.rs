//! Matrix Market coordinate files: the banner `%%MatrixMarket matrix coordinate FIELD SYMMETRY`
//! (`FIELD` pattern, real or integer; `SYMMETRY` general, symmetric, skew-symmetric or hermitian),
//! `%` comment lines, the size line `R C NNZ` (a graph needs `R = C`), then `NNZ` entry lines
//! `i j [value]`, 1-based. The graph joins `i - 1` and `j - 1` for every entry: values are
//! ignored, a general matrix gives the pattern of `A + Aᵀ`, and diagonal entries (self-loops) and
//! repeated edges are dropped and counted. `0 0 0` is the empty graph.

use std::io::{self, Write};
use std::ops::Range;

use grid_core::error::shorten;
use grid_core::{ErrorKind, InputError, Scanner};

use super::chunks::{
    BlankLines, LineReader, Problem, Stop, filing_chunks, is_data_line, line_column, line_end, nth_data_line,
    par_chunks_with, scan_line,
};
use super::swar::swar_line_at;
use super::{MAX_INPUT_EDGES, MAX_INPUT_VERTICES, check_declared_vertices};
use super::{ParsedGraph, TextRead, VertexIds, builder_limit};
use crate::graph::{BlockedEntries, EdgeBlocks, FilingScratch, Graph, Vertices, build_blocked};

/// The first byte of comment lines.
const COMMENTS: &[u8] = b"%";

/// Reads a Matrix Market file.
/// Writes `graph` as a symmetric pattern matrix, its lower triangle.
pub(super) fn write(out: &mut impl Write, graph: &Graph) -> io::Result<()> {
    let (n, m) = (graph.vertex_count(), graph.edge_count());
    writeln!(out, "%%MatrixMarket matrix coordinate pattern symmetric\n{n} {n} {m}")?;
    for (u, v) in graph.edges() {
        writeln!(out, "{} {}", v + 1, u + 1)?;
    }
    Ok(())
}

#[cfg(test)]
fn parse(input: &[u8]) -> Result<ParsedGraph, InputError> {
    read(input)?.build()
}

/// Reads the text of a Matrix Market file: the graph is left to build.
pub(super) fn read(input: &[u8]) -> Result<TextRead, InputError> {
    let values = scan_line(input, 0, read_banner)?;
    // The size line: the first line after the banner that is neither blank nor a comment.
    let mut at = (line_end(input, 0) + 1).min(input.len());
    while at < input.len() {
        let end = line_end(input, at);
        if is_data_line(&mut LineReader::new(&input[at..end], at), COMMENTS, BlankLines::Skipped) {
            break;
        }
        at = (end + 1).min(input.len());
    }
    if at >= input.len() {
        let (line, column) = line_column(input, input.len());
        return Err(InputError::new(
            line,
            column,
            ErrorKind::UnexpectedEnd("the size line 'rows columns entries'".into()),
        ));
    }
    let (n, nnz) = scan_line(input, at, |scanner| read_size(scanner, input.len()))?;
    let body = (line_end(input, at) + 1).min(input.len());
    // Each chunk's edges are filed by block as soon as they are read, as the Library Checker
    // reader does (`lc.rs`): the CSR is then built from the filed entries.
    let blocks = EdgeBlocks::with_edges(n, nnz);
    let read = |scratch: &mut FilingScratch, range: Range<usize>| {
        // An entry line `i j\n` takes at least 4 bytes.
        scratch.start((range.end - range.start) / 4 + 1);
        let mut loops = 0u64;
        let mut entries = 0usize;
        let mut at = range.start;
        while at < range.end {
            // A pattern entry `i j\n` with numbers of up to 8 digits: sixteen or 24 bytes at a
            // time, as the Library Checker reader does; any other line token by token. (A chunk
            // ends with a whole line, so a line read here ends within it.)
            if values == 0
                && let Some((i, j, used)) = swar_line_at(input, at, |b| b == b' ')
                && (1..=n as u32).contains(&i)
                && (1..=n as u32).contains(&j)
            {
                entries += 1;
                if i == j {
                    loops += 1;
                } else {
                    scratch.push(i - 1, j - 1);
                }
                at += used;
                continue;
            }
            let end = line_end(&input[..range.end], at);
            let mut reader = LineReader::new(&input[at..end], at);
            at = end + 1;
            if !is_data_line(&mut reader, COMMENTS, BlankLines::Skipped) {
                continue;
            }
            let i = reader.uint("row", 1, n as u64)? as u32 - 1;
            let j = reader.uint("column", 1, n as u64)? as u32 - 1;
            for _ in 0..values {
                reader.skip_token("value")?;
            }
            if !reader.at_end() {
                return Err(reader.trailing("the entry"));
            }
            entries += 1;
            if i == j {
                loops += 1;
            } else {
                scratch.push(i, j);
            }
        }
        Ok(((scratch.file(), loops), entries))
    };
    let init = || FilingScratch::new(blocks);
    let chunks =
        par_chunks_with(&filing_chunks(input, body, blocks.count()), nnz, init, read).map_err(|stop| match stop {
            Stop::Problem(p) => p.locate(input),
            Stop::Overflow { chunk, index } => Problem::msg(
                nth_data_line(input, chunk, index, COMMENTS, BlankLines::Skipped),
                format!("input continues after the {nnz} entr{}", if nnz == 1 { "y" } else { "ies" }),
            )
            .locate(input),
        })?;
    let self_loops: u64 = chunks.iter().map(|c| c.1).sum();
    let filed: Vec<BlockedEntries> = chunks.into_iter().map(|c| c.0).collect();
    let entries = self_loops as usize + filed.iter().map(|f| f.entry_count() / 2).sum::<usize>();
    if entries < nnz {
        let (line, column) = line_column(input, input.len());
        let kind = ErrorKind::UnexpectedEnd(format!("entry {} of {nnz}", entries + 1));
        return Err(InputError::new(line, column, kind));
    }
    // `n` and `nnz` are within the builder's limits (`read_size`).
    Ok(TextRead::to_build(move || {
        let (graph, repeats) = build_blocked(Vertices::Count(n), &blocks, filed).map_err(builder_limit)?;
        Ok(ParsedGraph { graph, ids: VertexIds::From(1), self_loops, repeats: repeats as u64 })
    }))
}

/// The banner line; the number of value tokens per entry.
fn read_banner(scanner: &mut Scanner<'_>) -> Result<usize, InputError> {
    let mut word = |what: &str, allowed: &[&str]| -> Result<usize, InputError> {
        let token = scanner.token(what)?;
        let found = String::from_utf8_lossy(token.text).to_ascii_lowercase();
        allowed.iter().position(|a| a.eq_ignore_ascii_case(&found)).ok_or_else(|| {
            token.loc.msg(format!(
                "expected {what} ({}), found '{}'",
                allowed.join(", "),
                shorten(token.text)
            ))
        })
    };
    word("the banner", &["%%MatrixMarket"])?;
    word("the object", &["matrix"])?;
    word("the format", &["coordinate"])?;
    let field = word("the field", &["pattern", "real", "integer"])?;
    word("the symmetry", &["general", "symmetric", "skew-symmetric", "hermitian"])?;
    scanner.finish()?;
    Ok(usize::from(field > 0))
}

/// The size line `R C NNZ` of an input of `len` bytes: the number of vertices and of entries.
fn read_size(scanner: &mut Scanner<'_>, len: usize) -> Result<(usize, usize), InputError> {
    let (rows, rows_at) = scanner.uint_at("number of rows", 0, MAX_INPUT_VERTICES as u64)?;
    let rows = rows as usize;
    check_declared_vertices(rows, rows_at, len)?;
    let (columns, at) = scanner.uint_at("number of columns", 0, MAX_INPUT_VERTICES as u64)?;
    if columns as usize != rows {
        return Err(at.msg(format!("a graph needs a square matrix, this one is {rows} x {columns}")));
    }
    let nnz = scanner.usize("number of entries", 0, MAX_INPUT_EDGES)?;
    scanner.finish()?;
    Ok((rows, nnz))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;

    fn error(input: &str) -> String {
        parse(input.as_bytes()).unwrap_err().to_string()
    }

    const BANNER: &str = "%%MatrixMarket matrix coordinate";

    #[test]
    fn reads_fields_symmetries_and_drops_the_diagonal() {
        let text = format!("{BANNER} real symmetric\n% comment\n%\n4 4 4\n2 1 0.5\n3 3 1e3\n4 2 -1\n1 2 7\n");
        let parsed = parse(text.as_bytes()).unwrap();
        assert_eq!((parsed.graph.vertex_count(), parsed.graph.edge_count()), (4, 2));
        assert_eq!((parsed.self_loops, parsed.repeats), (1, 1));
        assert!(parsed.graph.has_edge(1, 3));
        let text = "%%matrixmarket MATRIX Coordinate pattern general\n3 3 2\n1 2\n3 2";
        assert_eq!(parse(text.as_bytes()).unwrap().graph.edge_count(), 2);
    }

    #[test]
    fn entry_lines_of_eight_digit_indices_agree_with_the_plain_edges() {
        // More than 10^7 rows (the input padded to a byte per vertex with blank lines): indices
        // of 8 digits come in 24-byte windows, mixed with short ones and other shapes.
        let n = 12_000_000u32;
        let mut edges = Vec::new();
        let mut text = String::new();
        for k in 0..30_000u32 {
            let (i, j) = (n - k * 397, (k * 7_919) % n + 1);
            text.push_str(&match k % 4 {
                0 => format!("{i} {j}\n"),
                1 => format!("{j} {i}\n"),
                2 => format!("{i}\t{j}\n"),
                _ => format!("{} {i}\n", k + 1),
            });
            let (a, b) = match k % 4 {
                1 => (j, i),
                3 => (k + 1, i),
                _ => (i, j),
            };
            if a != b {
                edges.push((a - 1, b - 1));
            }
        }
        let mut input = format!("{BANNER} pattern general\n{n} {n} 30000\n{text}").into_bytes();
        input.resize(n as usize, b'\n');
        let parsed = parse(&input).unwrap();
        assert_eq!(parsed.graph, Graph::from_edges(n as usize, &edges).unwrap());
    }

    #[test]
    fn entry_lines_read_sixteen_bytes_at_a_time_and_token_by_token_agree() {
        // Lines of every shape between the ones the fast path reads: the graph is the same as
        // from the plain edge list, and an error after them keeps its line number.
        let n = 12_000u32;
        let mut edges = Vec::new();
        let mut text = String::new();
        let mut loops = 0;
        for k in 0..3 * n {
            let (i, j) = (k % n + 1, (k * 7 + 3) % n + 1);
            let line = match k % 9 {
                0 => format!(" {i} {j}\n"),
                1 => format!("{i}\t{j}\n"),
                2 => format!("{i} {j}\r\n"),
                3 => format!("% comment {k}\n{i} {j}\n"),
                4 => format!("0000000{i} {j}\n"),
                _ => format!("{i} {j}\n"),
            };
            text.push_str(&line);
            if i == j {
                loops += 1;
            } else {
                edges.push((i - 1, j - 1));
            }
        }
        let header = format!("{BANNER} pattern general\n{n} {n} {}\n", 3 * n);
        let parsed = parse(format!("{header}{text}").as_bytes()).unwrap();
        assert_eq!(parsed.graph, Graph::from_edges(n as usize, &edges).unwrap());
        assert_eq!(parsed.self_loops, loops);
        let lines = 2 + text.matches('\n').count();
        let bad = format!("{BANNER} pattern general\n{n} {n} {}\n{text}1 {}\n", 3 * n + 1, n + 1);
        assert_eq!(
            parse(bad.as_bytes()).unwrap_err().to_string(),
            format!("line {}, column 3: column {} out of range 1..={n}", lines + 1, n + 1)
        );
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            error("%%MatrixMarket matrix array real general\n"),
            "line 1, column 23: expected the format (coordinate), found 'array'"
        );
        assert_eq!(
            error(&format!("{BANNER} complex general\n")),
            "line 1, column 34: expected the field (pattern, real, integer), found 'complex'"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n% c\n3 4 1\n")),
            "line 3, column 3: a graph needs a square matrix, this one is 3 x 4"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n% c\n")),
            "line 3, column 1: unexpected end of input, expected the size line 'rows columns entries'"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n3 3 1\n1 4\n")),
            "line 3, column 3: column 4 out of range 1..=3"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n3 3 1\n0 1\n")),
            "line 3, column 1: row 0 out of range 1..=3"
        );
        assert_eq!(
            error(&format!("{BANNER} real general\n3 3 1\n1 2\n")),
            "line 3, column 4: expected value, found the end of the line"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n3 3 1\n1 2 5\n")),
            "line 3, column 5: line continues after the entry: '5'"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n3 3 2\n1 2\n")),
            "line 4, column 1: unexpected end of input, expected entry 2 of 2"
        );
        assert_eq!(
            error(&format!("{BANNER} pattern general\n3 3 1\n1 2\n\n2 3\n")),
            "line 5, column 1: input continues after the 1 entry"
        );
        assert_eq!(error("4 4\n"), "line 1, column 1: expected the banner (%%MatrixMarket), found '4'");
    }
}
