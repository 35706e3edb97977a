//! Weighted graph input, one format a function, each read line by line in one pass:
//!
//! - [`WeightedFormat::LibraryChecker`]: Library Checker `general_weighted_matching`: `N M`, then `M` lines
//!   `u v w` (0-based);
//! - [`WeightedFormat::Edges`]: a weighted edge list, one `u v w` per line, `#` or `%` comment
//!   lines, any ids up to `2^63` (renumbered in increasing order, as the cardinality edge lists);
//! - [`WeightedFormat::Dimacs`]: DIMACS: `c` comment lines, `p edge N M`, then `M` lines
//!   `e u v w` (1-based);
//! - [`WeightedFormat::Mtx`]: Matrix Market `coordinate integer` (general or symmetric; each entry
//!   `i j w` an edge, 1-based). A `real`, `complex` or `pattern` file is refused at its field:
//!   weights are integers.
//!
//! Every format reads an empty graph (`0 0`, `p edge 0 0`, a matrix `0 0 0`, an edge list
//! without edges). Every error is `line L, column C: message` at the offending token. Counts are checked against
//! the caps ([`MAX_WEIGHTED_VERTICES`], [`MAX_WEIGHTED_EDGES`]) before anything is allocated, and
//! the edge list is reserved by what the rest of the input can hold (a line `u v w` takes at
//! least 6 bytes), never by a declared count alone. Weights are checked against
//! [`weight_limit`]`(n)` where they are read (for an edge list, once its ids are counted, at the
//! first weight beyond the limit).

use grid_core::{ErrorKind, InputError};

use super::graph::{CheckedEdges, WeightedGraph, weight_limit};
use crate::input::VertexIds;
use crate::input::swar::swar_digits;

/// Largest vertex count a weighted reader accepts.
pub const MAX_WEIGHTED_VERTICES: usize = 10_000_000;

/// Largest edge count (lines or entries) a weighted reader accepts.
pub const MAX_WEIGHTED_EDGES: usize = 50_000_000;

/// The smallest number of bytes an edge line takes (`u v w` and its line end).
const MIN_EDGE_BYTES: usize = 6;

/// The weighted input formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WeightedFormat {
    /// Library Checker `general_weighted_matching`: `N M`, `M` lines `u v w`, 0-based.
    LibraryChecker,
    /// Weighted edge list: `u v w` per line, `#`/`%` comments, any ids up to 2^63.
    Edges,
    /// DIMACS: `p edge N M`, `e u v w`, 1-based, `c` comments.
    Dimacs,
    /// Matrix Market `coordinate integer`, 1-based.
    Mtx,
}

impl WeightedFormat {
    /// The format a file's extension suggests: `.txt .edges .el .wel` edges, `.dimacs .col .gr`
    /// DIMACS, `.mtx` Matrix Market, anything else Library Checker.
    pub fn from_path(path: &std::path::Path) -> Self {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("txt" | "edges" | "el" | "wel") => WeightedFormat::Edges,
            Some("dimacs" | "col" | "gr") => WeightedFormat::Dimacs,
            Some("mtx") => WeightedFormat::Mtx,
            _ => WeightedFormat::LibraryChecker,
        }
    }
}

/// A weighted graph read from text, with the input's id of each vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedWeightedGraph {
    /// The graph (vertices 0-based, self-loops dropped and counted in it).
    pub graph: WeightedGraph,
    /// The input's id of each vertex.
    pub ids: VertexIds,
}

/// Reads a whole weighted graph in `format`.
pub fn read_weighted_graph(input: &[u8], format: WeightedFormat) -> Result<ParsedWeightedGraph, InputError> {
    match format {
        WeightedFormat::LibraryChecker => read_lc(input),
        WeightedFormat::Edges => read_edge_list(input),
        WeightedFormat::Dimacs => read_dimacs(input),
        WeightedFormat::Mtx => read_mtx(input),
    }
}

