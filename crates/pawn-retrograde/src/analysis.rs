//! Analysis for people: the principal variation and the value of every first move of Red.

use bitvec::vec::BitVec;
use grid_core::Pos;

use crate::board::Board;
use crate::solve::{Outcome, Solution, StateValue};
use crate::space::{Ending, Side, State, StateSpace, Step, Terminal};

/// Longest principal variation shown for a tie (a tie line is cut at its first repetition anyway).
pub const MAX_TIE_LINE: usize = 200;

/// Which piece moves: a red piece (A starts first in row-major order, B second) or the black pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The red piece that starts first in row-major order.
    A,
    /// The other red piece.
    B,
    /// The black pawn.
    X,
}

/// One move of a line, in board positions (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The side that moves.
    pub side: Side,
    /// The piece that moves.
    pub piece: Piece,
    /// Where it leaves.
    pub from: Pos,
    /// Where it arrives.
    pub to: Pos,
}

/// Where the pieces stand (0-based positions); red pieces keep their names A and B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The black pawn.
    pub black: Pos,
    /// Red pieces A and B.
    pub reds: [Pos; 2],
}

/// How a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// A terminal position.
    Terminal(Terminal),
    /// A tie: the position (with the same side to move) after move `first` comes back.
    Repetition {
        /// Number of moves after which the repeated position first stood.
        first: usize,
    },
    /// A tie line that was cut after [`MAX_TIE_LINE`] moves.
    Cut,
}

/// The value of one legal first move of Red.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstMove {
    /// The move.
    pub mv: Move,
    /// The outcome of the game when Red plays it and both sides then play optimally.
    pub outcome: Outcome,
}

/// Everything shown about one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The game's outcome.
    pub outcome: Outcome,
    /// Every legal first move of Red with its outcome, in generation order.
    pub first_moves: Vec<FirstMove>,
    /// The principal variation: the moves with the position after each.
    pub line: Vec<(Move, Position)>,
    /// Why the principal variation stops.
    pub end: LineEnd,
}

/// The outcome of a board (stops the pass as soon as the start is decided).
pub fn solve_outcome(board: &Board) -> Outcome {
    let space = StateSpace::new(board);
    let start = space.start();
    let solution = Solution::new(space, &[start]);
    solution.outcome().unwrap_or(Outcome::Tie)
}

/// The full analysis of a board (the pass stops once the start and its successors are decided).
pub fn analyse(board: &Board) -> Analysis {
    let space = StateSpace::new(board);
    let start = space.start();
    let mut targets = vec![start];
    space.for_each_successor(start, |_, next| targets.push(next));
    let solution = Solution::new(space, &targets);
    let outcome = solution.outcome().unwrap_or(Outcome::Tie);
    let walker = Walker { solution: &solution, board };
    let first_moves = walker.first_moves();
    let (line, end) = walker.principal_variation(walker.space().start());
    Analysis { outcome, first_moves, line, end }
}

/// The principal variation from `state`, the position of `board`'s pieces with either side to move,
/// read off `solution` (a solution of `board` in which `state` and its successors are decided, or a
/// complete one).
pub fn line_from(solution: &Solution, board: &Board, state: State) -> (Vec<(Move, Position)>, LineEnd) {
    Walker { solution, board }.principal_variation(state)
}

/// Reads moves and values off a solution.
struct Walker<'a> {
    solution: &'a Solution,
    board: &'a Board,
}

