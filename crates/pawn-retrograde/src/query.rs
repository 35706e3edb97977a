//! `query`: any position (either side to move, the pawn possibly already in row 1), its value and
//! the value of every legal move, best first.
//!
//! A [`Position`] is a board with its pieces and the side to move, validated when it is built. The
//! retrograde pass of its board stops as soon as the position and all its successors are decided
//! ([`solve_position`]); [`evaluate`] then reads the position's value and every move's value off the
//! solution, and [`solve_query`] adds the principal variation; [`query`] puts all of it in the
//! report model. The same reading serves `play` ([`crate::play`]), which solves its board once,
//! completely.
//!
//! # Moves
//!
//! A move is written `FROM-TO` with 1-based `row,column` cells, e.g. `5,1-4,1`: the cell a piece
//! leaves identifies the piece (the pawn or one of the two red pieces), so the notation is unique.

use std::fmt;
use std::io::{self, Write};

use grid_core::report::{Cell, Eval, MoveReport, PositionReport, sort_best_first};
use grid_core::stop::{StopFlag, Stopped, unstoppable};
use grid_core::{Dims, Pos};
use serde::Serialize;
use smallvec::SmallVec;

use crate::analysis::{self, LineEnd, Move, Piece};
use crate::solve::{Outcome, Solution, StateValue};
use crate::space::{Side, State, StateSpace, Terminal};

pub use crate::position::Position;

/// `red` or `black`: the side's word in reports and in `--as`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Black => "black",
    }
}

/// `A`, `B` (the red pieces, A first in reading order) or `X` (the black pawn).
pub fn piece_letter(piece: Piece) -> &'static str {
    match piece {
        Piece::A => "A",
        Piece::B => "B",
        Piece::X => "X",
    }
}

/// The eval of the crate's value for the side to move (a tie is a draw).
pub fn eval_of(value: StateValue) -> Eval {
    match value {
        StateValue::Win(d) => Eval::win(d),
        StateValue::Loss(d) => Eval::lose(d),
        StateValue::Tie => Eval::DRAW,
    }
}

/// A move written `FROM-TO` (1-based `row,column` cells), as `play` accepts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    /// The cell the piece leaves (0-based).
    pub from: Pos,
    /// The cell the piece enters (0-based).
    pub to: Pos,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", Cell::of(self.from), Cell::of(self.to))
    }
}

impl std::str::FromStr for Notation {
    type Err = String;

    /// Reads `FROM-TO`, each cell in any spelling [`Cell`] reads (`5,1-4,1`, `(5,1) - (4,1)`,
    /// `5 1-4 1`).
    fn from_str(text: &str) -> Result<Notation, String> {
        let bad = || {
            format!(
                "`{}` is not a move: write FROM-TO as row,column-row,column (e.g. 5,1-4,1)",
                grid_core::error::printable(text.as_bytes())
            )
        };
        let (from, to) = text.split_once('-').ok_or_else(bad)?;
        let from: Cell = from.parse().map_err(|_| bad())?;
        let to: Cell = to.parse().map_err(|_| bad())?;
        Ok(Notation { from: from.pos().ok_or_else(bad)?, to: to.pos().ok_or_else(bad)? })
    }
}

/// The most legal moves of a position: Red steps one of its two pieces in one of 4 directions
/// (Black has at most 3 moves), so a position's move list is held inline.
pub const MAX_MOVES: usize = 8;

/// The legal moves of a position, held inline ([`MAX_MOVES`]).
pub type Moves = SmallVec<[MoveValue; MAX_MOVES]>;

/// One legal move of a position and what it is worth to its mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The piece that moves (red pieces named in reading order of the position: A first).
    pub piece: Piece,
    /// Where it goes.
    pub notation: Notation,
    /// What the move leads to, for its mover: the value of `next` for the opponent, seen from the
    /// mover's side ([`Eval::for_mover`]).
    pub eval: Eval,
    /// The state the move leads to.
    pub next: State,
}

