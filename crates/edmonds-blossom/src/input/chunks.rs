//! What the line-based readers share: splitting the input into chunks of whole lines for rayon,
//! the integer reader of one line, and turning a byte offset into `line L, column C` only when an
//! error is reported.
//!
//! [`grid_core::Scanner`] reads tokens without regard to line ends, which the line-based formats
//! need (a METIS line is a vertex, an edge list line is an edge), and reads from the start of its
//! input, which a parallel reader cannot: so the chunk readers here parse lines themselves and keep
//! only byte offsets; the headers are read with the `Scanner`.

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use grid_core::error::{checked_digits, shorten};
use grid_core::{ErrorKind, InputError, Scanner};
use rayon::prelude::*;

/// A problem at a byte offset of the input; its line and column are worked out when reported.
#[derive(Debug)]
pub(crate) struct Problem {
    /// Byte offset from the start of the input.
    pub offset: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl Problem {
    /// A problem described in words.
    #[cold]
    pub fn msg(offset: usize, message: impl Into<String>) -> Self {
        Self { offset, kind: ErrorKind::Other(message.into()) }
    }

    /// The located error.
    #[cold]
    pub fn locate(self, input: &[u8]) -> InputError {
        let (line, column) = line_column(input, self.offset);
        InputError::new(line, column, self.kind)
    }
}

/// The 1-based line and column of byte `offset` of `input`.
#[cold]
pub(crate) fn line_column(input: &[u8], offset: usize) -> (usize, usize) {
    let before = &input[..offset.min(input.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    (line, before.len() - line_start + 1)
}

/// Reruns `read` (a [`Scanner`] reader) on the one line `line` of `input` starting at byte
/// `start`, so that its errors carry that line's number instead of 1.
pub(crate) fn scan_line<T>(
    input: &[u8],
    start: usize,
    read: impl FnOnce(&mut Scanner<'_>) -> Result<T, InputError>,
) -> Result<T, InputError> {
    let end = line_end(input, start);
    let mut scanner = Scanner::new(&input[start..end]);
    read(&mut scanner).map_err(|e| {
        let (line, _) = line_column(input, start);
        InputError::new(line, e.column, e.kind)
    })
}

/// The offset of the `\n` ending the line that holds `start` (or the input's length).
#[inline]
pub(crate) fn line_end(input: &[u8], start: usize) -> usize {
    memchr::memchr(b'\n', &input[start..]).map_or(input.len(), |p| start + p)
}

/// Byte ranges covering `input[start..]`, each ending just after a `\n` (the last at the end of
/// the input), of a few megabytes each: enough chunks to keep every thread busy.
pub(crate) fn line_chunks(input: &[u8], start: usize) -> Vec<Range<usize>> {
    let len = input.len().saturating_sub(start);
    line_chunks_of(input, start, (len / (rayon::current_num_threads() * 8)).clamp(1 << 20, 32 << 20))
}

/// The most bytes of a chunk of [`filing_chunks`]: small enough that a chunk's pairs and its filed
/// entries (ten bytes per edge, a little less than its text on the big inputs) both stay in the
/// second-level cache while it is filed, big enough that the blocks' slices of a chunk are not
/// tiny. Measured on the 10^7-vertex Library Checker inputs, parse + build on two threads: 4 MiB
/// 0.98 s (sparse-10m) and 1.49 s (rmat-22), 2 MiB 1.02 s, 1 MiB 0.92–0.99 s and 1.27 s, 512 KiB
/// 1.01 s and 1.49 s.
const FILING_CHUNK_BYTES: usize = 1 << 20;

/// The most slices (a chunk's entries of one block) that [`filing_chunks`] aims at: each chunk
/// keeps a start per block, and the build gathers each block's slice of every chunk. Past it
/// (graphs of 10^8 vertices: 12,208 blocks) the chunks grow instead: on sparse-100m, 1 MiB chunks
/// made 62 million slices of nine entries each and took 14.4 s to parse and build, 4 MiB 10.9 s,
/// 16 MiB 7.8–9.1 s. The 10^7-vertex inputs stay far below it.
const FILING_SLICES: usize = 1 << 22;

/// As [`line_chunks`], for readers that file each chunk's edges as soon as they are read
/// ([`crate::graph::FilingScratch`]) into `blocks` blocks: at most [`FILING_CHUNK_BYTES`] each,
/// or as many more as keep the slices to about [`FILING_SLICES`].
pub(crate) fn filing_chunks(input: &[u8], start: usize, blocks: usize) -> Vec<Range<usize>> {
    let len = input.len().saturating_sub(start);
    let largest = FILING_CHUNK_BYTES.max((len as u128 * blocks as u128 / FILING_SLICES as u128) as usize);
    line_chunks_of(input, start, (len / (rayon::current_num_threads() * 8)).clamp(1 << 16, largest))
}

/// Byte ranges covering `input[start..]`, each ending just after a `\n` (the last at the end of
/// the input), of about `target` bytes each.
pub(crate) fn line_chunks_of(input: &[u8], start: usize, target: usize) -> Vec<Range<usize>> {
    let target = target.max(1);
    let mut chunks = Vec::new();
    let mut begin = start;
    while begin < input.len() {
        let guess = (begin + target).min(input.len());
        let end = if guess == input.len() { guess } else { (line_end(input, guess) + 1).min(input.len()) };
        chunks.push(begin..end);
        begin = end;
    }
    chunks
}

/// Why [`par_chunks`] stopped.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The first problem in input order.
    Problem(Problem),
    /// More than the limit of items: item `index` (0-based) of the chunk `chunk` is the first one
    /// past it.
    Overflow {
        /// The chunk holding the first item past the limit.
        chunk: Range<usize>,
        /// Its index within that chunk.
        index: usize,
    },
}

/// Reads every chunk with `read` (in parallel) into its output and number of items; at most
/// `limit` items in all. Results are in input order; on failure, the error a sequential reader
/// would meet first. Once the items read pass the limit no further chunk is started, so memory
/// stays within the limit plus one chunk per thread.
pub(crate) fn par_chunks<T: Send>(
    chunks: &[Range<usize>],
    limit: usize,
    read: impl Fn(Range<usize>) -> Result<(T, usize), Problem> + Sync,
) -> Result<Vec<T>, Stop> {
    par_chunks_with(chunks, limit, || (), |(), chunk| read(chunk))
}

/// As [`par_chunks`], `read` also given a working state that `init` makes, kept by a thread
/// from one chunk to the next (scratch memory that stays allocated and faulted in).
pub(crate) fn par_chunks_with<S: Send, T: Send>(
    chunks: &[Range<usize>],
    limit: usize,
    init: impl Fn() -> S + Sync,
    read: impl Fn(&mut S, Range<usize>) -> Result<(T, usize), Problem> + Sync,
) -> Result<Vec<T>, Stop> {
    let items = AtomicUsize::new(0);
    let over = AtomicBool::new(false);
    // rayon makes a state for each of its jobs, which can be many more than the threads: the
    // states go back to a pool when a job ends, so only a few are ever made.
    let pool = Mutex::new(Vec::new());
    let results: Vec<Option<Result<(T, usize), Problem>>> = chunks
        .par_iter()
        .map_init(
            || Pooled { state: pool.lock().ok().and_then(|mut states| states.pop()), pool: &pool },
            |pooled, chunk| {
                if over.load(Ordering::Relaxed) {
                    return None;
                }
                let state = pooled.state.get_or_insert_with(&init);
                let result = read(state, chunk.clone());
                if let Ok((_, count)) = &result
                    && items.fetch_add(*count, Ordering::Relaxed) + count > limit
                {
                    over.store(true, Ordering::Relaxed);
                }
                Some(result)
            },
        )
        .collect();
    let mut outputs = Vec::with_capacity(chunks.len());
    let mut total = 0usize;
    let mut state = pool.into_inner().ok().and_then(|mut states| states.pop());
    for (chunk, result) in chunks.iter().zip(results) {
        // A chunk skipped after the limit was passed is read now, in order.
        let (output, count) = match result {
            Some(result) => result,
            None => read(state.get_or_insert_with(&init), chunk.clone()),
        }
        .map_err(Stop::Problem)?;
        if total + count > limit {
            return Err(Stop::Overflow { chunk: chunk.clone(), index: limit - total });
        }
        total += count;
        outputs.push(output);
    }
    Ok(outputs)
}

/// A working state of [`par_chunks_with`] that goes back to its pool when dropped.
struct Pooled<'a, S> {
    state: Option<S>,
    pool: &'a Mutex<Vec<S>>,
}

impl<S> Drop for Pooled<'_, S> {
    fn drop(&mut self) {
        if let (Some(state), Ok(mut pool)) = (self.state.take(), self.pool.lock()) {
            pool.push(state);
        }
    }
}

/// Whether `b` separates tokens within a line.
#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// A cursor over one line (`line[pos..]`, the line without its `\n`), at byte `base` of the input.
pub(crate) struct LineReader<'a> {
    line: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> LineReader<'a> {
    /// A reader of `line`, which starts at byte `base` of the input.
    #[inline]
    pub fn new(line: &'a [u8], base: usize) -> Self {
        Self { line, pos: 0, base }
    }

