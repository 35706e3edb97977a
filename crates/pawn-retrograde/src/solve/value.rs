//! What the solve says about a state and about a game: a state's value for the side to move, and
//! the outcome of a game.

use crate::space::Side;

/// The value of a state for the side to move, with the number of moves still played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StateValue {
    /// The side to move wins, in this many moves at the fastest.
    Win(u32),
    /// The side to move loses, in this many moves at the slowest.
    Loss(u32),
    /// Neither side can force a win.
    Tie,
}

impl StateValue {
    /// The distance of a win or loss (0 for a tie).
    pub fn distance(self) -> u32 {
        match self {
            StateValue::Win(d) | StateValue::Loss(d) => d,
            StateValue::Tie => 0,
        }
    }

    /// Whether the side to move loses.
    pub fn is_loss(self) -> bool {
        matches!(self, StateValue::Loss(_))
    }
}

/// The result of a game: who wins and after how many moves in total, or a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Red wins after this many moves (both sides counted).
    Red(u32),
    /// Black wins after this many moves.
    Black(u32),
    /// Nobody can force a win.
    Tie,
}

impl Outcome {
    /// The outcome of a state's value, `moves_before` moves after the start.
    pub fn of(to_move: Side, value: StateValue, moves_before: u32) -> Outcome {
        let winner = match value {
            StateValue::Win(_) => to_move,
            StateValue::Loss(_) => to_move.other(),
            StateValue::Tie => return Outcome::Tie,
        };
        let total = moves_before + value.distance();
        match winner {
            Side::Red => Outcome::Red(total),
            Side::Black => Outcome::Black(total),
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Red(k) => write!(f, "Red {k}"),
            Outcome::Black(k) => write!(f, "Black {k}"),
            Outcome::Tie => write!(f, "Tie"),
        }
    }
}
