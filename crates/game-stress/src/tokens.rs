//! Whitespace-separated tokens of an input text: what each game's parser reads.

/// Whitespace-separated tokens of an input, read in order (what each game's parser reads).
pub struct Tokens<'a> {
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a str) -> Self {
        Tokens { words: text.split_ascii_whitespace() }
    }

    /// The next token; an error naming `what` at the end of the input.
    pub fn next(&mut self, what: &str) -> Result<&'a str, String> {
        self.words.next().ok_or_else(|| format!("unexpected end of input: expected {what}"))
    }

    /// The next token as a number; an error naming `what` if it is not one in range.
    pub fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let word = self.next(what)?;
        word.parse().map_err(|_| format!("{what}: `{word}` is not a number in range"))
    }

    /// The rows of a character grid: `rows` tokens of `cols` characters each.
    pub fn grid(&mut self, rows: usize, cols: usize) -> Result<Vec<&'a [u8]>, String> {
        (0..rows)
            .map(|r| {
                let row = self.next("a board row")?.as_bytes();
                if row.len() == cols { Ok(row) } else { Err(format!("row {}: expected {cols} cells", r + 1)) }
            })
            .collect()
    }

    /// Nothing may follow the input: an error naming the first extra token.
    pub fn finish(mut self) -> Result<(), String> {
        match self.words.next() {
            None => Ok(()),
            Some(word) => Err(format!("unexpected `{word}` after the end of the input")),
        }
    }
}