/// One line of the input: its number and bytes, and where its tokens start.
struct Line<'a> {
    number: usize,
    bytes: &'a [u8],
    at: usize,
}

/// A token of a line with its 1-based column.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a [u8],
    line: usize,
    column: usize,
}

impl Token<'_> {
    fn error(&self, message: impl Into<String>) -> InputError {
        InputError::msg(self.line, self.column, message)
    }

    fn shown(&self) -> String {
        grid_core::error::shorten(self.text)
    }

    /// The token as an unsigned integer in `min..=max`.
    fn uint(&self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        if !self.text.iter().all(u8::is_ascii_digit) {
            return Err(self.kind(ErrorKind::ExpectedInteger { what: what.into(), found: self.shown() }));
        }
        grid_core::error::checked_digits(self.text, what, min, max).map_err(|kind| self.kind(kind))
    }

    fn kind(&self, kind: ErrorKind) -> InputError {
        InputError::new(self.line, self.column, kind)
    }

    /// The token as a weight: an optional sign, then digits, at most `limit` in magnitude.
    fn weight(&self, limit: i64) -> Result<i64, InputError> {
        let (negative, digits) = match self.text.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, self.text),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            let integer_only = self.text.iter().any(|b| matches!(b, b'.' | b'e' | b'E'))
                && self.text.iter().any(u8::is_ascii_digit);
            return Err(if integer_only {
                self.error(format!("weight '{}' is not an integer: weights are integers only", self.shown()))
            } else {
                self.kind(ErrorKind::ExpectedInteger { what: "a weight".into(), found: self.shown() })
            });
        }
        let magnitude =
            digits.iter().try_fold(0i64, |acc, &d| acc.checked_mul(10)?.checked_add(i64::from(d - b'0')));
        match magnitude {
            Some(m) if m <= limit => Ok(if negative { -m } else { m }),
            _ => Err(self.error(format!("weight {} out of range -{limit}..={limit}", self.shown()))),
        }
    }
}

impl<'a> Line<'a> {
    /// The next token, or `None` at the line's end.
    fn next(&mut self) -> Option<Token<'a>> {
        while self.at < self.bytes.len() && matches!(self.bytes[self.at], b' ' | b'\t' | b'\r') {
            self.at += 1;
        }
        if self.at == self.bytes.len() {
            return None;
        }
        let start = self.at;
        while self.at < self.bytes.len() && !matches!(self.bytes[self.at], b' ' | b'\t' | b'\r') {
            self.at += 1;
        }
        Some(Token { text: &self.bytes[start..self.at], line: self.number, column: start + 1 })
    }

    /// The next token; `what` names it when the line has ended.
    fn token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        let column = self.at + 1;
        self.next().ok_or_else(|| InputError::new(self.number, column, ErrorKind::UnexpectedEnd(what.into())))
    }

    /// Fails at the first token left on the line.
    fn finish(&mut self) -> Result<(), InputError> {
        match self.next() {
            None => Ok(()),
            Some(t) => Err(t.kind(ErrorKind::TrailingInput(t.shown()))),
        }
    }

    /// Whether the line is blank or starts with one of `comments`.
    fn is_skipped(&self, comments: &[u8]) -> bool {
        let first = self.bytes.iter().find(|b| !matches!(b, b' ' | b'\t' | b'\r'));
        first.is_none_or(|b| comments.contains(b))
    }
}