    /// The input offset of the next token (after blanks), or of the line end.
    #[inline]
    pub fn skip_blanks(&mut self) -> usize {
        while self.pos < self.line.len() && is_blank(self.line[self.pos]) {
            self.pos += 1;
        }
        self.base + self.pos
    }

    /// Whether only blanks are left.
    #[inline]
    pub fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.pos == self.line.len()
    }

    /// The next byte after blanks, if any.
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_blanks();
        self.line.get(self.pos).copied()
    }

    /// Skips the next token (any bytes); a problem naming `what` if the line has ended.
    #[inline]
    pub fn skip_token(&mut self, what: &str) -> Result<(), Problem> {
        let start = self.skip_blanks();
        if self.pos == self.line.len() {
            return Err(end_of_line(start, what));
        }
        while self.pos < self.line.len() && !is_blank(self.line[self.pos]) {
            self.pos += 1;
        }
        Ok(())
    }

    /// The next token as an integer in `min..=max`; `what` names it in errors.
    #[inline]
    pub fn uint(&mut self, what: &str, min: u64, max: u64) -> Result<u64, Problem> {
        let start = self.skip_blanks();
        let first = self.pos;
        let mut value: u64 = 0;
        while let Some(&b) = self.line.get(self.pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            // Wrapping is harmless: long tokens are re-read with checks below.
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            self.pos += 1;
        }
        let digits = self.pos - first;
        if digits == 0 || self.line.get(self.pos).is_some_and(|&b| !is_blank(b)) {
            return Err(self.not_an_integer(what, start, first));
        }
        if digits > 19 || value < min || value > max {
            return self.checked(what, start, first, min, max);
        }
        Ok(value)
    }

    /// The token from `first` re-read with overflow checks.
    #[cold]
    fn checked(&self, what: &str, start: usize, first: usize, min: u64, max: u64) -> Result<u64, Problem> {
        checked_digits(&self.line[first..self.pos], what, min, max)
            .map_err(|kind| Problem { offset: start, kind })
    }

    /// The problem for a missing or non-integer token at `first`.
    #[cold]
    fn not_an_integer(&mut self, what: &str, start: usize, first: usize) -> Problem {
        if first == self.line.len() {
            return end_of_line(start, what);
        }
        let mut end = first;
        while end < self.line.len() && !is_blank(self.line[end]) {
            end += 1;
        }
        let found = shorten(&self.line[first..end]);
        Problem { offset: start, kind: ErrorKind::ExpectedInteger { what: what.into(), found } }
    }

    /// The problem for a token after the last expected one of the line.
    #[cold]
    pub fn trailing(&mut self, after: &str) -> Problem {
        let start = self.skip_blanks();
        let first = self.pos;
        let mut end = first;
        while end < self.line.len() && !is_blank(self.line[end]) {
            end += 1;
        }
        Problem::msg(start, format!("line continues after {after}: '{}'", shorten(&self.line[first..end])))
    }
}

