//! Rule 5 and the degenerate cases: the value of a board with a given side to move.

use serde::Serialize;

use crate::board::{Board, Colour};
use crate::structure::{self, Facts, Shape};

/// The result for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move loses against best play.
    Lose,
    /// Neither player can force a win.
    Draw,
    /// The player to move wins.
    Win,
}

impl Outcome {
    /// The same result seen by the other player.
    pub fn negate(self) -> Self {
        match self {
            Outcome::Lose => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Win => Outcome::Lose,
        }
    }
}

/// Who wins, independent of who moves: the answer letters `B`, `C`, `R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Answer {
    /// White wins (`B`).
    B,
    /// Black wins (`C`).
    C,
    /// Nobody can force a win (`R`).
    R,
}

impl Answer {
    /// The answer when `mover` is to move and gets `outcome`.
    pub fn from_outcome(mover: Colour, outcome: Outcome) -> Self {
        match (outcome, mover) {
            (Outcome::Draw, _) => Answer::R,
            (Outcome::Win, Colour::White) | (Outcome::Lose, Colour::Black) => Answer::B,
            _ => Answer::C,
        }
    }

    /// The letter as printed.
    pub fn letter(self) -> u8 {
        match self {
            Answer::B => b'B',
            Answer::C => b'C',
            Answer::R => b'R',
        }
    }
}

/// The rule that decided a board, for the player to move (X) against the other (Y).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Rule {
    /// X has no pawn: X cannot move and loses.
    MoverHasNoPawn,
    /// Every field is taken: X cannot move and loses.
    FullBoard,
    /// Y has no pawn: X moves and Y cannot answer.
    OpponentHasNoPawn,
    /// Rule 1: no big run, board not full: a draw.
    NoBigRun,
    /// Rule 2: all big runs have one colour, which wins.
    BigRunsOfOneColour {
        /// The colour of the big runs.
        colour: Colour,
    },
    /// Rule 5, first case: Y has a safe segment or two threats; X draws if X has play, else loses.
    OpponentUnstoppable {
        /// X has a safe segment or a threat (`canX`).
        mover_has_play: bool,
    },
    /// Rule 5, second case: Y has no threat and X has play: X wins.
    MoverHasPlay,
    /// Rule 5, second case: nobody has play: plain Nim on the kept gaps.
    Nim {
        /// Xor of the kept gaps; X wins iff it is non-zero.
        xor: u64,
    },
    /// Rule 5, third case: Y has exactly one threat; X blocks it or, with play, takes the draw.
    BlockOnlyThreat {
        /// X's result after blocking (the negated value of the new position with Y to move).
        after_block: Outcome,
        /// Whether X could take a draw instead (`canX`).
        draw_available: bool,
    },
}

/// A board's value for one side to move, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Who was to move.
    pub mover: Colour,
    /// Their result.
    pub outcome: Outcome,
    /// The deciding rule.
    pub rule: Rule,
}

impl Verdict {
    /// The answer letter.
    pub fn answer(&self) -> Answer {
        Answer::from_outcome(self.mover, self.outcome)
    }
}

/// The value of `board` (already analysed into `shape`) with `mover` to move.
pub fn verdict(board: &Board, shape: &Shape, mover: Colour) -> Verdict {
    let (outcome, rule) = if board.count(mover) == 0 {
        (Outcome::Lose, Rule::MoverHasNoPawn)
    } else if board.is_full() {
        (Outcome::Lose, Rule::FullBoard)
    } else if board.count(mover.other()) == 0 {
        (Outcome::Win, Rule::OpponentHasNoPawn)
    } else {
        match shape {
            // Unreachable once both colours are present and the board is not full.
            Shape::Trivial | Shape::NoBigRun => (Outcome::Draw, Rule::NoBigRun),
            &Shape::BigRunsOf(colour) => {
                let outcome = if colour == mover { Outcome::Win } else { Outcome::Lose };
                (outcome, Rule::BigRunsOfOneColour { colour })
            }
            Shape::Contest(facts) => rule5(facts, mover),
        }
    };
    Verdict { mover, outcome, rule }
}

/// The value of `board` with `mover` to move.
pub fn solve(board: &Board, mover: Colour) -> Verdict {
    verdict(board, &structure::analyse(board, &mut ()), mover)
}

