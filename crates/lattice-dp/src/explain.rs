//! `--explain`: the optimal game move by move, with running scores, and the final board.

use std::fmt::Write as _;

use crate::board::Board;

/// A human-readable account of an optimal game: `moves` are the cells (row, column), 0-based, in
/// the order they are taken, the first player first; `value` is the solved value.
pub fn explain(board: &Board, value: i64, moves: &[(usize, usize)]) -> String {
    let (n, m) = (board.rows(), board.cols());
    let mut text = String::new();
    let _ =
        writeln!(text, "board {n}x{m}, value {value} (first player's total minus second's, optimal play)");
    let _ = writeln!(text, "optimal game (rows and columns counted from 0):");
    let _ = writeln!(
        text,
        "{:>5}  {:<6}  {:<9}  {:>12}  {:>12}  {:>12}",
        "move", "player", "cell", "gain", "first", "second"
    );
    let mut owner = vec![None; n * m];
    let mut totals = [0i64; 2];
    for (i, &(row, col)) in moves.iter().enumerate() {
        let player = i % 2;
        let gain = if player == 0 { board.first_value(row, col) } else { board.second_value(row, col) };
        totals[player] += gain;
        owner[row * m + col] = Some(player);
        let name = PLAYER_NAMES[player];
        let cell = format!("({row}, {col})");
        let _ = writeln!(
            text,
            "{:>5}  {name:<6}  {cell:<9}  {gain:>12}  {:>12}  {:>12}",
            i + 1,
            totals[0],
            totals[1]
        );
    }
    let _ = writeln!(text, "final board (F = taken by the first player, S = by the second):");
    for row in owner.chunks(m) {
        let marks: Vec<&str> = row.iter().map(|o| o.map_or(".", |p| PLAYER_MARKS[p])).collect();
        let _ = writeln!(text, "  {}", marks.join(" "));
    }
    let _ = writeln!(text, "first {} - second {} = {}", totals[0], totals[1], totals[0] - totals[1]);
    text
}

const PLAYER_NAMES: [&str; 2] = ["first", "second"];
const PLAYER_MARKS: [&str; 2] = ["F", "S"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_moves_and_final_board() {
        let board = Board::new(1, 2, vec![5, 1], vec![2, 3]).unwrap();
        let text = explain(&board, 2, &[(0, 0), (0, 1)]);
        assert!(text.contains("value 2"), "{text}");
        assert!(text.contains("first   (0, 0)"), "{text}");
        assert!(text.contains("second  (0, 1)"), "{text}");
        assert!(text.contains("\n  F S\n"), "{text}");
        assert!(text.ends_with("first 5 - second 3 = 2\n"), "{text}");
    }
}
