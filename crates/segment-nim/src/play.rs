//! `play`: a person against the solver, through the shared loop `grid_core::play`.
//!
//! A move is typed as one [`Slide`], `17 cw 3` (see [`crate::query`](mod@crate::query) for the notation). A typed
//! move is checked and valued on its own ([`PlayGame::find_move`]: O(m) for the board's facts,
//! then O(1) for the move), and `hint` shows the query's ranges of distances with one value
//! (`17 cw 1-40  lose`), so a board of any size can be played.
//!
//! The solver plays a move of the best value, and among those, when the position has at most
//! [`PLAY_MOVE_LIMIT`] legal moves, the one that leaves the opponent the fewest legal moves (the
//! method gives no remoteness, so "fastest win" is approximated by squeezing the opponent; a won
//! position stays won and a drawn one is never lost). With more moves it plays the shortest slide
//! of the best range.

use std::borrow::Cow;
use std::rc::Rc;

use grid_core::Eval;
use grid_core::play::{GameResult, PlayGame, PlayMove};

use crate::board::{Board, Colour};
use crate::query::{Analysis, Direction, NOTATION, Slide, eval_of, solve_query};

/// The most legal moves of a position for which the solver compares every single move (to squeeze
/// the opponent); beyond it, it plays the shortest slide of the best range.
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

/// A drawing of the circle for boards of at most 200 fields: one character per field (`W` white,
/// `B` black, `.` empty), ten fields a line under a ruler (a field's number is its line's number
/// plus its column's).
pub fn circle(board: &Board) -> Option<String> {
    const MAX_DRAWN: u64 = 200;
    if board.n() > MAX_DRAWN {
        return None;
    }
    let mut cells = vec!['.'; board.n() as usize];
    for i in 0..board.len() {
        cells[board.position(i) as usize - 1] = if board.colour(i) == Colour::White { 'W' } else { 'B' };
    }
    // Ten fields a line; the ruler: field = the line's number + the column's.
    let columns = cells.len().min(10);
    let mut text: String = (1..=columns).map(|c| format!(" +{c:<2}")).collect();
    text = format!("field{}\n", text.trim_end());
    for (line, chunk) in cells.chunks(10).enumerate() {
        let row: String = chunk.iter().map(|c| format!("  {c} ")).collect();
        text += &format!("{:>5}{}\n", line * 10, row.trim_end());
    }
    Some(text)
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

    /// The circle (one character a field, for n ≤ 200) or the pawns' fields, and whose turn it
    /// is. Not the `--explain` analysis: it names the winning move, which would play for the
    /// person.
    fn draw(&self, position: &PlayPosition) -> String {
        let board = position.board();
        let mut text = format!(
            "{} fields, {} white, {} black\n",
            board.n(),
            board.count(Colour::White),
            board.count(Colour::Black)
        );
        match circle(&board) {
            Some(circle) => text += &format!("W white, B black, . empty\n{circle}"),
            None => {
                for colour in [Colour::White, Colour::Black] {
                    let fields: Vec<String> =
                        board.positions(colour).take(50).map(|f| f.to_string()).collect();
                    let more = if board.count(colour) > 50 { " ..." } else { "" };
                    text += &format!("{} pawns on fields {}{more}\n", colour.name(), fields.join(" "));
                }
            }
        }
        text + &format!("{} to move\n", position.mover.name())
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
        let q = solve_query(&board, mover);
        if q.legal_moves > PLAY_MOVE_LIMIT {
            return Err(format!(
                "this position has {} legal moves; listing stops at {PLAY_MOVE_LIMIT} (query has no limit)",
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

    fn best_move(&mut self, position: &PlayPosition) -> Result<PlayMove<PlayPosition>, String> {
        let board = position.board();
        let q = solve_query(&board, position.mover);
        if q.legal_moves <= PLAY_MOVE_LIMIT {
            return self.moves(position)?.into_iter().next().ok_or_else(|| "no legal move".to_string());
        }
        let mut ranges = q.moves;
        grid_core::report::sort_best_first(&mut ranges, |r| eval_of(r.outcome));
        let range = ranges.first().ok_or("no legal move")?;
        let slide = range.slides().next().ok_or("an empty range of moves")?;
        let (index, to) = destination(&board, position.mover, &slide)
            .ok_or_else(|| format!("internal: {slide} reported but not legal"))?;
        let base = Rc::new(board.into_owned());
        let next = PlayPosition { base, mover: position.mover.other(), pending: Some((index, to)) };
        Ok(PlayMove { notation: slide.to_string(), eval: eval_of(range.outcome), next })
    }

    fn hints(&mut self, position: &PlayPosition) -> Result<Vec<(String, Eval)>, String> {
        let mut ranges = solve_query(&position.board(), position.mover).moves;
        grid_core::report::sort_best_first(&mut ranges, |r| eval_of(r.outcome));
        Ok(ranges.iter().map(|r| (r.notation(), eval_of(r.outcome))).collect())
    }

    fn find_move(
        &mut self,
        position: &PlayPosition,
        text: &str,
    ) -> Result<Option<PlayMove<PlayPosition>>, String> {
        let slide: Slide = text.parse()?;
        let board = position.board();
        let Some((index, to)) = destination(&board, position.mover, &slide) else { return Ok(None) };
        let outcome =
            Analysis::new(&board).move_outcome(position.mover, index, slide.direction, slide.distance);
        let base = Rc::new(board.into_owned());
        let next = PlayPosition { base, mover: position.mover.other(), pending: Some((index, to)) };
        Ok(Some(PlayMove { notation: slide.to_string(), eval: eval_of(outcome), next }))
    }

    fn notation(&self) -> &'static str {
        NOTATION
    }

    fn normalize(&self, text: &str) -> Result<String, String> {
        text.parse::<Slide>().map(|slide| slide.to_string())
    }

    fn why_illegal(&mut self, position: &PlayPosition, text: &str) -> Option<String> {
        let slide: Slide = text.parse().ok()?;
        let board = position.board();
        let n = board.n();
        if slide.pawn == 0 || slide.pawn > n {
            return Some(format!("there is no field {} (the fields are 1 to {n})", slide.pawn));
        }
        let Ok(index) = board.pawns.binary_search_by_key(&slide.pawn, |&code| code >> 1) else {
            return Some(format!("field {} is empty", slide.pawn));
        };
        let mover = position.mover;
        if board.colour(index) != mover {
            return Some(format!(
                "the pawn on field {} is {}, not {}",
                slide.pawn,
                board.colour(index).name(),
                mover.name()
            ));
        }
        let m = board.len();
        let room = match slide.direction {
            Direction::Cw => board.empty_after(index),
            Direction::Ccw => board.empty_after(if index == 0 { m - 1 } else { index - 1 }),
        };
        Some(format!(
            "the pawn on field {} is blocked after {} that way",
            slide.pawn,
            grid_core::words::counted(room, "field")
        ))
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
