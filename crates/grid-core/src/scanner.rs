//! A whitespace-separated token reader over a whole input held as bytes.
//!
//! The scanner never allocates per token: tokens are slices of the input. Reading only moves a
//! byte offset; lines are not counted while reading. A line and column ([`Loc`]) is computed from
//! a byte offset when it is asked for: by [`Token::loc`], [`Scanner::uint_at`], or for an error.
//! The line bookkeeping remembers where it last stopped, so places asked for in input order cost
//! one pass over the input in all. The hot loops of the big inputs (segment-nim's ten million
//! pawns, edmonds-blossom's million-vertex graphs) ask for none: [`Scanner::uint_mark`] returns a
//! [`Mark`], a bare byte offset, that becomes a [`Loc`] ([`Scanner::loc_at`]) only when an error is
//! reported.
//!
//! Integers are parsed straight from the bytes, eight digits at a time while they last, in the same
//! sweep that finds the token's end, with overflow checks.

use crate::error::{ErrorKind, InputError, checked_digits, shorten};

/// A place in the input: 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loc {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (bytes).
    pub column: usize,
}

impl Loc {
    /// An error of `kind` at this place.
    pub fn error(self, kind: ErrorKind) -> InputError {
        InputError::new(self.line, self.column, kind)
    }

    /// An error with a free-form message at this place.
    pub fn msg(self, message: impl Into<String>) -> InputError {
        InputError::msg(self.line, self.column, message)
    }
}

/// A place in the input kept as its byte offset: free to keep for every token, and made a [`Loc`]
/// by [`Scanner::loc_at`] only when an error about it is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mark(usize);

impl Mark {
    /// The byte offset from the start of the input.
    pub const fn offset(self) -> usize {
        self.0
    }
}

/// One whitespace-free token and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes.
    pub text: &'a [u8],
    /// Where the token starts.
    pub loc: Loc,
}

/// Reads tokens and integers from an input, reporting errors by line and column.
///
/// Whitespace is space, tab, carriage return and line feed; a token is a maximal run of other
/// bytes. Errors name what was expected (`what`) and are located at the offending token, or at the
/// end of the input when it ended too early.
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    bytes: &'a [u8],
    /// Where reading continues.
    pos: usize,
    /// Line bookkeeping, advanced only when a place is located: `lines.counted` bytes are counted.
    lines: LineCount,
}

/// How many lines start before byte `counted`, and where the last of them starts.
#[derive(Debug, Clone, Copy)]
struct LineCount {
    counted: usize,
    line: usize,
    line_start: usize,
}

impl LineCount {
    const START: Self = Self { counted: 0, line: 1, line_start: 0 };

    /// The count moved on to `offset` (at or after `counted`) of `bytes`.
    fn advanced(self, bytes: &[u8], offset: usize) -> Self {
        let between = &bytes[self.counted..offset];
        match between.iter().rposition(|&b| b == b'\n') {
            None => Self { counted: offset, ..self },
            Some(last) => {
                let newlines = between.iter().filter(|&&b| b == b'\n').count();
                Self { counted: offset, line: self.line + newlines, line_start: self.counted + last + 1 }
            }
        }
    }

    /// The line and column of `counted`.
    fn loc(self) -> Loc {
        Loc { line: self.line, column: self.counted - self.line_start + 1 }
    }
}

/// Whether `b` separates tokens.
#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// More digits than this may overflow a `u64` (19 nines do not).
const SAFE_DIGITS: usize = 19;