/// The value of a position and of each of its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The side to move.
    pub to_move: Side,
    /// The position's value for the side to move.
    pub value: StateValue,
    /// Why the game is over at the position (`None` while it goes on).
    pub terminal: Option<Terminal>,
    /// Every legal move, best first (equal moves in generation order).
    pub moves: Moves,
}

impl Evaluation {
    /// The position's eval for the side to move.
    pub fn eval(&self) -> Eval {
        eval_of(self.value)
    }

    /// The judge's words for the position: `Red k`, `Black k` (k moves from here) or `Tie`.
    pub fn outcome(&self) -> Outcome {
        Outcome::of(self.to_move, self.value, 0)
    }
}

/// Solves `position`'s board until the position and all its successors are decided; returns the
/// solution and the position's state. Stops before the pass's next level once `stop` is set.
pub fn solve_position(position: &Position, stop: StopFlag<'_>) -> Result<(Solution, State), Stopped> {
    let space = StateSpace::new(position.board());
    let state = position.state(&space);
    let mut targets = vec![state];
    space.for_each_successor(state, |_, next| targets.push(next));
    Ok((Solution::until_stopped(space, &targets, stop)?, state))
}

/// The value of `state` and of each of its moves, read off `solution`, in which `state` and its
/// successors must be decided unless the pass is complete (an undecided state of an exhausted pass
/// is a tie; [`solve_position`] guarantees one or the other).
pub fn evaluate(solution: &Solution, state: State) -> Evaluation {
    let space = solution.space();
    let value_of = |s: State| solution.value(s).unwrap_or(StateValue::Tie);
    let [a, _] = space.pair_cells(state.pair);
    let mut moves = Moves::new();
    space.for_each_successor(state, |step, next| {
        let piece = match state.to_move {
            Side::Black => Piece::X,
            Side::Red if step.from == a => Piece::A,
            Side::Red => Piece::B,
        };
        let notation = Notation { from: space.position(step.from), to: space.position(step.to) };
        moves.push(MoveValue { piece, notation, eval: eval_of(value_of(next)).for_mover(0), next });
    });
    sort_best_first(&mut moves, |m| m.eval);
    Evaluation { to_move: state.to_move, value: value_of(state), terminal: space.terminal(state), moves }
}

/// Everything `query` reports of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// The board's size.
    pub dims: Dims,
    /// The position's value and its moves' values.
    pub evaluation: Evaluation,
    /// The principal variation: optimal play from the position, with the position after each move.
    pub line: Vec<(Move, analysis::Position)>,
    /// Why the principal variation stops.
    pub end: LineEnd,
}

/// What [`query`] is asked besides the position.
#[derive(Debug, Clone, Copy)]
pub struct QueryOptions<'a> {
    /// The position's number in its input, 1-based: the report's `board` field.
    pub number: usize,
    /// Checked before each level of the retrograde pass: once it is set, [`query`] returns
    /// [`Stopped`] (`None`: the pass runs to its end).
    pub stop: StopFlag<'a>,
}

impl Default for QueryOptions<'_> {
    /// The first position of an input, no stop flag.
    fn default() -> Self {
        QueryOptions { number: 1, stop: None }
    }
}

/// The report of one position (what `pawn-retrograde query --json` prints): its value, every
/// move's value, best first, and the principal variation. One retrograde pass of its board, which
/// stops once the position and its successors are decided; [`Stopped`] only when
/// [`QueryOptions::stop`] was set.
pub fn query(position: &Position, options: &QueryOptions) -> Result<Report, Stopped> {
    let query = solve_query_until_stopped(position, options.stop)?;
    Ok(report(options.number, &query))
}

/// Queries one position: its value, every move's value (best first) and the principal variation,
/// in the crate's own types (the text report and `--explain` read these).
pub fn solve_query(position: &Position) -> Query {
    unstoppable(solve_query_until_stopped(position, None))
}