/// The problem for a line that ended where `what` was expected.
#[cold]
fn end_of_line(offset: usize, what: &str) -> Problem {
    Problem::msg(offset, format!("expected {what}, found the end of the line"))
}

/// Calls `each(line, offset)` for every line of `input[range]` (without its `\n`).
#[inline]
pub(crate) fn for_each_line(
    input: &[u8],
    range: Range<usize>,
    mut each: impl FnMut(&[u8], usize) -> Result<(), Problem>,
) -> Result<(), Problem> {
    let mut start = range.start;
    while start < range.end {
        let end = memchr::memchr(b'\n', &input[start..range.end]).map_or(range.end, |p| start + p);
        each(&input[start..end], start)?;
        start = end + 1;
    }
    Ok(())
}

/// Whether a blank line is a data line of its format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlankLines {
    /// A blank line holds data (METIS: a vertex without neighbours).
    Data,
    /// A blank line is skipped like a comment.
    Skipped,
}

/// Whether the line of `reader` holds data: not a comment (its first non-blank byte is one of
/// `comments`) and, unless `blank` says [`BlankLines::Skipped`], not blank.
#[inline]
pub(crate) fn is_data_line(reader: &mut LineReader<'_>, comments: &[u8], blank: BlankLines) -> bool {
    match reader.peek() {
        None => blank == BlankLines::Data,
        Some(b) => !comments.contains(&b),
    }
}

