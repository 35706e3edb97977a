//! `--explain`: the optimal game move by move, with running scores, and the final board.

use std::fmt::Write as _;

use crate::board::Board;

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
    let _ = writeln!(
        text,
        "{:>5}  {:<6}  {:<9}  {:>12}  {:>12}  {:>12}",
        "move", "player", "cell", "gain", "first", "second"
    );
    let mut owner = vec![Mark::Free; n * m];
    let mut totals = [0i64; 2];
    for (i, &(row, col)) in moves.iter().enumerate() {
        let player = i % 2;
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
    let _ = writeln!(text, "final board (F = taken by the first player, S = by the second):");
    text.push_str(&draw_board(board, &owner));
    let _ = writeln!(text, "first {} - second {} = {}", totals[0], totals[1], totals[0] - totals[1]);
    text
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
}