impl<'a> Scanner<'a> {
    /// A scanner at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, pos: 0, lines: LineCount::START }
    }

    /// The current place (after the last token read; whitespace not yet skipped).
    pub fn loc(&self) -> Loc {
        self.loc_at(Mark(self.pos))
    }

    /// The line and column of `mark` (a mark of this scanner's input).
    pub fn loc_at(&self, mark: Mark) -> Loc {
        let offset = mark.0.min(self.bytes.len());
        let from = if offset >= self.lines.counted { self.lines } else { LineCount::START };
        from.advanced(self.bytes, offset).loc()
    }

    /// The line and column of `offset` (at or after the current position's line bookkeeping),
    /// remembering the count so that the next place in input order starts from here.
    fn locate(&mut self, offset: usize) -> Loc {
        if offset < self.lines.counted {
            return self.loc_at(Mark(offset));
        }
        self.lines = self.lines.advanced(self.bytes, offset);
        self.lines.loc()
    }

    /// The offset of the next non-whitespace byte at or after `pos` (the input's length if none).
    #[inline]
    fn skip_whitespace_from(&self, mut pos: usize) -> usize {
        while pos < self.bytes.len() && is_space(self.bytes[pos]) {
            pos += 1;
        }
        pos
    }

    /// The end of the token starting at `start`.
    fn token_end(&self, start: usize) -> usize {
        let rest = &self.bytes[start..];
        start + rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len())
    }

    /// The input after the current place (after the last token read; whitespace not yet skipped).
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.pos..]
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.pos = self.skip_whitespace_from(self.pos);
        self.pos >= self.bytes.len()
    }

    /// Where the next token starts and ends, or `None` at the end of the input.
    fn next_token(&self) -> Option<(usize, usize)> {
        let start = self.skip_whitespace_from(self.pos);
        (start < self.bytes.len()).then(|| (start, self.token_end(start)))
    }

    /// The next token, without consuming it (`None` at the end of the input): reading goes on
    /// from the same place as before.
    pub fn peek(&mut self) -> Option<Token<'a>> {
        let (start, end) = self.next_token()?;
        Some(Token { text: &self.bytes[start..end], loc: self.locate(start) })
    }

    /// The next token, or `None` at the end of the input.
    pub fn try_token(&mut self) -> Option<Token<'a>> {
        let Some((start, end)) = self.next_token() else {
            self.pos = self.bytes.len();
            return None;
        };
        self.pos = end;
        Some(Token { text: &self.bytes[start..end], loc: self.locate(start) })
    }

    /// The next token; `what` names it in the error when the input has ended.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        match self.try_token() {
            Some(token) => Ok(token),
            None => Err(self.loc().error(ErrorKind::UnexpectedEnd(what.to_string()))),
        }
    }

    /// The next token as a non-negative integer in `min..=max`, and where it starts as a [`Mark`]
    /// (no line counting: the reader for large inputs). `what` names the integer in errors.
    #[inline]
    pub fn uint_mark(&mut self, what: &str, min: u64, max: u64) -> Result<(u64, Mark), InputError> {
        let bytes = self.bytes;
        let start = self.skip_whitespace_from(self.pos);
        let mut pos = start;
        let mut value: u64 = 0;
        // Eight digits at a time while they last, then one at a time.
        while let Some(chunk) = bytes.get(pos..pos + 8) {
            let Some(eight) = eight_digits(chunk) else { break };
            value = value.wrapping_mul(100_000_000).wrapping_add(eight);
            pos += 8;
        }
        while let Some(&b) = bytes.get(pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            // Wrapping is harmless: more than SAFE_DIGITS digits are re-read with checks below.
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            pos += 1;
        }
        if pos == start || bytes.get(pos).is_some_and(|&b| !is_space(b)) {
            return Err(self.not_an_integer(what, start));
        }
        self.pos = pos;
        if pos - start > SAFE_DIGITS || value < min || value > max {
            return self.checked(what, start, min, max).map(|v| (v, Mark(start)));
        }
        Ok((value, Mark(start)))
    }

    /// The all-digit token from `start` to the current position, re-read with overflow checks:
    /// its value if it lies in `min..=max`, else the out-of-range error.
    #[cold]
    fn checked(&mut self, what: &str, start: usize, min: u64, max: u64) -> Result<u64, InputError> {
        checked_digits(&self.bytes[start..self.pos], what, min, max)
            .map_err(|kind| self.locate(start).error(kind))
    }

    /// The error for a missing or non-integer token at `start`; the token is consumed.
    #[cold]
    fn not_an_integer(&mut self, what: &str, start: usize) -> InputError {
        self.pos = self.token_end(start);
        let loc = self.locate(start);
        if start >= self.bytes.len() {
            return loc.error(ErrorKind::UnexpectedEnd(what.to_string()));
        }
        let found = shorten(&self.bytes[start..self.pos]);
        loc.error(ErrorKind::ExpectedInteger { what: what.to_string(), found })
    }

    /// The next token as a non-negative integer in `min..=max`, with its place.
    pub fn uint_at(&mut self, what: &str, min: u64, max: u64) -> Result<(u64, Loc), InputError> {
        let (value, mark) = self.uint_mark(what, min, max)?;
        Ok((value, self.locate(mark.0)))
    }

    /// The next token as a non-negative integer in `min..=max`.
    pub fn uint(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        self.uint_mark(what, min, max).map(|(v, _)| v)
    }

    /// The next token as a `usize` in `min..=max`.
    pub fn usize(&mut self, what: &str, min: usize, max: usize) -> Result<usize, InputError> {
        // usize -> u64 is lossless on every supported target, and the result is <= max.
        self.uint(what, min as u64, max as u64).map(|v| v as usize)
    }

    /// Fails with `TrailingInput` unless only whitespace is left.
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.try_token() {
            None => Ok(()),
            Some(t) => Err(t.loc.error(ErrorKind::TrailingInput(shorten(t.text)))),
        }
    }
}

