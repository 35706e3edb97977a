//! A whitespace-separated token reader over a whole input held as bytes.
//!
//! The scanner never allocates per token: tokens are slices of the input. It tracks the current line
//! and the byte offset where that line starts, so the column of anything is one subtraction away.
//! Integers are parsed straight from the bytes with overflow checks, which is what keeps parsing of
//! multi-megabyte inputs (segment-nim's ten million pawns) at memory speed.

use crate::error::{ErrorKind, InputError, shorten};

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

/// One whitespace-free token and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes.
    pub text: &'a [u8],
    /// Where the token starts.
    pub loc: Loc,
}

/// Reads tokens and integers from an input, reporting errors by line and column.
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, pos: 0, line: 1, line_start: 0 }
    }

    /// The current place (after the last token read; whitespace not yet skipped).
    pub fn loc(&self) -> Loc {
        Loc { line: self.line, column: self.pos - self.line_start + 1 }
    }

    /// Skips spaces, tabs, carriage returns and newlines, counting lines.
    fn skip_whitespace(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                _ => break,
            }
        }
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos >= self.bytes.len()
    }

    /// The next token, or `None` at the end of the input.
    pub fn try_token(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        let start = self.pos;
        let loc = self.loc();
        while let Some(&b) = self.bytes.get(self.pos) {
            if matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                break;
            }
            self.pos += 1;
        }
        (self.pos > start).then(|| Token { text: &self.bytes[start..self.pos], loc })
    }

    /// The next token; `what` names it in the error when the input has ended.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        self.try_token().ok_or_else(|| self.loc().error(ErrorKind::UnexpectedEnd(what.to_string())))
    }

    /// The next token as a non-negative integer in `min..=max`, with its place.
    pub fn uint_at(&mut self, what: &str, min: u64, max: u64) -> Result<(u64, Loc), InputError> {
        let token = self.token(what)?;
        let value = parse_u64(token.text).ok_or_else(|| {
            let found = shorten(token.text);
            let overflow = !token.text.is_empty() && token.text.iter().all(u8::is_ascii_digit);
            token.loc.error(if overflow {
                ErrorKind::OutOfRange { what: what.to_string(), value: found, min, max }
            } else {
                ErrorKind::ExpectedInteger { what: what.to_string(), found }
            })
        })?;
        if value < min || value > max {
            let value = value.to_string();
            return Err(token.loc.error(ErrorKind::OutOfRange { what: what.to_string(), value, min, max }));
        }
        Ok((value, token.loc))
    }

    /// The next token as a non-negative integer in `min..=max`.
    pub fn uint(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        self.uint_at(what, min, max).map(|(v, _)| v)
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

/// Parses a non-empty run of ASCII digits; `None` on any other byte or on overflow.
fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    text.iter().try_fold(0u64, |acc, &b| {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        acc.checked_mul(10)?.checked_add(u64::from(digit))
    })
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
    fn unexpected_end_is_located_at_end_of_input() {
        let mut s = Scanner::new(b"5\n");
        s.uint("n", 0, 10).unwrap();
        let e = s.uint("m", 0, 10).unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 1: unexpected end of input, expected m");
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
    fn overflow_is_out_of_range() {
        let mut s = Scanner::new(b"99999999999999999999");
        let e = s.uint("n", 1, 100).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 1: n 99999999999999999999 out of range 1..=100");
    }

    #[test]
    fn non_numbers_are_rejected() {
        for (input, found) in [(&b"x1"[..], "x1"), (b"-3", "-3"), (b"1.5", "1.5")] {
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
}
