//! The edits applied to corpus inputs, and the format-independent text they splice in.
//!
//! A [`Mutation`] names its positions by [`Index`]es, resolved against the input when it is applied
//! ([`Corpus::apply`](crate::Corpus::apply), which also knows the format's alphabet).

use proptest::prelude::*;
use proptest::sample::Index;

/// Text spliced into inputs of every format: numbers around every limit and overflow boundary,
/// signs, whitespace of every kind, control and non-ASCII characters. A format's own characters and
/// words come from its [`Corpus`](crate::Corpus) ([`cells`](crate::Corpus::cells) and
/// [`words`](crate::Corpus::words)).
pub const FRAGMENTS: &[&str] = &[
    "99999999999999999999",
    "18446744073709551616",
    "18446744073709551615",
    "4294967296",
    "4294967295",
    "2147483648",
    "65536",
    "257",
    "256",
    "17",
    "16",
    "-1",
    "-0",
    "+1",
    "0",
    "1",
    "2",
    "007",
    "1e9",
    "0x10",
    " ",
    "\n",
    "\r\n",
    "\t",
    "\x0b",
    "\x0c",
    "\0",
    "é",
    "\u{feff}",
    "\u{ff11}",
    "\u{1F600}",
    "\u{7f}",
];

/// The bytes [`Mutation::InsertByte`] and [`Mutation::ReplaceByte`] favour in every format (digits,
/// whitespace, a sign); a corpus adds its board cells.
pub const BYTES: &[u8] = b"0123456789 \n\t\r-";

/// One edit of an input. Positions are [`Index`]es, resolved against the input's current length.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Deletes one byte.
    DeleteByte(Index),
    /// Deletes up to the given number of bytes.
    DeleteRange(Index, usize),
    /// Inserts one byte (the end of the input is an insertion point).
    InsertByte(Index, u8),
    /// Inserts a text (one of [`FRAGMENTS`] or of the corpus's [`words`](crate::Corpus::words)).
    Insert(Index, &'static str),
    /// Replaces one byte.
    ReplaceByte(Index, u8),
    /// Replaces the i-th board character (one of [`Corpus::cells`](crate::Corpus::cells)) by another
    /// one: keeps many inputs valid.
    ReplaceCell(Index, u8),
    /// Cuts the input short.
    Truncate(Index),
    /// Repeats a line right after itself.
    DuplicateLine(Index),
    /// Deletes a line with its newline.
    DeleteLine(Index),
    /// Swaps two whitespace-separated tokens.
    SwapTokens(Index, Index),
    /// Replaces a whitespace-separated token by a text (one of [`FRAGMENTS`] or of the corpus's
    /// [`words`](crate::Corpus::words)).
    ReplaceToken(Index, &'static str),
}

/// A byte to insert or write: half of the time one of [`BYTES`] or of `cells`, else any byte.
pub(crate) fn byte(cells: &[u8]) -> impl Strategy<Value = u8> + use<> {
    let favoured: Vec<u8> = BYTES.iter().chain(cells).copied().collect();
    prop_oneof![prop::sample::select(favoured), any::<u8>()]
}

/// The byte ranges of the whitespace-separated tokens (the scanner's whitespace).
pub fn token_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, b) in input.iter().enumerate() {
        match (matches!(b, b' ' | b'\t' | b'\r' | b'\n'), start) {
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, input.len()));
    }
    spans
}

/// The byte ranges of the lines, each with its newline.
pub fn line_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in input.iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < input.len() {
        spans.push((start, input.len()));
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_of_tokens_and_lines() {
        assert_eq!(token_spans(b" ab\t c\n"), vec![(1, 3), (5, 6)]);
        assert_eq!(token_spans(b"x"), vec![(0, 1)]);
        assert_eq!(line_spans(b"a\nbc"), vec![(0, 2), (2, 4)]);
        assert_eq!(line_spans(b""), vec![]);
    }
}