/// The value of 8 bytes if they are all ASCII digits (SWAR: all eight in one `u64`).
#[inline]
fn eight_digits(chunk: &[u8]) -> Option<u64> {
    let word = u64::from_le_bytes(chunk.try_into().ok()?);
    // Every byte is in 0x30..=0x39 iff its high nibble is 3 and adding 6 does not carry into it.
    let high = word & 0xF0F0_F0F0_F0F0_F0F0;
    let carried = word.wrapping_add(0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0;
    if high != 0x3030_3030_3030_3030 || carried != 0x3030_3030_3030_3030 {
        return None;
    }
    // The first digit is the lowest byte: combine neighbours into 2-, 4-, then 8-digit groups.
    let digits = word - 0x3030_3030_3030_3030;
    let pairs = (digits.wrapping_mul(10) + (digits >> 8)) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs.wrapping_mul(100) + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    Some((quads.wrapping_mul(10_000) + (quads >> 32)) & 0xFFFF_FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_place() {
        let mut s = Scanner::new(b"  ab\r\n\n  cd e");
        let t = s.token("x").unwrap();
        assert_eq!((t.text, t.loc), (&b"ab"[..], Loc { line: 1, column: 3 }));
        let t = s.token("x").unwrap();
        assert_eq!((t.text, t.loc), (&b"cd"[..], Loc { line: 3, column: 3 }));
        let t = s.token("x").unwrap();
        assert_eq!(t.loc, Loc { line: 3, column: 6 });
        assert!(s.at_end());
    }

    #[test]
    fn peek_does_not_consume() {
        let mut s = Scanner::new(b"7\n red  8");
        assert_eq!(s.uint("a", 0, 9).unwrap(), 7);
        let t = s.peek().unwrap();
        assert_eq!((t.text, t.loc), (&b"red"[..], Loc { line: 2, column: 2 }));
        assert_eq!(s.peek(), Some(t));
        assert_eq!(s.loc(), Loc { line: 1, column: 2 });
        assert_eq!(s.token("b").unwrap(), t);
        assert_eq!(s.uint_at("c", 0, 9).unwrap(), (8, Loc { line: 2, column: 7 }));
        assert_eq!(s.peek(), None);
        assert!(s.at_end());
    }

    #[test]
    fn marks_locate_in_any_order() {
        let mut s = Scanner::new(b"1\n22\r\n\n 333\n");
        let marks: Vec<Mark> = (0..3).map(|_| s.uint_mark("n", 0, 999).unwrap().1).collect();
        assert_eq!(marks.iter().map(|m| m.offset()).collect::<Vec<_>>(), [0, 2, 8]);
        let expected = [Loc { line: 1, column: 1 }, Loc { line: 2, column: 1 }, Loc { line: 4, column: 2 }];
        for (&mark, want) in marks.iter().zip(expected).rev() {
            assert_eq!(s.loc_at(mark), want);
        }
        // The line count has moved on past the first marks: they are still located right.
        assert!(s.finish().is_ok());
        assert_eq!(s.loc(), Loc { line: 5, column: 1 });
        assert_eq!(s.loc_at(marks[1]), expected[1]);
    }

    #[test]
    fn unexpected_end_is_located_at_end_of_input() {
        let mut s = Scanner::new(b"5\n");
        s.uint("n", 0, 10).unwrap();
        let e = s.uint("m", 0, 10).unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 1: unexpected end of input, expected m");
        let e = Scanner::new(b" \n\n  ").token("row").unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 3: unexpected end of input, expected row");
    }

    #[test]
    fn integers_parse_and_check_range() {
        let mut s = Scanner::new(b"18446744073709551615 7 17");
        assert_eq!(s.uint("a", 0, u64::MAX).unwrap(), u64::MAX);
        assert_eq!(s.usize("b", 2, 16).unwrap(), 7);
        let e = s.uint("n", 2, 16).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 24: n 17 out of range 2..=16");
    }

    #[test]
    fn long_integers() {
        let mut s =
            Scanner::new(b"123456789012345678 1000000000000000000 00000000000000000000000000007 12345678");
        assert_eq!(s.uint("p", 0, u64::MAX).unwrap(), 123_456_789_012_345_678);
        assert_eq!(s.uint("p", 0, u64::MAX).unwrap(), 1_000_000_000_000_000_000);
        assert_eq!(s.uint("p", 0, u64::MAX).unwrap(), 7);
        assert_eq!(s.uint("p", 0, u64::MAX).unwrap(), 12_345_678);
        // Out of range values are shown as numbers, without leading zeros.
        let e = Scanner::new(b"\n 0000000000000000000000000017").uint("n", 2, 16).unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 2: n 17 out of range 2..=16");
        let e = Scanner::new(b"000012").uint("n", 2, 9).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 1: n 12 out of range 2..=9");
    }

    #[test]
    fn overflow_is_out_of_range() {
        let mut s = Scanner::new(b"99999999999999999999");
        let e = s.uint("n", 1, 100).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 1: n 99999999999999999999 out of range 1..=100");
        let e = Scanner::new(b"18446744073709551616").uint("n", 0, u64::MAX).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("line 1, column 1: n 18446744073709551616 out of range 0..={}", u64::MAX)
        );
        let e = Scanner::new(&[b'9'; 30]).uint("n", 0, 1).unwrap_err();
        assert_eq!(e.to_string(), format!("line 1, column 1: n {}... out of range 0..=1", "9".repeat(20)));
    }

    #[test]
    fn non_numbers_are_rejected() {
        for (input, found) in [
            (&b"x1"[..], "x1"),
            (b"-3", "-3"),
            (b"1.5", "1.5"),
            (b"12x 3", "12x"),
            (b"12345678x", "12345678x"),
            (b"5\xc3\xa9", "5é"),
            (b"7\x1b[0m", "7\\u{1b}[0m"),
        ] {
            let e = Scanner::new(input).uint("count", 0, 9).unwrap_err();
            assert_eq!(e.to_string(), format!("line 1, column 1: expected count, found '{found}'"));
        }
    }

    #[test]
    fn trailing_input_is_reported() {
        let mut s = Scanner::new(b"1\n 2 junk");
        s.uint("a", 0, 9).unwrap();
        s.uint("b", 0, 9).unwrap();
        assert_eq!(s.finish().unwrap_err().to_string(), "line 2, column 4: unexpected trailing input 'junk'");
        assert!(Scanner::new(b" \n").finish().is_ok());
    }

    #[test]
    fn eight_digit_groups() {
        assert_eq!(eight_digits(b"12345678"), Some(12_345_678));
        assert_eq!(eight_digits(b"00000009"), Some(9));
        assert_eq!(eight_digits(b"99999999"), Some(99_999_999));
        for bad in [&b"1234567 "[..], b"/2345678", b"1234567:", b"12a45678", b"\xff2345678"] {
            assert_eq!(eight_digits(bad), None, "{bad:?}");
        }
    }
}
