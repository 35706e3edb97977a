//! `--json`: one object per board (the output is a JSON array of them).

use serde::Serialize;

use crate::analysis::{Analysis, LineEnd, Move, Piece, ending_reason};
use crate::solve::Outcome;
use crate::space::Side;

/// The report of one board.
#[derive(Debug, Serialize)]
pub struct BoardReport {
    /// 1-based board number in the file.
    pub board: usize,
    /// `red`, `black` or `tie`.
    pub result: &'static str,
    /// Total number of moves of the game (`null` for a tie).
    pub moves: Option<u32>,
    /// The principal variation.
    pub pv: Vec<JsonMove>,
    /// Why the principal variation stops.
    pub end: String,
    /// Every legal first move of Red with its value for Red.
    pub first_moves: Vec<JsonFirstMove>,
}

/// One move, squares as 1-based `[row, column]`.
#[derive(Debug, Serialize)]
pub struct JsonMove {
    /// `red` or `black`.
    pub side: &'static str,
    /// `A`, `B` (red pieces) or `X` (black pawn).
    pub piece: &'static str,
    /// Square left.
    pub from: [usize; 2],
    /// Square entered.
    pub to: [usize; 2],
}

/// A first move of Red and its value.
#[derive(Debug, Serialize)]
pub struct JsonFirstMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: JsonMove,
    /// `win`, `lose` or `tie`, for Red.
    pub value: &'static str,
    /// Total number of moves of the game after this first move (`null` for a tie).
    pub moves: Option<u32>,
}

/// The report of board number `number` (1-based).
pub fn report(number: usize, analysis: &Analysis) -> BoardReport {
    let (result, moves) = result_fields(analysis.outcome);
    let end = match analysis.end {
        LineEnd::Terminal(terminal) => ending_reason(terminal).to_string(),
        LineEnd::Repetition { first } => format!("position after move {first} repeats: play goes on forever"),
        LineEnd::Cut => "line cut: play goes on forever".to_string(),
    };
    let first_moves = analysis
        .first_moves
        .iter()
        .map(|first| {
            let value = match first.outcome {
                Outcome::Red(_) => "win",
                Outcome::Black(_) => "lose",
                Outcome::Tie => "tie",
            };
            JsonFirstMove { mv: json_move(first.mv), value, moves: result_fields(first.outcome).1 }
        })
        .collect();
    BoardReport {
        board: number,
        result,
        moves,
        pv: analysis.line.iter().map(|&(mv, _)| json_move(mv)).collect(),
        end,
        first_moves,
    }
}

fn result_fields(outcome: Outcome) -> (&'static str, Option<u32>) {
    match outcome {
        Outcome::Red(k) => ("red", Some(k)),
        Outcome::Black(k) => ("black", Some(k)),
        Outcome::Tie => ("tie", None),
    }
}

fn json_move(mv: Move) -> JsonMove {
    JsonMove {
        side: match mv.side {
            Side::Red => "red",
            Side::Black => "black",
        },
        piece: match mv.piece {
            Piece::A => "A",
            Piece::B => "B",
            Piece::X => "X",
        },
        from: [mv.from.row + 1, mv.from.col + 1],
        to: [mv.to.row + 1, mv.to.col + 1],
    }
}
