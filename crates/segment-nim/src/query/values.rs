//! What a query finds: the value of a position and of every move ([`Query`], in the crate's own
//! types), and an [`Outcome`] as a report value (no remoteness: the method does not give one).

use grid_core::report::{Eval, Value};

use super::notation::MoveRange;
use crate::board::Colour;
use crate::rules::Outcome;

/// An outcome as a report value.
pub fn value_of(outcome: Outcome) -> Value {
    match outcome {
        Outcome::Win => Value::Win,
        Outcome::Lose => Value::Lose,
        Outcome::Draw => Value::Draw,
    }
}

/// An outcome as a report eval (no remoteness: the method does not give one).
pub fn eval_of(outcome: Outcome) -> Eval {
    Eval::value_only(value_of(outcome))
}

/// The value of a position and of all its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// The side to move.
    pub mover: Colour,
    /// The position's value for it.
    pub outcome: Outcome,
    /// Every move as maximal ranges of equal value, best first (wins, draws, losses; equal values
    /// in generation order).
    pub moves: Vec<MoveRange>,
    /// Number of legal moves (pawn, direction, distance).
    pub legal_moves: u64,
}