/// The offset of data line `index` (0-based) of `chunk` (see [`is_data_line`]).
#[cold]
pub(crate) fn nth_data_line(
    input: &[u8],
    chunk: Range<usize>,
    index: usize,
    comments: &[u8],
    blank: BlankLines,
) -> usize {
    let mut seen = 0;
    let mut found = chunk.end;
    let _ = for_each_line(input, chunk, |line, at| {
        if !is_data_line(&mut LineReader::new(line, at), comments, blank) {
            return Ok(());
        }
        if seen == index {
            found = at;
            // Stop here.
            return Err(Problem::msg(at, ""));
        }
        seen += 1;
        Ok(())
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_end_after_newlines_and_cover_the_input() {
        let input: Vec<u8> = (0..400_000).flat_map(|i| format!("{i} {}\n", i + 1).into_bytes()).collect();
        let chunks = line_chunks(&input, 3);
        assert_eq!(chunks[0].start, 3);
        assert_eq!(chunks.last().unwrap().end, input.len());
        for w in chunks.windows(2) {
            assert_eq!(w[0].end, w[1].start);
            assert_eq!(input[w[0].end - 1], b'\n');
        }
    }

    #[test]
    fn offsets_become_lines_and_columns() {
        assert_eq!(line_column(b"ab\ncd\n", 0), (1, 1));
        assert_eq!(line_column(b"ab\ncd\n", 4), (2, 2));
        assert_eq!(line_column(b"ab\ncd\n", 6), (3, 1));
    }

    #[test]
    fn line_reader_errors() {
        let mut r = LineReader::new(b" 12 x 99999999999999999999", 10);
        assert_eq!(r.uint("id", 0, 100).unwrap(), 12);
        let e = r.uint("id", 0, 100).unwrap_err();
        assert_eq!((e.offset, e.kind.to_string()), (14, "expected id, found 'x'".to_string()));
        r.skip_token("x").unwrap();
        let e = r.uint("id", 0, 100).unwrap_err();
        assert_eq!(e.kind.to_string(), "id 99999999999999999999 out of range 0..=100");
        assert!(r.at_end());
        assert_eq!(
            r.uint("id", 0, 9).unwrap_err().kind.to_string(),
            "expected id, found the end of the line"
        );
    }

    #[test]
    fn overflow_and_problems_come_in_input_order() {
        let input = [b'\n'; 10];
        let chunks: Vec<_> = (0..10).map(|i| i..i + 1).collect();
        let read = |r: Range<usize>| if r.start == 7 { Err(Problem::msg(7, "bad")) } else { Ok(((), 2)) };
        match par_chunks(&chunks, 9, read) {
            Err(Stop::Overflow { chunk, index }) => assert_eq!((chunk, index), (4..5, 1)),
            other => panic!("{other:?}"),
        }
        match par_chunks(&chunks, 100, read) {
            Err(Stop::Problem(p)) => assert_eq!(p.offset, 7),
            other => panic!("{other:?}"),
        }
        assert_eq!(input.len(), 10);
    }
}
