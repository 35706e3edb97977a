//! `play`: a person against the solver, through the shared loop `grid_core::cli::play`.
//!
//! A move is typed as one [`Slide`], `17 cw 3` (see [`crate::query`] for the notation). The shared
//! loop looks a typed move up among the notations of [`PlayGame::moves`], so every single legal
//! move is listed there (the ranges of a query are expanded), each with a lazily built next
//! position (the board it came from, shared, and the slide to apply), so listing costs O(1) a move.
//! Positions with more than [`PLAY_MOVE_LIMIT`] legal moves are refused with a message: the loop's
//! lookup by notation needs the full list (`query` has no such limit).
//!
//! The solver plays the first listed move: a move of the best value, and among those, the one that
//! leaves the opponent the fewest legal moves (the method gives no remoteness, so "fastest win" is
//! approximated by squeezing the opponent; a won position stays won and a drawn one is never lost).

use std::borrow::Cow;
use std::rc::Rc;

use grid_core::play::{GameResult, PlayGame, PlayMove};

use crate::board::{Board, Colour};
use crate::query::{Direction, NOTATION, Slide, eval_of, query};
use crate::render;
use crate::report::report;

/// The most legal moves a position may have in `play` (the shared loop lists them all).
pub const PLAY_MOVE_LIMIT: u64 = 200_000;

/// A position in `play`: a board (possibly still to be built from its parent) and the side to move.
#[derive(Debug, Clone)]
pub struct PlayPosition {
    base: Rc<Board>,
    mover: Colour,
    /// A slide still to apply to `base`: the pawn's index and its destination field.
    pending: Option<(usize, u64)>,
}

impl PlayPosition {
    /// `board` with `mover` to move.
    pub fn new(board: Board, mover: Colour) -> Self {
        Self { base: Rc::new(board), mover, pending: None }
    }

    /// The side to move.
    pub fn mover(&self) -> Colour {
        self.mover
    }

    /// The board (built from the parent on demand, O(m)).
    pub fn board(&self) -> Cow<'_, Board> {
        match self.pending {
            None => Cow::Borrowed(&self.base),
            Some((index, to)) => Cow::Owned(moved(&self.base, index, to)),
        }
    }
}

/// The board after pawn `index` of `board` moves to the empty field `to`.
pub fn moved(board: &Board, index: usize, to: u64) -> Board {
    let mut next = board.clone();
    let code = to << 1 | (board.pawns[index] & 1);
    next.pawns.remove(index);
    let at = next.pawns.partition_point(|&c| c < code);
    next.pawns.insert(at, code);
    next
}

/// The destination of `slide` on `board`, if it is a legal move of `mover`: the pawn index and the
/// field it stops on.
pub fn destination(board: &Board, mover: Colour, slide: &Slide) -> Option<(usize, u64)> {
    let index = board.pawns.binary_search_by_key(&slide.pawn, |&code| code >> 1).ok()?;
    if board.colour(index) != mover {
        return None;
    }
    let m = board.len();
    let previous = if index == 0 { m - 1 } else { index - 1 };
    let (room, to) = match slide.direction {
        Direction::Cw => {
            (board.empty_after(index), board.step_clockwise(slide.pawn, slide.distance % board.n()))
        }
        Direction::Ccw => (
            board.empty_after(previous),
            board.step_counter_clockwise(slide.pawn, slide.distance % board.n()),
        ),
    };
    (slide.distance <= room).then_some((index, to))
}

/// A drawing of the circle for small boards: one character per field from field 1 (`W` white,
/// `B` black, `.` empty), in groups of ten.
pub fn circle(board: &Board) -> Option<String> {
    const MAX_DRAWN: u64 = 200;
    if board.n() > MAX_DRAWN {
        return None;
    }
    let mut cells = vec!['.'; board.n() as usize];
    for i in 0..board.len() {
        cells[board.position(i) as usize - 1] = if board.colour(i) == Colour::White { 'W' } else { 'B' };
    }
    let groups: Vec<String> = cells.chunks(10).map(|c| c.iter().collect()).collect();
    Some(groups.join(" "))
}

/// The sliding-pawn game for `grid_core::cli::play`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Game;

impl PlayGame for Game {
    type Position = PlayPosition;

    fn sides(&self) -> [&'static str; 2] {
        ["white", "black"]
    }

