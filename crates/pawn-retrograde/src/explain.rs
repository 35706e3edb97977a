//! `--explain`: a human-readable analysis of each board.

use std::fmt::Write as _;

use grid_core::{Cell, Pos};

use crate::analysis::{Analysis, FirstMove, LineEnd, Move, Piece, Position, ending_reason};
use crate::board::Board;
use crate::solve::Outcome;
use crate::space::Side;

/// The explanation of board number `number` (1-based).
pub fn explain(number: usize, board: &Board, analysis: &Analysis) -> String {
    let mut out = String::new();
    let dims = board.dims();
    let _ =
        writeln!(out, "Position {number} ({}×{}), red to move: {}", dims.rows, dims.cols, analysis.outcome);
    let start = Position { black: board.black(), reds: board.reds() };
    draw(&mut out, board, start);
    let _ = writeln!(out, "Result: {} ({})", analysis.outcome, describe_outcome(analysis.outcome));
    write_first_moves(&mut out, &analysis.first_moves);
    write_line(&mut out, board, analysis);
    out
}

/// The legend of the board drawings.
pub const LEGEND: &str = "Legend: A, B = red pieces, X = black pawn, * = black pawn on a red piece, \
# = obstacle; a cell is row,column (the rulers), row 1 at the top; a move is FROM-TO, as play takes it.";

fn describe_outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Red(k) => format!("Red wins after {} in total", moves(k)),
        Outcome::Black(k) => format!("Black wins after {} in total", moves(k)),
        Outcome::Tie => "neither side can force a win".to_string(),
    }
}

/// `1 move`, `2 moves`.
fn moves(k: u32) -> String {
    if k == 1 { "1 move".to_string() } else { format!("{k} moves") }
}

/// "win in k" / "lose in k" / "tie" from Red's point of view.
pub fn red_view(outcome: Outcome) -> String {
    match outcome {
        Outcome::Red(k) => format!("win in {k}"),
        Outcome::Black(k) => format!("lose in {k}"),
        Outcome::Tie => "tie".to_string(),
    }
}

fn write_first_moves(out: &mut String, moves: &[FirstMove]) {
    if moves.is_empty() {
        let _ = writeln!(out, "Red has no legal first move.");
        return;
    }
    let _ = writeln!(out, "Red's first moves (total moves of the game when played):");
    for first in moves {
        let _ = writeln!(out, "  {}: {}", move_text(first.mv), red_view(first.outcome));
    }
}

fn write_line(out: &mut String, board: &Board, analysis: &Analysis) {
    let tie = if analysis.outcome == Outcome::Tie { Tied::Yes } else { Tied::No };
    write_principal_variation(out, board, tie, &analysis.line, analysis.end);
}

/// Whether a position is a tie (its principal variation keeps the tie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tied {
    /// Neither side can force a win.
    Yes,
    /// One side wins.
    No,
}

/// Writes a principal variation: each move with the board after it, then why it stops (the
/// default `--explain` of a board and `query --explain` of a position).
pub fn write_principal_variation(
    out: &mut String,
    board: &Board,
    tie: Tied,
    line: &[(Move, Position)],
    end: LineEnd,
) {
    match tie {
        Tied::Yes => {
            let _ = writeln!(out, "Principal variation (both sides keep the tie):");
        }
        Tied::No => {
            let _ = writeln!(out, "Principal variation (fastest win against slowest loss):");
        }
    }
    if line.is_empty() {
        let _ = writeln!(out, "  (no move is played)");
    }
    for (i, &(mv, position)) in line.iter().enumerate() {
        let side = match mv.side {
            Side::Red => "Red",
            Side::Black => "Black",
        };
        let _ = writeln!(out, "  {}. {side} {}", i + 1, move_text(mv));
        draw(out, board, position);
    }
    let _ = match end {
        LineEnd::Terminal(terminal) => {
            writeln!(out, "Final position: {}.", ending_reason(terminal))
        }
        LineEnd::Repetition { first } => writeln!(
            out,
            "The position after move {} repeats the one after move {first} with the same side to move: \
             play can go on forever.",
            line.len()
        ),
        LineEnd::Cut => writeln!(out, "(line cut after {} moves; play can go on forever)", line.len()),
    };
}

/// `3,1-2,1 (A)`: the move as `play` takes it (1-based `row,column` cells), then the piece.
pub fn move_text(mv: Move) -> String {
    let piece = match mv.piece {
        Piece::A => "A",
        Piece::B => "B",
        Piece::X => "X",
    };
    format!("{}-{} ({piece})", Cell::of(mv.from), Cell::of(mv.to))
}

/// The drawing of a query position: `Red to move:` (or Black) and the board, as in [`explain`].
pub fn draw_position(position: &crate::position::Position) -> String {
    let board = position.board();
    let side = match position.to_move() {
        Side::Red => "Red",
        Side::Black => "Black",
    };
    let mut out = format!("{side} to move:\n");
    draw(&mut out, board, Position { black: board.black(), reds: board.reds() });
    out
}

/// Draws the board with the pieces of `position` under a row and a column ruler, indented.
pub(crate) fn draw(out: &mut String, board: &Board, position: Position) {
    let dims = board.dims();
    let picture = grid_core::picture::draw(dims.rows, dims.cols, |row, col| {
        let pos = Pos::new(row, col);
        let red = position.reds.iter().position(|&r| r == pos);
        let symbol = match (position.black == pos, red) {
            (true, Some(_)) => "*",
            (true, None) => "X",
            (false, Some(0)) => "A",
            (false, Some(_)) => "B",
            (false, None) if board.is_open(pos) => ".",
            (false, None) => "#",
        };
        symbol.to_string()
    });
    for line in picture.lines() {
        let _ = writeln!(out, "    {line}");
    }
}
