//! Character grids read from the input: R rows of exactly C characters from an allowed alphabet.

use crate::error::{ErrorKind, InputError};
use crate::geometry::{Dims, Pos};
use crate::scanner::{Loc, Scanner};

/// A board of characters, stored row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharGrid {
    dims: Dims,
    cells: Vec<u8>,
    /// Where each row's token starts in the input. Rows are whitespace-separated tokens, so a row
    /// need not start its own line: cell locations are derived from these, never from line arithmetic.
    row_starts: Vec<Loc>,
}

impl CharGrid {
    /// Reads `dims.rows` rows, each one token of exactly `dims.cols` bytes from `alphabet`.
    ///
    /// Errors: a missing row (unexpected end), a row of the wrong length (located at the row), a byte
    /// outside the alphabet (located at that byte), a tab inside a row (`unexpected tab`, at the
    /// tab: a row too short that a tab on its line continues).
    pub fn read(scanner: &mut Scanner<'_>, dims: Dims, alphabet: &[u8]) -> Result<Self, InputError> {
        // Room only for what the rest of the input can hold (a row is a character and the
        // whitespace before it at least): a header claiming a huge grid on a short input reserves
        // nothing more, and fails at its missing rows.
        let room = scanner.rest().len();
        let mut cells = Vec::with_capacity(dims.cells().min(room));
        let mut row_starts = Vec::with_capacity(dims.rows.min(room / 2));
        for row in 0..dims.rows {
            let what = format!("grid row {} of {} characters", row + 1, dims.cols);
            let token = scanner.token(&what)?;
            row_starts.push(token.loc);
            if let Some(i) = token.text.iter().position(|b| !alphabet.contains(b)) {
                let loc = Loc { line: token.loc.line, column: token.loc.column + i };
                return Err(loc.error(unexpected(&token.text[i..])));
            }
            if token.text.len() < dims.cols && scanner.rest().first() == Some(&b'\t') {
                let loc = Loc { line: token.loc.line, column: token.loc.column + token.text.len() };
                return Err(loc.error(ErrorKind::UnexpectedChar('\t')));
            }
            if token.text.len() != dims.cols {
                let kind = ErrorKind::RowLength { expected: dims.cols, got: token.text.len() };
                return Err(token.loc.error(kind));
            }
            cells.extend_from_slice(token.text);
        }
        Ok(Self { dims, cells, row_starts })
    }

    /// The grid's size.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// All characters, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Row-major indices of the cells holding `ch`.
    pub fn find_all(&self, ch: u8) -> impl Iterator<Item = usize> + '_ {
        self.cells.iter().enumerate().filter(move |&(_, &c)| c == ch).map(|(i, _)| i)
    }

    /// The input location of the cell at `pos` (for errors about a cell's content).
    pub fn loc_of(&self, pos: Pos) -> Loc {
        let start = self.row_starts[pos.row];
        Loc { line: start.line, column: start.column + pos.col }
    }
}

/// The error for the character starting `bytes` (which is non-empty): the UTF-8 character, or
/// the byte when none starts there.
fn unexpected(bytes: &[u8]) -> ErrorKind {
    let end = bytes.len().min(4);
    (1..=end)
        .find_map(|n| std::str::from_utf8(&bytes[..n]).ok().and_then(|s| s.chars().next()))
        .map_or(ErrorKind::UnexpectedByte(bytes[0]), ErrorKind::UnexpectedChar)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str, rows: usize, cols: usize) -> Result<CharGrid, String> {
        CharGrid::read(&mut Scanner::new(input.as_bytes()), Dims::new(rows, cols), b".#X")
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_a_grid() {
        let g = read(".#\nX.\n", 2, 2).unwrap();
        assert_eq!(g.cells(), b".#X.");
        assert_eq!(g.find_all(b'.').collect::<Vec<_>>(), vec![0, 3]);
        assert_eq!(g.loc_of(Pos::new(1, 1)), Loc { line: 2, column: 2 });
    }

    #[test]
    fn cell_locations_follow_the_rows_wherever_they_stand() {
        let g = read("..\n\n  .X .#\n", 3, 2).unwrap();
        assert_eq!(g.loc_of(Pos::new(0, 1)), Loc { line: 1, column: 2 });
        assert_eq!(g.loc_of(Pos::new(1, 1)), Loc { line: 3, column: 4 });
        assert_eq!(g.loc_of(Pos::new(2, 0)), Loc { line: 3, column: 6 });
    }

    #[test]
    fn bad_character_is_located() {
        assert_eq!(read("..\n.Z\n", 2, 2).unwrap_err(), "line 2, column 2: unexpected character 'Z'");
        assert_eq!(read("..\n.é\n", 2, 2).unwrap_err(), "line 2, column 2: unexpected character 'é'");
        let e = CharGrid::read(&mut Scanner::new(b"..\n.\xff\n"), Dims::new(2, 2), b".").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 2: unexpected byte '\\xff'");
    }

    #[test]
    fn a_tab_inside_a_row_is_named() {
        assert_eq!(read("..\n.\t.\n", 2, 2).unwrap_err(), "line 2, column 2: unexpected tab");
        // Rows may stand on one line, separated by any whitespace.
        assert_eq!(read("..\t.#\n", 2, 2).unwrap().cells(), b"...#");
    }

    #[test]
    fn wrong_row_lengths() {
        assert_eq!(read("..\n.\n", 2, 2).unwrap_err(), "line 2, column 1: row has 1 character, expected 2");
        assert_eq!(
            read("...\n..\n", 2, 2).unwrap_err(),
            "line 1, column 1: row has 3 characters, expected 2"
        );
    }

    #[test]
    fn missing_rows() {
        assert_eq!(
            read("..\n", 2, 2).unwrap_err(),
            "line 2, column 1: unexpected end of input, expected grid row 2 of 2 characters"
        );
    }
}
