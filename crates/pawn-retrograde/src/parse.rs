//! Reading the input: a line `id T`, then T boards, each `n m` and n rows of m characters from `.#XO`.
//!
//! The `query` input ([`parse_positions`]) is the same format, where each size line `n m` may carry a
//! third token `red` or `black` (the side to move; default `red`) and the black pawn may stand in
//! row 1 (a finished game). Everything is checked before anything is solved; the first problem is
//! reported by line and column.

use grid_core::{CharGrid, Dims, InputError, Loc, Pos, Scanner};

use crate::board::{Board, MAX_CELLS};
use crate::cellset::CellSet;
use crate::position::Position;
use crate::solve::memory_needed;
use crate::space::{Side, stored_cells};

/// Which of the two input formats is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// The judge's format: start positions, Red to move, the pawn never in row 1.
    Start,
    /// The `query` format: an optional side to move, the pawn anywhere.
    Query,
}

/// Parses a whole input file into its boards.
pub fn parse_input(bytes: &[u8]) -> Result<Vec<Board>, InputError> {
    parse_input_within(bytes, u64::MAX)
}

/// [`parse_input`], refusing (at its size line) a board whose solve needs more than
/// `memory_limit` bytes ([`crate::solve::memory_needed`]), before anything of that size is
/// allocated.
pub fn parse_input_within(bytes: &[u8], memory_limit: u64) -> Result<Vec<Board>, InputError> {
    let mut scanner = Scanner::new(bytes);
    scanner.token("file label")?;
    // Boards are pushed one by one (never preallocated from `count`), so a huge count on a short file
    // only leads to an "unexpected end" error.
    let count = scanner.uint("number of boards", 0, u64::MAX)?;
    let mut boards = Vec::new();
    for _ in 0..count {
        boards.push(parse_board(&mut scanner, Format::Start, memory_limit)?.0);
    }
    scanner.finish()?;
    Ok(boards)
}

/// Parses a whole `query` input: a line `id T`, then T positions, each `n m [red|black]` and n rows
/// of m characters from `.#XO` (one `X`, two `O`; the `X` may stand in row 1).
///
/// A black pawn sharing a cell with a red piece (a capture: the game is over), a piece on an
/// obstacle or two red pieces on one cell cannot be written in this format (one character per
/// cell), so every position read is a valid [`Position`] (see [`Board::new`]).
pub fn parse_positions(bytes: &[u8]) -> Result<Vec<Position>, InputError> {
    parse_positions_within(bytes, u64::MAX)
}

/// [`parse_positions`], refusing (at its size line) a board whose solve needs more than
/// `memory_limit` bytes, as [`parse_input_within`] does.
pub fn parse_positions_within(bytes: &[u8], memory_limit: u64) -> Result<Vec<Position>, InputError> {
    let mut scanner = Scanner::new(bytes);
    scanner.token("file label")?;
    let count = scanner.uint("number of positions", 0, u64::MAX)?;
    let mut positions = Vec::new();
    for _ in 0..count {
        let (board, to_move) = parse_board(&mut scanner, Format::Query, memory_limit)?;
        positions.push(Position::new(board, to_move));
    }
    scanner.finish()?;
    Ok(positions)
}