/// The lines of the input, numbered from 1, with the bytes that follow each.
struct Lines<'a> {
    input: &'a [u8],
    at: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    fn new(input: &'a [u8]) -> Self {
        Self { input, at: 0, number: 0 }
    }

    /// The next line, or `None` at the end of the input.
    fn next_line(&mut self) -> Option<Line<'a>> {
        if self.at >= self.input.len() {
            return None;
        }
        let rest = &self.input[self.at..];
        // A byte loop rather than `memchr`: the lines are short, and `memchr`'s first call asks
        // the processor for its features, which a virtual machine answers slowly (30 µs, more
        // than reading a 10^4-edge graph's header and comments takes).
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.at += end + 1;
        self.number += 1;
        Some(Line { number: self.number, bytes: &rest[..end], at: 0 })
    }

    /// The next line that is neither blank nor a comment.
    fn next_data(&mut self, comments: &[u8]) -> Option<Line<'a>> {
        loop {
            let line = self.next_line()?;
            if !line.is_skipped(comments) {
                return Some(line);
            }
        }
    }

    /// The next line if it is a plain edge line `u v w\n` (single spaces, at most 10 digits in
    /// `u` and `v`, an optional `-` and at most 18 digits in `w`) with both ends in
    /// `first..=last` and `|w| <= limit`: the ends and the weight, the line consumed. `None`
    /// otherwise, nothing consumed: the token reader then reads the line, and reports what is
    /// wrong with it. The usual lines of a big input, read without splitting them into tokens.
    #[inline]
    fn plain_edge(&mut self, first: u64, last: u64, limit: i64) -> Option<(u64, u64, i64)> {
        let rest = self.input.get(self.at..)?;
        let (u, v, negative, magnitude, at) = swar_edge(rest).or_else(|| {
            let mut at = 0;
            let u = plain_number(rest, &mut at, 10)?;
            (rest.get(at) == Some(&b' ')).then_some(())?;
            at += 1;
            let v = plain_number(rest, &mut at, 10)?;
            (rest.get(at) == Some(&b' ')).then_some(())?;
            at += 1;
            let negative = rest.get(at) == Some(&b'-');
            at += usize::from(negative);
            let magnitude = plain_number(rest, &mut at, 18)?;
            (rest.get(at) == Some(&b'\n')).then_some((u, v, negative, magnitude, at))
        })?;
        let magnitude = magnitude as i64;
        if !(first..=last).contains(&u) || !(first..=last).contains(&v) || magnitude > limit {
            return None;
        }
        self.at += at + 1;
        self.number += 1;
        Some((u, v, if negative { -magnitude } else { magnitude }))
    }

    /// The bytes not read yet.
    fn remaining(&self) -> usize {
        self.input.len().saturating_sub(self.at)
    }

    /// The place just after the last byte, for an input that ended too early.
    fn end_error(&self, what: String) -> InputError {
        let last_line = self.input.split(|&b| b == b'\n').next_back().unwrap_or(&[]);
        let lines = self.input.iter().filter(|&&b| b == b'\n').count() + 1;
        InputError::new(lines, last_line.len() + 1, ErrorKind::UnexpectedEnd(what))
    }
}

/// The plain edge line `u v w\n` at the start of `bytes` when its three numbers have at most 7
/// digits each and 8 bytes can be read from the start of each (the usual lines, read a word at
/// a time, see `swar.rs`): `u`, `v`, whether `w` is negative, `|w|`, and where the newline is.
#[inline(always)]
fn swar_edge(bytes: &[u8]) -> Option<(u64, u64, bool, u64, usize)> {
    let word = |at: usize| Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?));
    let (u, u_digits) = swar_digits(word(0)?)?;
    (bytes[u_digits] == b' ').then_some(())?;
    let at = u_digits + 1;
    let (v, v_digits) = swar_digits(word(at)?)?;
    let at = at + v_digits;
    (bytes[at] == b' ').then_some(())?;
    let negative = bytes.get(at + 1) == Some(&b'-');
    let at = at + 1 + usize::from(negative);
    let (w, w_digits) = swar_digits(word(at)?)?;
    let at = at + w_digits;
    (bytes[at] == b'\n').then_some((u64::from(u), u64::from(v), negative, u64::from(w), at))
}

