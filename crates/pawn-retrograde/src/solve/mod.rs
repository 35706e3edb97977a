//! Solving one board: the retrograde pass and the table of values it leaves behind.

pub(crate) mod cell;
mod retrograde;

use cell::{DistanceOverflow, Word};
use retrograde::Pass;

use crate::space::{Side, State, StateSpace};

/// The value of a state for the side to move, with the number of moves still played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins, in this many moves at the fastest.
    Win(u32),
    /// The side to move loses, in this many moves at the slowest.
    Loss(u32),
    /// Neither side can force a win.
    Tie,
}

impl Value {
    /// The distance of a win or loss (0 for a tie).
    pub fn distance(self) -> u32 {
        match self {
            Value::Win(d) | Value::Loss(d) => d,
            Value::Tie => 0,
        }
    }

    /// Whether the side to move loses.
    pub fn is_loss(self) -> bool {
        matches!(self, Value::Loss(_))
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
    pub fn of(to_move: Side, value: Value, moves_before: u32) -> Outcome {
        let winner = match value {
            Value::Win(_) => to_move,
            Value::Loss(_) => to_move.other(),
            Value::Tie => return Outcome::Tie,
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

/// The per-state words, as narrow as the distances allow (see [`cell`]).
enum Words {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// The values the retrograde pass computed for one board.
pub struct Solution {
    space: StateSpace,
    words: Words,
    complete: bool,
    processed: usize,
}

impl Solution {
    /// Solves until every state of `targets` is decided (all states when `targets` is empty).
    ///
    /// The pass starts with 1-byte words and widens them in place (to 2, then 4 bytes) when a
    /// distance would not fit; widening keeps all work done so far.
    pub fn new(space: StateSpace, targets: &[State]) -> Solution {
        let mut pending: Vec<crate::index::StateId> = targets.iter().map(|&t| space.index(t)).collect();
        let mut narrow = Pass::<u8>::seeded(&space);
        let (words, processed, complete) = match narrow.run(&space, &mut pending) {
            Ok(()) => finish(narrow, Words::U8),
            Err(DistanceOverflow) => {
                let mut middle = narrow.widen::<u16>();
                match middle.run(&space, &mut pending) {
                    Ok(()) => finish(middle, Words::U16),
                    Err(DistanceOverflow) => {
                        let mut wide = middle.widen::<u32>();
                        // Distances are below the number of states (< 2^25), far inside u32 words.
                        let _ = wide.run(&space, &mut pending);
                        finish(wide, Words::U32)
                    }
                }
            }
        };
        Solution { space, words, complete, processed }
    }

    /// Solves every state.
    pub fn complete(space: StateSpace) -> Solution {
        Solution::new(space, &[])
    }

    /// The state space the values refer to.
    pub fn space(&self) -> &StateSpace {
        &self.space
    }

    /// Whether the pass ran to completion (then every state has a value).
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Number of decided states the pass processed (each generates its predecessors).
    pub fn processed_states(&self) -> usize {
        self.processed
    }

    /// Bytes per state of the value array (1, 2 or 4).
    pub fn word_bytes(&self) -> usize {
        match self.words {
            Words::U8(_) => 1,
            Words::U16(_) => 2,
            Words::U32(_) => 4,
        }
    }

    /// The value of `state`; `None` when the pass stopped early before deciding it.
    pub fn value(&self, state: State) -> Option<Value> {
        let index = self.space.index(state) as usize;
        let decided = match &self.words {
            Words::U8(words) => cell::value(words[index]),
            Words::U16(words) => cell::value(words[index]),
            Words::U32(words) => cell::value(words[index]),
        };
        decided.or(self.complete.then_some(Value::Tie))
    }

    /// The outcome of the game from the start position (needs the start to be decided or the pass
    /// complete, which [`Solution::new`] with the start among its targets guarantees).
    pub fn outcome(&self) -> Option<Outcome> {
        let start = self.space.start();
        self.value(start).map(|v| Outcome::of(start.to_move, v, 0))
    }
}

/// The words, work count and completeness of a finished pass.
fn finish<W: Word>(pass: Pass<W>, wrap: fn(Vec<W>) -> Words) -> (Words, usize, bool) {
    let (processed, complete) = (pass.processed(), pass.is_exhausted());
    (wrap(pass.words), processed, complete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_input;

    /// The ninth board of p14 (Red 113): its full solve needs distances above 119.
    fn long_board() -> crate::Board {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pawn-retrograde/p14-long-10x10.in");
        parse_input(&std::fs::read(path).unwrap()).unwrap().remove(8)
    }

    #[test]
    fn widening_keeps_every_value() {
        let space = StateSpace::new(&long_board());
        let mut pending = Vec::new();
        let mut narrow = Pass::<u8>::seeded(&space);
        assert_eq!(narrow.run(&space, &mut pending), Err(DistanceOverflow));
        let mut widened = narrow.widen::<u32>();
        widened.run(&space, &mut pending).unwrap();
        let mut wide = Pass::<u32>::seeded(&space);
        wide.run(&space, &mut pending).unwrap();
        assert!(widened.is_exhausted() && wide.is_exhausted());
        assert_eq!(widened.processed(), wide.processed());
        assert!(widened.words == wide.words);
        let longest = wide.words.iter().filter_map(|&w| cell::value(w)).map(Value::distance).max();
        assert!(longest.unwrap() > u8::MAX_DISTANCE);
    }

    #[test]
    fn complete_and_early_stopped_solutions_agree() {
        let board = long_board();
        let complete = Solution::complete(StateSpace::new(&board));
        assert_eq!(complete.word_bytes(), 2);
        assert!(complete.is_complete());
        let space = StateSpace::new(&board);
        let start = space.start();
        let early = Solution::new(space, &[start]);
        assert_eq!(early.word_bytes(), 1);
        assert!(!early.is_complete());
        assert!(early.processed_states() < complete.processed_states());
        assert_eq!(early.outcome(), Some(Outcome::Red(113)));
        assert_eq!(complete.outcome(), Some(Outcome::Red(113)));
        // Every state the early pass decided has its final value.
        let space = complete.space();
        for index in 0..space.num_states() as u32 {
            let state = space.state(index);
            if let Some(v) = early.value(state) {
                assert_eq!(complete.value(state), Some(v));
            }
        }
    }

    #[test]
    fn outcomes_print_like_the_judge() {
        assert_eq!(Outcome::Red(3).to_string(), "Red 3");
        assert_eq!(Outcome::Black(0).to_string(), "Black 0");
        assert_eq!(Outcome::Tie.to_string(), "Tie");
        assert_eq!(Outcome::of(Side::Black, Value::Loss(4), 1), Outcome::Red(5));
        assert_eq!(Outcome::of(Side::Red, Value::Win(1), 0), Outcome::Red(1));
        assert_eq!(Outcome::of(Side::Red, Value::Tie, 0), Outcome::Tie);
    }
}