/// Parses one board: its size line (with the side to move in the query format) and its rows.
/// Returns the board and the side to move.
fn parse_board(
    scanner: &mut Scanner<'_>,
    format: Format,
    memory_limit: u64,
) -> Result<(Board, Side), InputError> {
    let (rows, size_loc) = scanner.uint_at("number of rows", 2, MAX_CELLS as u64)?;
    let cols = scanner.uint("number of columns", 1, MAX_CELLS as u64)?;
    let to_move = match format {
        Format::Start => Side::Red,
        Format::Query => side_to_move(scanner)?,
    };
    // Both are at most MAX_CELLS, so the product cannot overflow and the casts are lossless.
    let (rows, cols) = (rows as usize, cols as usize);
    if rows * cols > MAX_CELLS {
        // What the same board would need without obstacles (the mirror reduction halving it).
        let needed = memory_needed(rows * cols, rows * cols.div_ceil(2));
        let message = format!(
            "board of {rows}×{cols} = {} cells is larger than {MAX_CELLS} cells (its solve would need {})",
            rows * cols,
            human_bytes(needed)
        );
        return Err(size_loc.msg(message));
    }
    let grid = CharGrid::read(scanner, Dims::new(rows, cols), b".#XO")?;
    let board = board_from_grid(&grid, format)?;
    let needed = memory_needed(board.open().len(), stored_cells(&board));
    if needed > memory_limit {
        return Err(size_loc.msg(format!(
            "board of {rows}×{cols} with {} free cells needs {} to solve, more than the memory limit of {} \
             (--memory-limit)",
            board.open().len(),
            human_bytes(needed),
            human_bytes(memory_limit)
        )));
    }
    Ok((board, to_move))
}

/// The optional side-to-move token of a query's size line: a token that cannot start a grid row
/// (rows use only `.#XO`) must be `red` or `black`; anything else leaves the default, Red.
fn side_to_move(scanner: &mut Scanner<'_>) -> Result<Side, InputError> {
    let Some(token) = scanner.peek() else { return Ok(Side::Red) };
    if b".#XO".contains(&token.text[0]) {
        return Ok(Side::Red);
    }
    let side = match token.text {
        b"red" => Side::Red,
        b"black" => Side::Black,
        other => {
            let found = grid_core::error::shorten(other);
            return Err(token
                .loc
                .msg(format!("expected the side to move `red` or `black`, found '{found}'")));
        }
    };
    scanner.try_token();
    Ok(side)
}

/// Checks the pieces of a grid (one `X`, outside row 1 for a start position; exactly two `O`) and
/// builds the board.
fn board_from_grid(grid: &CharGrid, format: Format) -> Result<Board, InputError> {
    let dims = grid.dims();
    let origin = grid.loc_of(Pos::new(0, 0));
    let blacks: Vec<Pos> = grid.find_all(b'X').map(|i| dims.pos(i)).collect();
    let reds: Vec<Pos> = grid.find_all(b'O').map(|i| dims.pos(i)).collect();
    let black = match blacks.as_slice() {
        [] => return Err(origin.msg("board has no black pawn 'X'")),
        [only] => *only,
        [_, second, ..] => return Err(grid.loc_of(*second).msg("board has a second black pawn 'X'")),
    };
    if black.row == 0 && format == Format::Start {
        return Err(grid.loc_of(black).msg("black pawn 'X' must not start in row 1"));
    }
    let reds = match reds.as_slice() {
        [a, b] => [*a, *b],
        [_, _, third, ..] => return Err(grid.loc_of(*third).msg("board has a third red piece 'O'")),
        few => return Err(red_count_error(origin, few.len())),
    };
    let mut open = CellSet::new(dims.cells());
    for (cell, _) in grid.cells().iter().enumerate().filter(|&(_, &c)| c != b'#') {
        open.insert(cell);
    }
    // The checks above and the grid (one character per cell) leave nothing for `Board::new` to
    // refuse; its message is located at the board all the same.
    Board::new(dims, open, black, reds).map_err(|e| origin.msg(e.to_string()))
}