/// The number of 1 to `max_digits` digits at `bytes[*at..]` (`max_digits` at most 19), with
/// `at` moved past it; `None` for no digit or more than `max_digits`.
#[inline]
fn plain_number(bytes: &[u8], at: &mut usize, max_digits: usize) -> Option<u64> {
    let start = *at;
    let mut value = 0u64;
    while let Some(&b) = bytes.get(*at).filter(|b| b.is_ascii_digit()) {
        if *at - start == max_digits {
            return None;
        }
        value = value * 10 + u64::from(b - b'0');
        *at += 1;
    }
    (*at > start).then_some(value)
}

/// Room for `declared` edges, but never more than the rest of the input can hold.
fn reserve(declared: usize, remaining: usize) -> CheckedEdges {
    CheckedEdges::with_capacity(declared.min(remaining / MIN_EDGE_BYTES + 1))
}

/// The graph from edges already checked against `n` (at most [`MAX_WEIGHTED_VERTICES`]) and the
/// weight limit.
fn build(n: usize, edges: CheckedEdges, ids: VertexIds) -> ParsedWeightedGraph {
    ParsedWeightedGraph { graph: WeightedGraph::from_checked(n, edges), ids }
}

/// Reads `count` edge lines `[prefix] u v w` after the header: ends in `first..first + n`.
fn read_edge_lines(
    lines: &mut Lines,
    comments: &[u8],
    prefix: Option<&[u8]>,
    (n, count, first): (usize, usize, u64),
) -> Result<CheckedEdges, InputError> {
    let limit = weight_limit(n);
    let mut edges = reserve(count, lines.remaining());
    for index in 0..count {
        if prefix.is_none()
            && n > 0
            && let Some((u, v, w)) = lines.plain_edge(first, first + n as u64 - 1, limit)
        {
            edges.push((u - first) as u32, (v - first) as u32, w);
            continue;
        }
        let what = || format!("edge {} of {count}", index + 1);
        let mut line = lines.next_data(comments).ok_or_else(|| lines.end_error(what()))?;
        if let Some(prefix) = prefix {
            let tag = line.token("the edge")?;
            if tag.text != prefix {
                return Err(tag.error(format!(
                    "expected '{}', found '{}'",
                    String::from_utf8_lossy(prefix),
                    tag.shown()
                )));
            }
        }
        let Some(last) = (first + n as u64).checked_sub(1).filter(|_| n > 0) else {
            let token = line.token("vertex u")?;
            return Err(
                token.error(format!("vertex u '{}' out of range: the graph has no vertices", token.shown()))
            );
        };
        let u = line.token("vertex u")?.uint("vertex u", first, last)?;
        let v = line.token("vertex v")?.uint("vertex v", first, last)?;
        let w = line.token("a weight")?.weight(limit)?;
        line.finish()?;
        edges.push((u - first) as u32, (v - first) as u32, w);
    }
    if let Some(mut extra) = lines.next_data(comments) {
        let token = extra.next().expect("a data line has a token");
        return Err(token.error(format!("input continues after the {count} edges")));
    }
    Ok(edges)
}

/// Library Checker `general_weighted_matching`.
fn read_lc(input: &[u8]) -> Result<ParsedWeightedGraph, InputError> {
    let mut lines = Lines::new(input);
    let mut header = lines.next_data(b"").ok_or_else(|| lines.end_error("the number of vertices".into()))?;
    let n = header.token("the number of vertices")?.uint(
        "number of vertices",
        0,
        MAX_WEIGHTED_VERTICES as u64,
    )?;
    let m = header.token("the number of edges")?.uint("number of edges", 0, MAX_WEIGHTED_EDGES as u64)?;
    header.finish()?;
    let edges = read_edge_lines(&mut lines, b"", None, (n as usize, m as usize, 0))?;
    Ok(build(n as usize, edges, VertexIds::From(0)))
}

