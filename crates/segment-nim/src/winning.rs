//! One winning first move for white, read off the structure and confirmed by re-solving.
//!
//! The candidate follows the rule that decided the board:
//! - black has no pawn, or all big runs are white: any white step (a move never changes the
//!   colour order, so runs — and rule 2 — stay as they are);
//! - rule 5, white has play and black nothing: shuffle inside white's first safe segment without
//!   touching its ends (the empty fields inside it stay inside it, so it stays safe), or, without a
//!   safe segment, advance into a white threat (the segment becomes safe);
//! - rule 5, Nim: shrink a kept gap `h` with `h ^ xor < h` to `h ^ xor` from white's side;
//! - rule 5, black's only threat: block it.
//!
//! The move is then applied and the new board solved with black to move; only a move after which
//! black loses is returned.

use serde::Serialize;

use crate::board::{Board, Colour};
use crate::rules::{Outcome, Rule, solve, verdict};
use crate::structure::{self, Facts, Observer, Segment, Shape};

/// A move: the pawn on `from` slides to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Move {
    /// Field of the pawn that moves.
    pub from: u64,
    /// Field it stops on.
    pub to: u64,
}

/// A winning first move for white, or `None` when white does not win (or, which would be a bug, no
/// candidate survives the confirmation).
pub fn winning_move(board: &Board) -> Option<Move> {
    let shape = structure::analyse(board, &mut ());
    let white = verdict(board, &shape, Colour::White);
    if white.outcome != Outcome::Win {
        return None;
    }
    let candidate = match (white.rule, &shape) {
        (Rule::OpponentHasNoPawn | Rule::BigRunsOfOneColour { .. }, _) => any_step(board, Colour::White),
        (Rule::MoverHasPlay, Shape::Contest(facts)) => play_move(board, facts),
        (Rule::Nim { xor }, Shape::Contest(_)) => nim_move(board, xor),
        (Rule::BlockOnlyThreat { .. }, Shape::Contest(facts)) => {
            facts.side(Colour::Black).first_threat.map(|t| t.block_move(board.n()))
        }
        _ => None,
    }
    .map(|(from, to)| Move { from, to })?;
    confirms_win(board, candidate).then_some(candidate)
}

/// Whether `mv` is a legal white move after which black, to move, loses.
pub fn confirms_win(board: &Board, mv: Move) -> bool {
    apply_move(board, Colour::White, mv)
        .is_some_and(|next| solve(&next, Colour::Black).outcome == Outcome::Lose)
}

/// The board after `colour` plays `mv`, or `None` when `mv` is not a legal move of `colour`.
pub fn apply_move(board: &Board, colour: Colour, mv: Move) -> Option<Board> {
    let index = board.pawns.binary_search_by_key(&mv.from, |&code| code >> 1).ok()?;
    if board.colour(index) != colour || mv.to == mv.from || mv.to == 0 || mv.to > board.n() {
        return None;
    }
    let previous = if index == 0 { board.len() - 1 } else { index - 1 };
    let clockwise_ok = board.clockwise(mv.from, mv.to) <= board.empty_after(index);
    let counter_clockwise_ok = board.clockwise(mv.to, mv.from) <= board.empty_after(previous);
    if !clockwise_ok && !counter_clockwise_ok {
        return None;
    }
    let mut mine: Vec<u64> = board.positions(colour).map(|p| if p == mv.from { mv.to } else { p }).collect();
    mine.sort_unstable();
    let theirs: Vec<u64> = board.positions(colour.other()).collect();
    let (white, black) = if colour == Colour::White { (&mine, &theirs) } else { (&theirs, &mine) };
    Board::from_positions(board.n(), white, black).ok()
}