/// Rule 5 with `x` to move. Recurses through at most two blocks: after X blocks Y's only threat,
/// Y either faces a safe X segment (no further block) or X's at most one threat; after Y blocks
/// that, X has no threat left, and Y had none since X's block, so the third level decides directly.
pub fn rule5(facts: &Facts, x: Colour) -> (Outcome, Rule) {
    let y = x.other();
    let mover_has_play = facts.side(x).has_play();
    let opponent = facts.side(y);
    if opponent.safe_segments > 0 || opponent.threats >= 2 {
        let outcome = if mover_has_play { Outcome::Draw } else { Outcome::Lose };
        return (outcome, Rule::OpponentUnstoppable { mover_has_play });
    }
    match (opponent.threats, opponent.first_threat) {
        (1, Some(threat)) => {
            let after_block = rule5(&facts.after_block(&threat, x), y).0.negate();
            let outcome = if mover_has_play { after_block.max(Outcome::Draw) } else { after_block };
            (outcome, Rule::BlockOnlyThreat { after_block, draw_available: mover_has_play })
        }
        _ if mover_has_play => (Outcome::Win, Rule::MoverHasPlay),
        _ => {
            let outcome = if facts.xor != 0 { Outcome::Win } else { Outcome::Lose };
            (outcome, Rule::Nim { xor: facts.xor })
        }
    }
}

/// `rule` in words, with `x` to move.
pub fn describe(rule: Rule, x: Colour) -> String {
    let (x, y) = (x.name(), x.other().name());
    match rule {
        Rule::MoverHasNoPawn => format!("{x} has no pawn, cannot move and loses"),
        Rule::FullBoard => format!("the board is full: {x} cannot move and loses"),
        Rule::OpponentHasNoPawn => format!("{y} has no pawn: {x} moves and {y} cannot answer"),
        Rule::NoBigRun => {
            "rule 1: no big run (the colours alternate) and the board is not full: a draw".into()
        }
        Rule::BigRunsOfOneColour { colour } => {
            format!("rule 2: every big run is {0}: {0} wins", colour.name())
        }
        Rule::OpponentUnstoppable { mover_has_play: true } => {
            format!(
                "rule 5: {y} has a safe segment or two threats and {x} has a safe segment or a threat: a draw"
            )
        }
        Rule::OpponentUnstoppable { mover_has_play: false } => {
            format!(
                "rule 5: {y} has a safe segment or two threats, {x} has neither a safe segment nor a threat: {x} loses"
            )
        }
        Rule::MoverHasPlay => {
            format!(
                "rule 5: {y} has no safe segment and no threat, {x} has a safe segment or a threat: {x} wins"
            )
        }
        Rule::Nim { xor } => {
            let result = if xor != 0 { format!("non-zero: {x} wins") } else { format!("zero: {x} loses") };
            format!(
                "rule 5: nobody has a safe segment or a threat: Nim on the kept gaps, xor {xor} is {result}"
            )
        }
        Rule::BlockOnlyThreat { after_block, draw_available } => {
            let blocked = match after_block {
                Outcome::Win => "wins",
                Outcome::Draw => "draws",
                Outcome::Lose => "loses",
            };
            let draw = if draw_available { format!("; {x} could also take a draw") } else { String::new() };
            format!("rule 5: {y} has exactly one threat; {x} blocks it and then {blocked}{draw}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(n: u64, white: &[u64], black: &[u64]) -> char {
        let board = Board::from_positions(n, white, black).unwrap();
        solve(&board, Colour::White).answer().letter() as char
    }

    #[test]
    fn the_samples() {
        assert_eq!(answer(9, &[3, 8], &[2, 5, 6]), 'C');
        assert_eq!(answer(6, &[5, 6], &[2, 4]), 'B');
        assert_eq!(answer(7, &[3], &[4]), 'R');
    }

    #[test]
    fn degenerate_boards() {
        assert_eq!(answer(5, &[], &[1, 2]), 'C');
        assert_eq!(answer(5, &[1, 2], &[]), 'B');
        assert_eq!(answer(2, &[1, 2], &[]), 'C');
        assert_eq!(answer(2, &[1], &[2]), 'C');
        assert_eq!(answer(1, &[], &[]), 'C');
    }

    #[test]
    fn outcomes_order_for_the_mover() {
        assert!(Outcome::Lose < Outcome::Draw && Outcome::Draw < Outcome::Win);
        assert_eq!(Outcome::Win.negate(), Outcome::Lose);
        assert_eq!(Answer::from_outcome(Colour::Black, Outcome::Win), Answer::C);
    }
}