impl Walker<'_> {
    fn space(&self) -> &StateSpace {
        self.solution.space()
    }

    /// The value of a target state, which the pass decided (or proved a tie).
    fn value(&self, state: State) -> StateValue {
        self.solution.value(state).unwrap_or(StateValue::Tie)
    }

    fn first_moves(&self) -> Vec<FirstMove> {
        let start = self.space().start();
        let position = Position { black: self.board.black(), reds: self.board.reds() };
        let mut moves = Vec::new();
        self.space().for_each_successor(start, |step, next| {
            let mv = self.describe(start, step, position);
            moves.push(FirstMove { mv, outcome: Outcome::of(next.to_move, self.value(next), 1) });
        });
        moves
    }

    /// Follows optimal play from `state` (the board's pieces, either side to move): the winner takes
    /// a fastest win, the loser a slowest loss, and in a tie both keep the tie until a position
    /// repeats.
    fn principal_variation(&self, mut state: State) -> (Vec<(Move, Position)>, LineEnd) {
        let mut position = Position { black: self.board.black(), reds: self.board.reds() };
        let mut line = Vec::new();
        let mut seen: Vec<State> = vec![state];
        let mut visited = BitVec::<usize>::repeat(false, self.space().num_states());
        visited.set(crate::index::state_index(self.space().index(state)), true);
        loop {
            if let Some(terminal) = self.space().terminal(state) {
                return (line, LineEnd::Terminal(terminal));
            }
            let value = self.value(state);
            let Some((step, next)) = self.best_move(state, value) else {
                unreachable!("a non-terminal state has an optimal move")
            };
            let mv = self.describe(state, step, position);
            position = apply(position, mv);
            line.push((mv, position));
            state = next;
            if value == StateValue::Tie {
                let index = crate::index::state_index(self.space().index(state));
                if visited.replace(index, true) {
                    let first = seen.iter().position(|&s| s == state).unwrap_or(0);
                    return (line, LineEnd::Repetition { first });
                }
                if line.len() >= MAX_TIE_LINE {
                    return (line, LineEnd::Cut);
                }
            }
            seen.push(state);
        }
    }

    /// The first optimal move of `state` in generation order: a successor lost for the opponent in
    /// `d − 1` for a win in `d`, one won by the opponent in `d − 1` for a loss in `d` (the longest
    /// loss: every successor of a lost state is won by the opponent in at most `d − 1`), a tie for a
    /// tie.
    fn best_move(&self, state: State, value: StateValue) -> Option<(Step, State)> {
        let wanted = match value {
            StateValue::Win(d) => StateValue::Loss(d - 1),
            StateValue::Loss(d) => StateValue::Win(d - 1),
            StateValue::Tie => StateValue::Tie,
        };
        let mut best = None;
        self.space().for_each_successor(state, |step, next| {
            // A decided state's optimal successor is decided (see the early-stop argument in
            // `solve::retrograde`); a tie start means the pass ran to the end, so ties are known.
            if best.is_none() && self.solution.value(next) == Some(wanted) {
                best = Some((step, next));
            }
        });
        best
    }

    /// The move `step` of `state`'s mover, named with the pieces of `position`.
    fn describe(&self, state: State, step: Step, position: Position) -> Move {
        let from = self.space().position(step.from);
        let to = self.space().position(step.to);
        let (side, piece) = match state.to_move {
            Side::Black => (Side::Black, Piece::X),
            Side::Red if position.reds[0] == from => (Side::Red, Piece::A),
            Side::Red => (Side::Red, Piece::B),
        };
        Move { side, piece, from, to }
    }
}

/// The position after `mv`.
fn apply(mut position: Position, mv: Move) -> Position {
    match mv.piece {
        Piece::A => position.reds[0] = mv.to,
        Piece::B => position.reds[1] = mv.to,
        Piece::X => position.black = mv.to,
    }
    position
}

/// A sentence saying why a terminal position ends the game.
pub fn ending_reason(terminal: Terminal) -> &'static str {
    match (terminal.ending, terminal.winner) {
        (Ending::BlackOnTopRow, _) => "the black pawn stands in row 1, so Black wins",
        (Ending::Capture, Side::Red) => "a red piece moved onto the black pawn, so Red wins",
        (Ending::Capture, Side::Black) => "the black pawn moved onto a red piece, so Black wins",
        (Ending::NoMove, Side::Black) => "Red has no legal move, so Black wins",
        (Ending::NoMove, Side::Red) => "Black has no legal move, so Red wins",
    }
}