/// Any legal one-field step of a `colour` pawn.
fn any_step(board: &Board, colour: Colour) -> Option<(u64, u64)> {
    let m = board.len();
    (0..m).filter(|&i| board.colour(i) == colour).find_map(|i| {
        let p = board.position(i);
        let previous = if i == 0 { m - 1 } else { i - 1 };
        if board.empty_after(i) > 0 {
            Some((p, board.step_clockwise(p, 1)))
        } else if board.empty_after(previous) > 0 {
            Some((p, board.step_counter_clockwise(p, 1)))
        } else {
            None
        }
    })
}

/// White has play and black none: keep (or make) a safe white segment.
fn play_move(board: &Board, facts: &Facts) -> Option<(u64, u64)> {
    let side = facts.side(Colour::White);
    match side.first_safe {
        Some(segment) => shuffle_inside(board, &segment),
        None => side.first_threat.map(|t| t.advance_move(board.n())),
    }
}

/// A white step into an empty field inside `segment` that moves neither of its end pawns.
///
/// One exists in every safe segment: take an empty block between consecutive pawns `u`, `v` inside
/// it. If `u` is white and not the first pawn, it steps forward; else if `v` is white and not the
/// last pawn, it steps back. Otherwise `u` is black (a single inside a merged segment, whose
/// neighbours are white) or the first pawn, and `v` is the last pawn; the last pawn ends a big
/// run, so the pawn before it is white and is `u` — so `u` is the first pawn and the segment has
/// two pawns, which is not safe.
fn shuffle_inside(board: &Board, segment: &Segment) -> Option<(u64, u64)> {
    let m = board.len();
    let at = |t: usize| (segment.start + t) % m;
    (0..segment.pawns - 1).find_map(|t| {
        let (u, v) = (at(t), at(t + 1));
        if board.empty_after(u) == 0 {
            None
        } else if board.colour(u) == Colour::White && t > 0 {
            Some((board.position(u), board.step_clockwise(board.position(u), 1)))
        } else if board.colour(v) == Colour::White && t + 1 < segment.pawns - 1 {
            Some((board.position(v), board.step_counter_clockwise(board.position(v), 1)))
        } else {
            None
        }
    })
}

/// Plain Nim: shrink a kept gap from white's side so that the xor becomes 0.
fn nim_move(board: &Board, xor: u64) -> Option<(u64, u64)> {
    struct FindHeap {
        xor: u64,
        found: Option<(Segment, Segment)>,
    }
    impl Observer for FindHeap {
        fn gap(&mut self, before: &Segment, after: &Segment) {
            if self.found.is_none() && before.gap_kept && before.gap ^ self.xor < before.gap {
                self.found = Some((*before, *after));
            }
        }
    }
    let mut finder = FindHeap { xor, found: None };
    structure::analyse(board, &mut finder);
    let (before, after) = finder.found?;
    let shrink = before.gap - (before.gap ^ xor);
    // Segments alternate in colour, so exactly one side of the gap is white.
    Some(if before.colour == Colour::White {
        (before.last, board.step_clockwise(before.last, shrink))
    } else {
        (after.first, board.step_counter_clockwise(after.first, shrink))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_two_has_a_confirmed_move() {
        let board = Board::from_positions(6, &[5, 6], &[2, 4]).unwrap();
        let mv = winning_move(&board).unwrap();
        assert!(confirms_win(&board, mv));
    }

    #[test]
    fn no_move_when_white_does_not_win() {
        assert_eq!(winning_move(&Board::from_positions(9, &[3, 8], &[2, 5, 6]).unwrap()), None);
    }

    #[test]
    fn illegal_moves_are_refused() {
        let board = Board::from_positions(6, &[5, 6], &[2, 4]).unwrap();
        assert!(apply_move(&board, Colour::White, Move { from: 5, to: 3 }).is_none()); // jumps 4
        assert!(apply_move(&board, Colour::White, Move { from: 2, to: 3 }).is_none()); // black pawn
        assert!(apply_move(&board, Colour::White, Move { from: 6, to: 1 }).is_some());
    }
}