/// [`solve_query`], stopped before the pass's next level once `stop` is set.
pub fn solve_query_until_stopped(position: &Position, stop: StopFlag<'_>) -> Result<Query, Stopped> {
    let (solution, state) = solve_position(position, stop)?;
    let evaluation = evaluate(&solution, state);
    let (line, end) = analysis::line_from(&solution, position.board(), state);
    Ok(Query { dims: position.board().dims(), evaluation, line, end })
}

/// Why a principal variation stops, in words.
pub fn end_reason(end: LineEnd) -> String {
    match end {
        LineEnd::Terminal(terminal) => analysis::ending_reason(terminal).to_string(),
        LineEnd::Repetition { first } => format!("position after move {first} repeats: play goes on forever"),
        LineEnd::Cut => "line cut: play goes on forever".to_string(),
    }
}

/// The pawn game's own fields of a move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveFields {
    /// `A`, `B` (red pieces, A first in reading order of the position) or `X` (the black pawn).
    pub piece: &'static str,
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell the piece enters.
    pub to: Cell,
}

/// The moves of an evaluation in the report model (same order).
pub fn move_reports(moves: &[MoveValue]) -> Vec<MoveReport<MoveFields>> {
    moves
        .iter()
        .map(|m| MoveReport {
            notation: m.notation.to_string(),
            detail: MoveFields {
                piece: piece_letter(m.piece),
                from: Cell::of(m.notation.from),
                to: Cell::of(m.notation.to),
            },
            eval: m.eval,
        })
        .collect()
}

/// Writes the text report of query number `number` (1-based): a line with the position's value,
/// then every move best first (`  FROM-TO  value`), or why the game is over.
///
/// ```text
/// Position 1 (3×3), red to move: lose in 2 (Black 2)
///   3,1-2,1  lose in 2
/// ```
pub fn write_text(out: &mut impl Write, number: usize, query: &Query) -> io::Result<()> {
    let e = &query.evaluation;
    writeln!(
        out,
        "Position {number} ({}×{}), {} to move: {} (answer {})",
        query.dims.rows,
        query.dims.cols,
        side_word(e.to_move),
        e.eval(),
        e.outcome()
    )?;
    if let Some(terminal) = e.terminal {
        return writeln!(out, "  game over: {}", analysis::ending_reason(terminal));
    }
    let moves = move_reports(&e.moves);
    grid_core::report::write_move_lines(out, &moves)
}

/// The game's name in reports.
pub const GAME: &str = "pawn-retrograde";

/// The pawn game's own fields of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionFields {
    /// The judge's words for the position: `Red k`, `Black k` (k moves from here) or `Tie`.
    pub answer: String,
    /// The principal variation, as move notations (optimal play; a tie line stops at its first
    /// repetition).
    pub pv: Vec<String>,
    /// Why the principal variation stops.
    pub end: String,
}

/// The report of one board or position.
pub type Report = PositionReport<PositionFields, MoveFields>;

/// The report of board (or query) number `number` (1-based): what `--json` (default mode and
/// `query`) prints, one per line.
///
/// ```json
/// {"game":"pawn-retrograde","board":1,"to_move":"red","value":"lose","remoteness":2,
///  "answer":"Black 2","pv":["3,1-2,1","2,2-1,2"],"end":"the black pawn stands in row 1, so Black wins",
///  "moves":[{"move":"3,1-2,1","piece":"A","from":[3,1],"to":[2,1],"value":"lose","remoteness":2},…]}
/// ```
///
/// The field table is in `docs/REPORT.md` (section pawn-retrograde).
pub fn report(number: usize, query: &Query) -> Report {
    let e = &query.evaluation;
    let pv = query.line.iter().map(|(mv, _)| Notation { from: mv.from, to: mv.to }.to_string()).collect();
    PositionReport {
        game: GAME,
        board: number,
        to_move: side_word(e.to_move),
        eval: e.eval(),
        detail: PositionFields { answer: e.outcome().to_string(), pv, end: end_reason(query.end) },
        moves: move_reports(&e.moves),
    }
}
