//! The one error type every solver reports bad input with.

use std::fmt;

/// What is wrong with the input at a given place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A token was expected (its description is given) but the input ended.
    #[error("unexpected end of input, expected {0}")]
    UnexpectedEnd(String),
    /// A token that should be a non-negative integer is not one.
    #[error("expected {what}, found '{found}'")]
    ExpectedInteger {
        /// What the integer means ("number of rows", ...).
        what: String,
        /// The offending token, shortened to at most 20 characters.
        found: String,
    },
    /// An integer outside its allowed range.
    #[error("{what} {value} out of range {min}..={max}")]
    OutOfRange {
        /// What the integer means.
        what: String,
        /// The value read (as text, so huge values are shown as written).
        value: String,
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
    },
    /// A character that is not allowed at this place (a tab reads `unexpected tab`).
    #[error("{}", unexpected_char(*.0))]
    UnexpectedChar(char),
    /// A byte that does not start a UTF-8 character, shown escaped (`'\xff'`).
    #[error("unexpected byte '\\x{0:02x}'")]
    UnexpectedByte(u8),
    /// A grid row of the wrong length.
    #[error("row has {got} {}, expected {expected}", if *.got == 1 { "character" } else { "characters" })]
    RowLength {
        /// Characters required.
        expected: usize,
        /// Characters found.
        got: usize,
    },
    /// Input continues after everything was read.
    #[error("unexpected trailing input '{0}'")]
    TrailingInput(String),
    /// Any other problem, described in words.
    #[error("{0}")]
    Other(String),
}

/// A problem in the input, located by 1-based line and column.
///
/// `Display` prints `line L, column C: message`, the format every solver uses on stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (byte offset within the line plus one).
    pub column: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl InputError {
    /// An error of `kind` at `line`, `column`.
    pub fn new(line: usize, column: usize, kind: ErrorKind) -> Self {
        Self { line, column, kind }
    }

    /// An error described by a free-form message.
    pub fn msg(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self::new(line, column, ErrorKind::Other(message.into()))
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for InputError {}

/// The value of an all-digit token if it lies in `min..=max`, else the out-of-range error for it.
/// A value that fits in `u64` is shown as a number (without leading zeros), one that does not as
/// written. The slow path of the integer readers, run only when the fast path saw an overflow or a
/// value out of range.
#[cold]
pub fn checked_digits(digits: &[u8], what: &str, min: u64, max: u64) -> Result<u64, ErrorKind> {
    let value = digits.iter().try_fold(0u64, |acc, &b| acc.checked_mul(10)?.checked_add(u64::from(b - b'0')));
    match value {
        Some(v) if (min..=max).contains(&v) => Ok(v),
        _ => {
            let value = value.map_or_else(|| shorten(digits), |v| v.to_string());
            Err(ErrorKind::OutOfRange { what: what.to_string(), value, min, max })
        }
    }
}

/// Shortens a token for an error message (at most 20 bytes, lossy UTF-8, made [`printable`]).
pub fn shorten(bytes: &[u8]) -> String {
    let text = printable(&bytes[..bytes.len().min(20)]);
    if bytes.len() > 20 { text + "..." } else { text }
}

/// Input text made safe for a terminal: control and other non-printable characters escaped
/// (`\u{1b}`, `\t`, …) and bytes that are not UTF-8 shown as `\xff`, so that an error message
/// never copies them to stderr.
pub fn printable(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.extend(chunk.valid().chars().map(printable_char));
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    text
}

/// The message of [`ErrorKind::UnexpectedChar`]: `unexpected tab`, `unexpected space`, or the
/// character quoted and made printable.
fn unexpected_char(c: char) -> String {
    match c {
        '\t' => "unexpected tab".into(),
        ' ' => "unexpected space".into(),
        c => format!("unexpected character '{}'", printable_char(c)),
    }
}

/// One character made safe for a terminal (see [`printable`]).
fn printable_char(c: char) -> String {
    if c.is_control() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{feff}') {
        c.escape_default().to_string()
    } else {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_line_and_column() {
        let e = InputError::new(3, 7, ErrorKind::UnexpectedChar('Z'));
        assert_eq!(e.to_string(), "line 3, column 7: unexpected character 'Z'");
    }

    #[test]
    fn out_of_range_message() {
        let kind = ErrorKind::OutOfRange { what: "n".into(), value: "17".into(), min: 2, max: 16 };
        assert_eq!(InputError::new(1, 1, kind).to_string(), "line 1, column 1: n 17 out of range 2..=16");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(shorten(b"a\x1b[31mb\x0b"), "a\\u{1b}[31mb\\u{b}");
        let e = InputError::new(1, 2, ErrorKind::UnexpectedChar('\x1b'));
        assert_eq!(e.to_string(), "line 1, column 2: unexpected character '\\u{1b}'");
        assert_eq!(printable("é\t".as_bytes()), "é\\t");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_shown_escaped() {
        assert_eq!(printable(b"a\xffb\xc3"), "a\\xffb\\xc3");
        assert_eq!(
            InputError::new(1, 2, ErrorKind::UnexpectedByte(0xff)).to_string(),
            "line 1, column 2: unexpected byte '\\xff'"
        );
        assert_eq!(ErrorKind::UnexpectedChar('\t').to_string(), "unexpected tab");
    }

    #[test]
    fn shorten_long_tokens() {
        assert_eq!(shorten(b"abc"), "abc");
        assert_eq!(shorten(&[b'x'; 30]), format!("{}...", "x".repeat(20)));
    }
}