/// `n` bytes for a person: `123 B`, `4.5 MiB`, `3.2 GiB`.
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let (mut value, mut unit) = (n as f64 / 1024.0, 0);
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The error for a board with fewer than two red pieces.
fn red_count_error(origin: Loc, found: usize) -> InputError {
    origin.msg(format!("board has {found} red piece(s) 'O', expected exactly 2"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse_input(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn parses_boards() {
        let boards = parse_input(b"7 2\n3 3\n...\n.X.\nO#O\n2 1\nO\nX\n").unwrap_err();
        // The second board has only one red piece.
        assert_eq!(boards.to_string(), "line 7, column 1: board has 1 red piece(s) 'O', expected exactly 2");
        let boards = parse_input(b"7 1\n3 3\n...\n.X.\nO#O\n").unwrap();
        assert_eq!(boards.len(), 1);
        let b = &boards[0];
        assert_eq!(b.black(), Pos::new(1, 1));
        assert_eq!(b.reds(), [Pos::new(2, 0), Pos::new(2, 2)]);
        assert!(!b.is_open(Pos::new(2, 1)) && b.is_open(Pos::new(0, 0)) && !b.is_open(Pos::new(3, 0)));
    }

    #[test]
    fn zero_boards_is_fine() {
        assert!(parse_input(b"x 0\n").unwrap().is_empty());
    }

    #[test]
    fn piece_errors_are_located() {
        assert_eq!(error("1 1\n2 2\n.X\nXO\n"), "line 4, column 1: board has a second black pawn 'X'");
        assert_eq!(error("1 1\n2 2\nX.\nOO\n"), "line 3, column 1: black pawn 'X' must not start in row 1");
        assert_eq!(error("1 1\n2 3\n.OO\nXO.\n"), "line 4, column 2: board has a third red piece 'O'");
        assert_eq!(
            error("1 1\n2 2\n..\nX.\n"),
            "line 3, column 1: board has 0 red piece(s) 'O', expected exactly 2"
        );
        assert_eq!(error("1 1\n2 2\nOO\n..\n"), "line 3, column 1: board has no black pawn 'X'");
    }

    #[test]
    fn boards_beyond_the_memory_limit_are_refused_at_their_size_line() {
        let input = b"t 2\n2 2\nO.\nXO\n3 3\n...\n.X.\nO#O\n";
        // The 3×3 board is symmetric under the left–right mirror: the pass solves the blocks of
        // the 5 free cells in its left half and middle column.
        let needed = memory_needed(8, 5);
        assert!(needed < memory_needed(8, 8));
        assert!(parse_input_within(input, needed).is_ok());
        let message = parse_input_within(input, needed - 1).unwrap_err().to_string();
        assert!(message.starts_with("line 5, column 1: board of 3×3 with 8 free cells needs "), "{message}");
        let limit = human_bytes(needed - 1);
        assert!(
            message.ends_with(&format!("more than the memory limit of {limit} (--memory-limit)")),
            "{message}"
        );
        assert_eq!(human_bytes(1023), "1023 B");
        assert_eq!(human_bytes(3 << 30), "3.0 GiB");
    }

    #[test]
    fn size_errors_are_located() {
        assert_eq!(
            error("1 1\n49 48\n"),
            format!(
                "line 2, column 1: board of 49×48 = 2352 cells is larger than 2304 cells (its solve would \
                 need {})",
                human_bytes(memory_needed(2352, 49 * 24))
            )
        );
        assert_eq!(error("1 1\n1 5\n"), "line 2, column 1: number of rows 1 out of range 2..=2304");
        assert_eq!(error("1 1\n2 0\n"), "line 2, column 3: number of columns 0 out of range 1..=2304");
        assert_eq!(
            error("1 2\n2 1\nO\nX\n"),
            "line 3, column 1: board has 1 red piece(s) 'O', expected exactly 2"
        );
    }

    #[test]
    fn format_errors_are_located() {
        assert_eq!(error("1 1\n2 2\n.X\nOQ\n"), "line 4, column 2: unexpected character 'Q'");
        assert_eq!(error("1 1\n2 2\n.X\nOOO\n"), "line 4, column 1: row has 3 characters, expected 2");
        assert_eq!(
            error("1 2\n2 2\nO.\nXO\n"),
            "line 5, column 1: unexpected end of input, expected number of rows"
        );
        assert_eq!(error("1 1\n2 2\nO.\nXO\nextra"), "line 5, column 1: unexpected trailing input 'extra'");
        assert_eq!(error("1 x\n"), "line 1, column 3: expected number of boards, found 'x'");
    }
}