/// DIMACS `p edge N M` with `e u v w` lines.
fn read_dimacs(input: &[u8]) -> Result<ParsedWeightedGraph, InputError> {
    let mut lines = Lines::new(input);
    let mut header = lines.next_data(b"c").ok_or_else(|| lines.end_error("the line 'p edge N M'".into()))?;
    let p = header.token("'p'")?;
    if p.text != b"p" {
        return Err(p.error(format!("expected the problem line 'p edge N M', found '{}'", p.shown())));
    }
    let kind = header.token("the problem kind 'edge'")?;
    if kind.text != b"edge" {
        return Err(kind.error(format!("expected the problem kind 'edge', found '{}'", kind.shown())));
    }
    let n = header.token("the number of vertices")?.uint(
        "number of vertices",
        0,
        MAX_WEIGHTED_VERTICES as u64,
    )?;
    let m = header.token("the number of edges")?.uint("number of edges", 0, MAX_WEIGHTED_EDGES as u64)?;
    header.finish()?;
    let edges = read_edge_lines(&mut lines, b"c", Some(b"e"), (n as usize, m as usize, 1))?;
    Ok(build(n as usize, edges, VertexIds::From(1)))
}

/// Matrix Market `coordinate integer`.
fn read_mtx(input: &[u8]) -> Result<ParsedWeightedGraph, InputError> {
    let mut lines = Lines::new(input);
    let mut banner =
        lines.next_line().ok_or_else(|| lines.end_error("the banner '%%MatrixMarket'".into()))?;
    let expect = |token: Token, want: &str, what: &str| {
        if token.text.eq_ignore_ascii_case(want.as_bytes()) {
            Ok(())
        } else {
            Err(token.error(format!("expected {what} '{want}', found '{}'", token.shown())))
        }
    };
    expect(banner.token("'%%MatrixMarket'")?, "%%MatrixMarket", "the banner")?;
    expect(banner.token("'matrix'")?, "matrix", "the object")?;
    expect(banner.token("'coordinate'")?, "coordinate", "the format")?;
    let field = banner.token("the field 'integer'")?;
    if !field.text.eq_ignore_ascii_case(b"integer") {
        return Err(field.error(format!(
            "a '{}' matrix: weights are integers only (the field must be 'integer')",
            field.shown()
        )));
    }
    let symmetry = banner.token("the symmetry 'general' or 'symmetric'")?;
    if !(symmetry.text.eq_ignore_ascii_case(b"general") || symmetry.text.eq_ignore_ascii_case(b"symmetric")) {
        return Err(symmetry
            .error(format!("symmetry '{}' is not supported: 'general' or 'symmetric'", symmetry.shown())));
    }
    banner.finish()?;
    let mut size = lines
        .next_data(b"%")
        .ok_or_else(|| lines.end_error("the size line 'rows columns entries'".into()))?;
    let rows = size.token("the number of rows")?;
    let n = rows.uint("number of rows", 0, MAX_WEIGHTED_VERTICES as u64)?;
    let columns = size.token("the number of columns")?;
    if columns.uint("number of columns", 0, MAX_WEIGHTED_VERTICES as u64)? != n {
        return Err(columns.error("a graph's matrix is square: the columns must equal the rows"));
    }
    let nnz = size.token("the number of entries")?.uint("number of entries", 0, MAX_WEIGHTED_EDGES as u64)?;
    size.finish()?;
    let edges = read_edge_lines(&mut lines, b"%", None, (n as usize, nnz as usize, 1))?;
    Ok(build(n as usize, edges, VertexIds::From(1)))
}

