//! `--explain` and the end of `query --explain`: an optimal game move by move, with running totals,
//! and the final board.

use std::fmt::Write as _;

use crate::board::Board;
use crate::query::Position;

/// A human-readable account of an optimal game: `moves` are the cells (row, column), 0-based, in
/// the order they are taken, the first player first; `value` is the solved value. Cells are shown
/// 1-based, as `row,column`.
pub fn explain(board: &Board, value: i64, moves: &[(usize, usize)]) -> String {
    let (n, m) = (board.rows(), board.cols());
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Position 1 ({n}×{m}), first to move: value {value} (first player's total minus second's, optimal play)"
    );
    let _ = writeln!(text, "optimal game (cells as row,column, counted from 1, row 1 at the top):");
    let mut owner = vec![Mark::Free; n * m];
    let totals = write_game(&mut text, board, 0, moves, &mut owner);
    let _ = writeln!(text, "final board (F = taken by the first player, S = by the second):");
    text.push_str(&draw_board(board, &owner));
    let _ = writeln!(text, "first {} - second {} = {}", totals[0], totals[1], totals[0] - totals[1]);
    text
}

/// The end of `query --explain`: one optimal game from `position` (its cells, 0-based, the side
/// to move first, as [`crate::query::Solved::line`] gives them), move by move with what each
/// player gains from the position on, the final board, and the difference the line achieves: the
/// position's score.
pub fn explain_line(position: &Position, line: &[(usize, usize)]) -> String {
    let board = position.board();
    let m = board.cols();
    let mut text = String::new();
    let mover = position.side_to_move();
    if line.is_empty() {
        let _ = writeln!(text, "optimal line: none, the board is full");
        return text;
    }
    let _ = writeln!(
        text,
        "optimal line from the position (cells as row,column, counted from 1, row 1 at the top; \
         totals count the gains from here on):"
    );
    let mut owner = vec![Mark::Free; board.rows() * m];
    for (row, &len) in position.taken().iter().enumerate() {
        owner[row * m..row * m + len].fill(Mark::Before);
    }
    let totals = write_game(&mut text, board, mover, line, &mut owner);
    let _ =
        writeln!(text, "final board (x = taken before, F = taken by the first player, S = by the second):");
    text.push_str(&draw_board(board, &owner));
    let (us, them) = (PLAYER_NAMES[mover], PLAYER_NAMES[1 - mover]);
    let _ = writeln!(
        text,
        "{us} {} - {them} {} = {} (the score for {us}, to move)",
        totals[mover],
        totals[1 - mover],
        totals[mover] - totals[1 - mover]
    );
    text
}

/// Writes the table of a game played from a position where `mover` (0: first, 1: second) moves:
/// each move's player, cell, gain and both players' running totals; marks the cells taken in
/// `owner`. Returns the totals, the first player's first.
fn write_game(
    text: &mut String,
    board: &Board,
    mover: usize,
    moves: &[(usize, usize)],
    owner: &mut [Mark],
) -> [i64; 2] {
    let m = board.cols();
    let _ = writeln!(
        text,
        "{:>5}  {:<6}  {:<9}  {:>12}  {:>12}  {:>12}",
        "move", "player", "cell", "gain", "first", "second"
    );
    let mut totals = [0i64; 2];
    for (i, &(row, col)) in moves.iter().enumerate() {
        let player = (mover + i) % 2;
        let gain = if player == 0 { board.first_value(row, col) } else { board.second_value(row, col) };
        totals[player] += gain;
        owner[row * m + col] = if player == 0 { Mark::First } else { Mark::Second };
        let name = PLAYER_NAMES[player];
        let cell = format!("{},{}", row + 1, col + 1);
        let _ = writeln!(
            text,
            "{:>5}  {name:<6}  {cell:<9}  {gain:>12}  {:>12}  {:>12}",
            i + 1,
            totals[0],
            totals[1]
        );
    }
    totals
}

const PLAYER_NAMES: [&str; 2] = ["first", "second"];

/// Who holds a cell, as the board drawing shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Free: `.`.
    Free,
    /// Taken before the game shown (a query's `taken` diagram): `x`.
    Before,
    /// Taken by the first player: `F`.
    First,
    /// Taken by the second player: `S`.
    Second,
}

impl Mark {
    /// The character drawn for the mark.
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::Free => ".",
            Mark::Before => "x",
            Mark::First => "F",
            Mark::Second => "S",
        }
    }
}

/// The board drawing of `--explain`, `query --explain` and `play`, with a row and a column
/// ruler: a free cell shows its two values `A/B` (worth A to the first player, B to the second),
/// a taken one who took it (`F`, `S`, or `x` for taken before the game).
pub fn draw_board(board: &Board, marks: &[Mark]) -> String {
    let m = board.cols();
    grid_core::picture::draw(board.rows(), m, |row, col| match marks[row * m + col] {
        Mark::Free => format!("{}/{}", board.first_value(row, col), board.second_value(row, col)),
        mark => mark.as_str().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_moves_and_final_board() {
        let board = Board::new(1, 2, vec![5, 1], vec![2, 3]).unwrap();
        let text = explain(&board, 2, &[(0, 0), (0, 1)]);
        assert!(text.contains("value 2"), "{text}");
        assert!(text.contains("first   1,1"), "{text}");
        assert!(text.contains("second  1,2"), "{text}");
        assert!(text.contains("\n  1 2\n1 F S\n"), "{text}");
        assert!(text.ends_with("first 5 - second 3 = 2\n"), "{text}");
    }

    #[test]
    fn line_from_a_position_counts_from_there() {
        let board = Board::new(1, 3, vec![5, 1, 4], vec![2, 3, 6]).unwrap();
        let position = Position::new(board, vec![1]).unwrap();
        let text = explain_line(&position, &[(0, 1), (0, 2)]);
        assert!(
            text.contains("    1  second  1,2                   3             0             3\n"),
            "{text}"
        );
        assert!(
            text.contains("    2  first   1,3                   4             4             3\n"),
            "{text}"
        );
        assert!(text.contains("\n  1 2 3\n1 x S F\n"), "{text}");
        assert!(text.ends_with("second 3 - first 4 = -1 (the score for second, to move)\n"), "{text}");
    }
}