    fn to_move(&self, position: &PlayPosition) -> usize {
        position.mover.index()
    }

    fn draw(&self, position: &PlayPosition) -> String {
        let board = position.board();
        let mut text = Vec::new();
        if let Some(circle) = circle(&board) {
            text.extend_from_slice(
                format!("fields 1..{} (W white, B black, . empty): {circle}\n", board.n()).as_bytes(),
            );
        }
        // Writing to a Vec cannot fail.
        let _ = render::text(&mut text, &report(&board, 1));
        text.extend_from_slice(format!("{} to move\n", position.mover.name()).as_bytes());
        String::from_utf8_lossy(&text).into_owned()
    }

    fn result(&self, position: &PlayPosition) -> Option<GameResult> {
        let board = position.board();
        let mover = position.mover;
        let m = board.len();
        let has_move = (0..m).any(|i| {
            board.colour(i) == mover
                && (board.empty_after(i) > 0 || board.empty_after(if i == 0 { m - 1 } else { i - 1 }) > 0)
        });
        if has_move {
            return None;
        }
        let reason = if board.count(mover) == 0 {
            format!("{} has no pawn", mover.name())
        } else if board.is_full() {
            format!("the board is full: {} cannot move", mover.name())
        } else {
            format!("every {} pawn is blocked: {} cannot move", mover.name(), mover.name())
        };
        Some(GameResult { winner: Some(mover.other().index()), reason })
    }

    fn moves(&mut self, position: &PlayPosition) -> Result<Vec<PlayMove<PlayPosition>>, String> {
        let board = position.board();
        let mover = position.mover;
        let q = query(&board, mover);
        if q.legal_moves > PLAY_MOVE_LIMIT {
            return Err(format!(
                "this position has {} legal moves; play lists every move and stops at {PLAY_MOVE_LIMIT} (query has no limit)",
                q.legal_moves
            ));
        }
        let base = Rc::new(board.into_owned());
        let opponent_moves = opponent_mobility(&base, mover);
        let mut moves = Vec::with_capacity(q.legal_moves as usize);
        for range in &q.moves {
            for slide in range.slides() {
                let Some((index, to)) = destination(&base, mover, &slide) else {
                    return Err(format!("internal: {slide} reported but not legal"));
                };
                let replies = opponent_moves(index, slide.direction, slide.distance);
                let next =
                    PlayPosition { base: Rc::clone(&base), mover: mover.other(), pending: Some((index, to)) };
                moves.push((
                    replies,
                    PlayMove { notation: slide.to_string(), eval: eval_of(range.outcome), next },
                ));
            }
        }
        // Best value first; among equal values, the fewest replies for the opponent first.
        moves.sort_by(|(ra, a), (rb, b)| a.eval.best_first(&b.eval).then(ra.cmp(rb)));
        let sorted: Vec<PlayMove<PlayPosition>> = moves.into_iter().map(|(_, m)| m).collect();
        Ok(sorted)
    }

    fn notation(&self) -> &'static str {
        NOTATION
    }

    fn normalize(&self, text: &str) -> Result<String, String> {
        text.parse::<Slide>().map(|slide| slide.to_string())
    }
}

/// The number of legal moves the opponent of `mover` has after pawn `index` slides `distance` in
/// `direction` (O(1) per move): only the two blocks beside the pawn change, and they count for the
/// opponent when the pawn's neighbour on that side is the opponent's.
fn opponent_mobility(board: &Board, mover: Colour) -> impl Fn(usize, Direction, u64) -> u64 + '_ {
    let m = board.len();
    let opponent = mover.other();
    let total: u64 = (0..m)
        .filter(|&i| board.colour(i) == opponent)
        .map(|i| board.empty_after(i) + board.empty_after(if i == 0 { m - 1 } else { i - 1 }))
        .sum();
    move |index, direction, distance| {
        let previous = if index == 0 { m - 1 } else { index - 1 };
        let next = if index + 1 == m { 0 } else { index + 1 };
        let (before, after) = match direction {
            Direction::Cw => (distance as i128, -(distance as i128)),
            Direction::Ccw => (-(distance as i128), distance as i128),
        };
        let mut count = total as i128;
        if board.colour(previous) == opponent {
            count += before;
        }
        if board.colour(next) == opponent {
            count += after;
        }
        count.max(0) as u64
    }
}