/// A weighted edge list with arbitrary ids.
fn read_edge_list(input: &[u8]) -> Result<ParsedWeightedGraph, InputError> {
    const MAX_ID: u64 = 1 << 63;
    let mut lines = Lines::new(input);
    let mut raw: Vec<(u64, u64, i64)> = Vec::new();
    // Where each weight stands, to report one beyond the limit once `n` is known.
    let mut places: Vec<(u32, u32)> = Vec::new();
    while let Some(mut line) = lines.next_data(b"#%") {
        if raw.len() == MAX_WEIGHTED_EDGES {
            let token = line.next().expect("a data line has a token");
            return Err(token.error(format!("more than {MAX_WEIGHTED_EDGES} edges")));
        }
        let u = line.token("vertex u")?.uint("vertex u", 0, MAX_ID)?;
        let v = line.token("vertex v")?.uint("vertex v", 0, MAX_ID)?;
        let weight = line.token("a weight")?;
        let w = weight.weight(super::graph::MAX_WEIGHT_MAGNITUDE)?;
        line.finish()?;
        raw.push((u, v, w));
        places.push((weight.line as u32, weight.column as u32));
    }
    let mut ids: Vec<u64> = raw.iter().flat_map(|&(u, v, _)| [u, v]).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() > MAX_WEIGHTED_VERTICES {
        let (line, column) = lines_end(input);
        return Err(InputError::msg(
            line,
            column,
            format!("{} distinct vertex ids exceed the limit of {MAX_WEIGHTED_VERTICES}", ids.len()),
        ));
    }
    let n = ids.len();
    let limit = weight_limit(n);
    if let Some(i) = raw.iter().position(|e| e.2.abs() > limit) {
        let (line, column) = places[i];
        return Err(InputError::msg(
            line as usize,
            column as usize,
            format!("weight {} out of range -{limit}..={limit} for a graph of {n} vertices", raw[i].2),
        ));
    }
    let index = |id: u64| ids.binary_search(&id).expect("every id was collected");
    let mut edges = CheckedEdges::with_capacity(raw.len());
    for &(u, v, w) in &raw {
        edges.push(index(u) as u32, index(v) as u32, w);
    }
    Ok(build(n, edges, VertexIds::Listed(ids)))
}

