//! Boards of the king game and the HDU 3446 input format.
//!
//! Input: the number of cases, then per case `R C` and `R` rows of `C` characters: `.` free, `#`
//! blocked, `K` the king's start (free, exactly one per board). A board has at most [`MAX_CELLS`] cells.

use grid_core::{CharGrid, Dims, InputError, Pos, Scanner};

/// Largest number of cells (`R·C`) of one board.
pub const MAX_CELLS: usize = 10_000_000;

/// Largest number of boards in one input.
pub const MAX_BOARDS: usize = 1_000_000;

/// One board: its cells and the king's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    grid: CharGrid,
    start: usize,
}

impl Board {
    /// The board's size.
    pub fn dims(&self) -> Dims {
        self.grid.dims()
    }

    /// Row-major index of the `K` cell.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Whether the cell (row-major index) is free (`.` or `K`).
    #[inline]
    pub fn is_free(&self, cell: usize) -> bool {
        self.grid.cells()[cell] != b'#'
    }

    /// The cells as written: `.`, `#` or `K`, row-major.
    pub fn cells(&self) -> &[u8] {
        self.grid.cells()
    }

    /// Number of free cells.
    pub fn free_count(&self) -> usize {
        self.grid.cells().iter().filter(|&&c| c != b'#').count()
    }
}

/// Reads a whole HDU-format input: every board, then the end of the input.
pub fn parse_boards(input: &[u8]) -> Result<Vec<Board>, InputError> {
    let mut scanner = Scanner::new(input);
    let count = scanner.usize("number of cases", 0, MAX_BOARDS)?;
    // Each board takes at least 6 bytes of input, so this capacity is bounded by the input size.
    let mut boards = Vec::with_capacity(count.min(input.len() / 6 + 1));
    for _ in 0..count {
        boards.push(parse_board(&mut scanner)?);
    }
    scanner.finish()?;
    Ok(boards)
}

/// Reads one `R C` header and its rows.
fn parse_board(scanner: &mut Scanner<'_>) -> Result<Board, InputError> {
    let (grid, start) = read_king_grid(scanner, b".#K")?;
    Ok(Board { grid, start })
}

/// Reads one `R C` header and its rows over `alphabet` (which holds `K`), checks that exactly one
/// cell is `K`, and returns the grid with the row-major index of that cell.
pub(crate) fn read_king_grid(
    scanner: &mut Scanner<'_>,
    alphabet: &[u8],
) -> Result<(CharGrid, usize), InputError> {
    let rows = scanner.usize("number of rows", 1, MAX_CELLS)?;
    let (cols, cols_loc) = scanner.uint_at("number of columns", 1, MAX_CELLS as u64)?;
    let cols = cols as usize;
    if rows * cols > MAX_CELLS {
        return Err(cols_loc.msg(format!("a {rows}x{cols} board exceeds the limit of {MAX_CELLS} cells")));
    }
    let dims = Dims::new(rows, cols);
    let grid = CharGrid::read(scanner, dims, alphabet)?;
    let mut kings = grid.find_all(b'K');
    let (first, second) = (kings.next(), kings.next());
    drop(kings);
    let Some(start) = first else {
        return Err(grid.loc_of(Pos::new(0, 0)).msg("the board has no 'K'"));
    };
    if let Some(second) = second {
        let first = dims.pos(start);
        let message = format!(
            "a second 'K' (the first is at row {}, column {} of the board)",
            first.row + 1,
            first.col + 1
        );
        return Err(grid.loc_of(dims.pos(second)).msg(message));
    }
    Ok((grid, start))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse_boards(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn parses_boards() {
        let boards = parse_boards(b"2\n1 2\nK.\n2 2\n#.\n.K\n").unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!((boards[0].start(), boards[0].free_count()), (0, 2));
        assert_eq!((boards[1].start(), boards[1].free_count()), (3, 3));
        assert!(!boards[1].is_free(0) && boards[1].is_free(3));
        assert_eq!(boards[1].dims(), Dims::new(2, 2));
    }

    #[test]
    fn king_count_errors_are_located() {
        assert_eq!(error("1\n2 2\n..\n..\n"), "line 3, column 1: the board has no 'K'");
        assert_eq!(
            error("1\n2 3\n.K.\n..K\n"),
            "line 4, column 3: a second 'K' (the first is at row 1, column 2 of the board)"
        );
    }

    #[test]
    fn shape_errors_are_located() {
        assert_eq!(error("1\n2 2\nK.\n.\n"), "line 4, column 1: row has 1 character, expected 2");
        assert_eq!(error("1\n1 2\nKx\n"), "line 3, column 2: unexpected character 'x'");
        assert_eq!(
            error("1\n3163 3162\n"),
            "line 2, column 6: a 3163x3162 board exceeds the limit of 10000000 cells"
        );
        assert!(error("2\n1 1\nK\n").contains("unexpected end of input"));
        assert!(error("1\n1 1\nK\nK\n").starts_with("line 4, column 1: unexpected trailing input"));
    }
}