/// The line and column just after the input's last byte.
fn lines_end(input: &[u8]) -> (usize, usize) {
    let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
    let last = input.split(|&b| b == b'\n').next_back().unwrap_or(&[]);
    (lines, last.len() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str, format: WeightedFormat) -> String {
        read_weighted_graph(input.as_bytes(), format).unwrap_err().to_string()
    }

    #[test]
    fn plain_lines_and_token_lines_give_the_same_edges() {
        // Every shape the plain-line reader leaves to the token reader, among plain lines.
        let shapes = |k: u64, u: u64, v: u64, w: i64| match k % 9 {
            0 => format!("{u} {v} {w}\r\n"),
            1 => format!("{u}\t{v} {w}\n"),
            2 => format!("{u} {v} +{}\n", w.abs()),
            3 => format!("000000000000{u} {v} {w}\n"),
            4 => format!("{u}  {v} {w}\n"),
            5 => format!("\n{u} {v} {w}\n"),
            _ => format!("{u} {v} {w}\n"),
        };
        let n = 1_000u64;
        let mut text = String::new();
        let mut expected = Vec::new();
        for k in 0..2_000u64 {
            let (u, v) = (k * 7 % n, (k * 13 + 1) % n);
            let w = if k % 3 == 0 { -((k * 1_000_003 % 999_983) as i64) } else { (k * 31) as i64 };
            let w = if k % 2 == 0 { w } else { w.abs() };
            text.push_str(&shapes(k, u, v, if k % 9 == 2 { w.abs() } else { w }));
            expected.push((u as usize, v as usize, if k % 9 == 2 { w.abs() } else { w }));
        }
        let lc = format!("{n} 2000\n{text}");
        let parsed = read_weighted_graph(lc.as_bytes(), WeightedFormat::LibraryChecker).unwrap();
        assert_eq!(parsed.graph, WeightedGraph::new(n as usize, &expected).unwrap());
        // A plain line with an end or a weight out of range is reported by the token reader.
        let far = format!("{n} 2\n0 1 5\n0 {n} 5\n");
        assert_eq!(
            error(&far, WeightedFormat::LibraryChecker),
            format!("line 3, column 3: vertex v {n} out of range 0..={}", n - 1)
        );
        let heavy = format!("2 1\n0 1 -{}\n", weight_limit(2) + 1);
        assert!(error(&heavy, WeightedFormat::LibraryChecker).starts_with("line 2, column 5: weight"));
    }

    #[test]
    fn every_format_reads_the_same_triangle() {
        let inputs = [
            ("3 3\n0 1 5\n1 2 -2\n0 2 7\n", WeightedFormat::LibraryChecker),
            ("# a triangle\n10 20 5\n20 30 -2\n10 30 7\n", WeightedFormat::Edges),
            ("c a triangle\np edge 3 3\ne 1 2 5\ne 2 3 -2\ne 1 3 7\n", WeightedFormat::Dimacs),
            (
                "%%MatrixMarket matrix coordinate integer symmetric\n% c\n3 3 3\n2 1 5\n3 2 -2\n3 1 7\n",
                WeightedFormat::Mtx,
            ),
        ];
        for (input, format) in inputs {
            let parsed = read_weighted_graph(input.as_bytes(), format).unwrap();
            let mut edges: Vec<_> = parsed.graph.edges().iter().map(|e| (e.u, e.v, e.weight)).collect();
            edges.sort();
            assert_eq!(edges, vec![(0, 1, 5), (0, 2, 7), (1, 2, -2)], "{format:?}");
        }
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            error("2 1\n0 1 2.5\n", WeightedFormat::LibraryChecker),
            "line 2, column 5: weight '2.5' is not an integer: weights are integers only"
        );
        assert_eq!(
            error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 0.5\n", WeightedFormat::Mtx),
            "line 1, column 34: a 'real' matrix: weights are integers only (the field must be 'integer')"
        );
        assert_eq!(
            error("2 2\n0 1 3\n", WeightedFormat::LibraryChecker),
            "line 3, column 1: unexpected end of input, expected edge 2 of 2"
        );
        assert_eq!(
            error("2 1\n0 2 3\n", WeightedFormat::LibraryChecker),
            "line 2, column 3: vertex v 2 out of range 0..=1"
        );
        assert_eq!(
            error("2 1\n0 1 3\n1 0 3\n", WeightedFormat::LibraryChecker),
            "line 3, column 1: input continues after the 1 edges"
        );
        assert_eq!(
            error("p edge 2 1\nx 1 2 3\n", WeightedFormat::Dimacs),
            "line 2, column 1: expected 'e', found 'x'"
        );
        let huge = format!("2 1\n0 1 {}\n", 1i64 << 41);
        assert_eq!(
            error(&huge, WeightedFormat::LibraryChecker),
            format!("line 2, column 5: weight {} out of range -{}..={}", 1i64 << 41, 1i64 << 40, 1i64 << 40)
        );
    }

    #[test]
    fn empty_graphs_are_read_in_every_format() {
        let inputs = [
            ("0 0\n", WeightedFormat::LibraryChecker),
            ("# nothing\n", WeightedFormat::Edges),
            ("p edge 0 0\n", WeightedFormat::Dimacs),
            ("%%MatrixMarket matrix coordinate integer general\n0 0 0\n", WeightedFormat::Mtx),
        ];
        for (input, format) in inputs {
            let parsed = read_weighted_graph(input.as_bytes(), format).unwrap();
            assert_eq!((parsed.graph.vertex_count(), parsed.graph.edges().len()), (0, 0), "{format:?}");
        }
        assert_eq!(
            error("0 1\n0 0 5\n", WeightedFormat::LibraryChecker),
            "line 2, column 1: vertex u '0' out of range: the graph has no vertices"
        );
    }

    #[test]
    fn a_huge_declared_count_allocates_by_the_input() {
        let input = format!("2 {MAX_WEIGHTED_EDGES}\n0 1 1\n");
        assert!(
            error(&input, WeightedFormat::LibraryChecker)
                .starts_with("line 3, column 1: unexpected end of input")
        );
    }
}
