//! `query`: any position (a taken Young diagram), its score and the score of every move.
//!
//! # Input
//! The default input (`n m`, the `n` rows of `A`, the `n` rows of `B`), then optionally a line
//! `taken l1 … ln`: the row lengths of the taken diagram, top row first, non-increasing, each at most
//! `m` (default: nothing taken); the rows the line leaves out (at the bottom) are empty, so
//! `taken 1` takes the top-left cell of any board. Several positions may follow each other. The side to move follows
//! from the number of taken cells: the first player when it is even.
//!
//! # Output
//! A [`PositionReport`]: the `score` of the position (the best (mover's future gain − opponent's
//! future gain)), the diagram as `taken`, and every takeable cell (a corner of the diagram) with the
//! score it leads to for its mover: `gain − score(position after it)`, best first; with
//! [`Line::Optimal`] also `pv`, one optimal game from the position (`query --json` and `query
//! --explain` ask for it, the playground does not).
//!
//! # Cost
//! One sweep of the layered solver from the full board down to the layer just after the diagram,
//! skipping the rows that cannot contain the diagram ([`crate::solve::child_values`]); the position's
//! own score is the best of its moves, so no move is solved twice. The sweep runs on the board
//! without the rows and columns the diagram fills completely (the same game, with `A` and `B`
//! swapped when an odd number of cells is cut), so a diagram that fills the top rows costs the
//! solve of the smaller board that is left. The optimal game comes from the same sweep: it records
//! the best step of every state below the position's children (one byte per state of those layers,
//! [`line_bytes`]) and replays them from the best move.

use std::fmt::Write as _;

use grid_core::report::{self, Cell, Eval, MoveReport, PositionReport};
use grid_core::{InputError, Scanner};
use serde::Serialize;
use smallvec::SmallVec;

use crate::board::Board;
use crate::parse::read_board;
use crate::path::{self, LatticePath};
use grid_core::stop::{StopFlag, Stopped, unstoppable};

use crate::solve::{Line, Progress, children_until_stopped};

/// The crate's name in reports.
pub const GAME: &str = "lattice-dp";

/// The two sides, as `to_move` and `play --as` name them.
pub const SIDES: [&str; 2] = ["first", "second"];

/// A position of a query: a board and the taken diagram, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    /// Row lengths of the taken diagram, top row first.
    taken: Vec<usize>,
}

impl Position {
    /// The position of `board` with the diagram of row lengths `taken` (one per row, non-increasing,
    /// each at most the number of columns); `None` otherwise.
    pub fn new(board: Board, taken: Vec<usize>) -> Option<Self> {
        let fits = taken.len() == board.rows()
            && taken.windows(2).all(|w| w[0] >= w[1])
            && taken.first().is_none_or(|&l| l <= board.cols());
        fits.then_some(Self { board, taken })
    }

    /// The start position of `board`: nothing taken.
    pub fn start(board: Board) -> Self {
        let taken = vec![0; board.rows()];
        Self { board, taken }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Row lengths of the taken diagram, top row first.
    pub fn taken(&self) -> &[usize] {
        &self.taken
    }

    /// The number of taken cells.
    pub fn taken_cells(&self) -> usize {
        self.taken.iter().sum()
    }

    /// The side to move: 0 (first) when the number of taken cells is even, else 1 (second).
    pub fn side_to_move(&self) -> usize {
        self.taken_cells() % 2
    }

    /// Whether every cell is taken.
    pub fn is_over(&self) -> bool {
        self.taken_cells() == self.board.rows() * self.board.cols()
    }

    /// The boundary path of the diagram (one bit per step, as the crate documentation describes).
    pub fn path(&self) -> LatticePath {
        path::from_rows(&self.taken, self.board.cols())
    }

    /// What the side to move gains by taking cell (row, col), 0-based.
    pub fn gain(&self, row: usize, col: usize) -> i64 {
        if self.side_to_move() == 0 {
            self.board.first_value(row, col)
        } else {
            self.board.second_value(row, col)
        }
    }

    /// The same game on a smaller board: without the fully taken rows (at the top) and columns (at
    /// the left), with `A` and `B` swapped when an odd number of cells goes, so that the side to
    /// move keeps its values. Returns it with the number of rows and columns cut. The board must
    /// not be full.
    fn trimmed(&self) -> (Position, usize, usize) {
        let (n, m) = (self.board.rows(), self.board.cols());
        let top = self.taken.iter().take_while(|&&len| len == m).count();
        let left = self.taken[n - 1];
        debug_assert!(top < n && left < m, "a full board has no core");
        let cut = |values: &dyn Fn(usize, usize) -> i64| -> Vec<i64> {
            (top..n).flat_map(|r| (left..m).map(move |c| (r, c))).map(|(r, c)| values(r, c)).collect()
        };
        let mut first = cut(&|r, c| self.board.first_value(r, c));
        let mut second = cut(&|r, c| self.board.second_value(r, c));
        if (top * m + (n - top) * left) % 2 == 1 {
            std::mem::swap(&mut first, &mut second);
        }
        // A part of a valid board is a valid board.
        let board = Board::new(n - top, m - left, first, second).expect("a part of a valid board");
        let taken = self.taken[top..].iter().map(|&len| len - left).collect();
        (Position { board, taken }, top, left)
    }

    /// The position after taking cell (row, col), 0-based; `None` unless that cell is takeable
    /// (the first free cell of its row, with the row above at least as long afterwards).
    pub fn after(&self, row: usize, col: usize) -> Option<Position> {
        let takeable = row < self.board.rows()
            && col < self.board.cols()
            && self.taken[row] == col
            && (row == 0 || self.taken[row - 1] > col);
        takeable.then(|| {
            let mut next = self.clone();
            next.taken[row] += 1;
            next
        })
    }
}

/// Reads the positions of a query input: one or more boards, each optionally followed by a line
/// `taken l1 … ln` (at most one length per row; the rows left out are empty).
pub fn parse_positions(input: &[u8]) -> Result<Vec<Position>, InputError> {
    let mut scanner = Scanner::new(input);
    let mut positions = Vec::new();
    loop {
        let board = read_board(&mut scanner)?;
        let (n, m) = (board.rows(), board.cols());
        let mut taken = vec![0; n];
        let mut ahead = scanner.clone();
        match ahead.try_token() {
            None => {
                positions.push(Position { board, taken });
                return Ok(positions);
            }
            Some(token) if token.text == b"taken" => {
                scanner = ahead;
                // Read row by row: each row at most the one above (and at most m). The lengths
                // stand on the `taken` line; the rows it leaves out are empty.
                let mut above = m;
                let last_line = token.loc.line;
                for (row, slot) in taken.iter_mut().enumerate() {
                    if scanner.peek().is_none_or(|next| next.loc.line != last_line) {
                        break;
                    }
                    let (len, loc) = scanner.uint_at("taken row length", 0, m as u64)?;
                    // len ≤ m ≤ 31.
                    let len = len as usize;
                    if len > above {
                        return Err(loc.msg(format!(
                            "taken row {} holds {len} cells, more than row {} above it ({above}): the taken \
                             cells must form a Young diagram (non-increasing row lengths)",
                            row + 1,
                            row
                        )));
                    }
                    *slot = len;
                    above = len;
                }
                let mut after = scanner.clone();
                if let Some(extra) = after.try_token().filter(|t| t.loc.line == last_line) {
                    return Err(extra.loc.msg(format!(
                        "the taken line has more than {n} row lengths (one per row of the {n}x{m} board)"
                    )));
                }
            }
            Some(token) if !token.text.first().is_some_and(u8::is_ascii_digit) => {
                return Err(token.loc.msg(format!(
                    "expected `taken` or the next board, found '{}'",
                    grid_core::error::shorten(token.text)
                )));
            }
            Some(_) => {}
        }
        positions.push(Position { board, taken });
        if scanner.at_end() {
            return Ok(positions);
        }
    }
}

/// The position fields of a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionFields {
    /// Row lengths of the taken diagram, top row first.
    pub taken: Vec<usize>,
    /// One optimal game from the position, as move notations (the default `--json` and `query
    /// --json`; [`query`] with [`Line::Optimal`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv: Option<Vec<String>>,
}

/// The move fields of a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveFields {
    /// The cell taken, 1-based `[row, column]`.
    pub cell: Cell,
    /// What the mover gains by taking it (its `A` or `B` value).
    pub gain: i64,
}

/// A lattice-dp report of one position.
pub type Report = PositionReport<PositionFields, MoveFields>;

/// The legal moves of a position, held inline ([`MAX_MOVES`](crate::solve::MAX_MOVES)).
pub type Moves = SmallVec<[Move; crate::solve::MAX_MOVES]>;

/// One move of a position, with the position it leads to and its score for the mover.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The cell taken, 0-based (row, column).
    pub cell: (usize, usize),
    /// What the mover gains.
    pub gain: i64,
    /// `gain − score(next)`: what the move is worth to its mover.
    pub score: i64,
    /// The position after the move.
    pub next: Position,
}

impl Move {
    /// The move's notation: `row,column`, 1-based.
    pub fn notation(&self) -> String {
        cell_of(self.cell).to_string()
    }
}

/// The 1-based cell of a 0-based (row, column).
pub fn cell_of((row, col): (usize, usize)) -> Cell {
    Cell { row: row + 1, column: col + 1 }
}

/// Every move of `position` with its score for the mover, best first (stable: equal scores keep
/// the order of the diagram's corners, bottom-left first). One solver sweep.
pub fn moves(position: &Position, on_progress: &mut dyn FnMut(Progress)) -> Moves {
    unstoppable(moves_until_stopped(position, None, on_progress))
}

/// [`moves`], stopped at a layer boundary of the sweep once `stop` is set.
pub fn moves_until_stopped(
    position: &Position,
    stop: StopFlag<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Moves, Stopped> {
    solve_until_stopped(position, Line::Omit, stop, on_progress).map(|solved| solved.moves)
}

/// A position solved: its moves best first and, when asked for, one optimal game from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// Every move with its score for the mover, best first (as [`moves`]).
    pub moves: Moves,
    /// With [`Line::Optimal`]: the cells (row, column), 0-based, of one optimal game from the
    /// position until the board is full, the side to move first; it starts with the first of
    /// `moves`. Empty when the board is full.
    pub line: Option<Vec<(usize, usize)>>,
}

/// [`moves_until_stopped`], and with [`Line::Optimal`] one optimal game from the position, from
/// the same sweep ([`crate::solve::children_until_stopped`]: [`line_bytes`] more bytes).
pub fn solve_until_stopped(
    position: &Position,
    line: Line,
    stop: StopFlag<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Solved, Stopped> {
    if position.is_over() {
        return Ok(Solved { moves: Moves::new(), line: (line == Line::Optimal).then(Vec::new) });
    }
    let (core, top, left) = position.trimmed();
    let children = children_until_stopped(&core.board, core.path(), line, stop, on_progress)?;
    let mut moves: Moves = children
        .values
        .into_iter()
        .map(|child| {
            let (row, col) = (child.cell.0 + top, child.cell.1 + left);
            let gain = position.gain(row, col);
            // Both totals are below 256 · 10^9 in absolute value: no overflow.
            let next = position.after(row, col).expect("a corner of the diagram is takeable");
            Move { cell: (row, col), gain, score: gain - child.value, next }
        })
        .collect();
    report::sort_best_first(&mut moves, |m| Eval::score(m.score));
    // The core's cells are the position's, moved by the rows and columns cut.
    let line =
        children.line.map(|cells| cells.into_iter().map(|(row, col)| (row + top, col + left)).collect());
    debug_assert!(
        line.as_ref().is_none_or(|line: &Vec<_>| line.first() == moves.first().map(|m| &m.cell)),
        "the line starts with the first best move"
    );
    Ok(Solved { moves, line })
}

/// The bytes of best steps a query of `position` records with [`Line::Optimal`], besides the
/// value buffers of its sweep: one per state of the layers after the position's, on the board
/// the sweep runs on (without the fully taken rows and columns).
pub fn line_bytes(position: &Position) -> u64 {
    if position.is_over() {
        return 0;
    }
    let (core, _, _) = position.trimmed();
    crate::solve::line_bytes(core.board.rows(), core.board.cols(), core.taken_cells())
}

/// The score of a position from its moves: the best move's score (0 when the board is full).
pub fn score_of(moves: &[Move]) -> i64 {
    moves.first().map_or(0, |m| m.score)
}

/// What [`query`] is asked besides the position.
#[derive(Clone, Copy)]
pub struct QueryOptions<'a> {
    /// The position's number in its input, 1-based: the report's `board` field.
    pub number: usize,
    /// Called after each layer of the sweep with how far it is (`None`: nobody watches).
    pub progress: Option<&'a dyn Fn(Progress)>,
    /// Checked before each layer of the sweep: once it is set, [`query`] returns [`Stopped`]
    /// (`None`: the sweep runs to its end).
    pub stop: StopFlag<'a>,
    /// Whether the report carries `pv`, one optimal game from the position ([`Line::Optimal`]:
    /// [`line_bytes`] more memory; [`Line::Omit`]: no `pv`).
    pub line: Line,
}

impl Default for QueryOptions<'_> {
    /// The first position of an input, nobody watching or stopping the sweep, no `pv`.
    fn default() -> Self {
        QueryOptions { number: 1, progress: None, stop: None, line: Line::Omit }
    }
}

impl std::fmt::Debug for QueryOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueryOptions")
            .field("number", &self.number)
            .field("progress", &self.progress.map(|_| "observer"))
            .field("stop", &self.stop)
            .field("line", &self.line)
            .finish()
    }
}

/// The report of `position` (what `lattice-dp query --json` prints, with [`Line::Optimal`]): its
/// score and every move's, best first, and with [`QueryOptions::line`] one optimal game. One sweep
/// of the solver ([`solve_position`]); [`Stopped`] only when [`QueryOptions::stop`] was set.
pub fn query(position: &Position, options: &QueryOptions<'_>) -> Result<Report, Stopped> {
    let solved = solve_position(position, options)?;
    Ok(report_of(position, options.number, &solved.moves, solved.line.as_deref().map(notations)))
}

/// The moves of `position` and, with [`QueryOptions::line`], one optimal game from it: what
/// [`query`] reports, with the game's cells.
pub fn solve_position(position: &Position, options: &QueryOptions<'_>) -> Result<Solved, Stopped> {
    match options.progress {
        Some(observer) => solve_until_stopped(position, options.line, options.stop, &mut |p| observer(p)),
        None => solve_until_stopped(position, options.line, options.stop, &mut |_| {}),
    }
}

/// The move notations of cells (row, column), 0-based: `row,column`, 1-based.
pub fn notations(cells: &[(usize, usize)]) -> Vec<String> {
    cells.iter().map(|&cell| cell_of(cell).to_string()).collect()
}

/// The report of a position from its moves (best first), with an optional principal variation.
pub fn report_of(position: &Position, number: usize, moves: &[Move], pv: Option<Vec<String>>) -> Report {
    PositionReport {
        game: GAME,
        board: number,
        to_move: SIDES[position.side_to_move()],
        eval: Eval::score(score_of(moves)),
        detail: PositionFields { taken: position.taken.clone(), pv },
        moves: moves
            .iter()
            .map(|m| MoveReport {
                notation: m.notation(),
                detail: MoveFields { cell: cell_of(m.cell), gain: m.gain },
                eval: Eval::score(m.score),
            })
            .collect(),
    }
}

/// The report of the start position of `start`'s board (nothing taken), whose `value` and optimal
/// game (0-based cells, from [`crate::solve()`] with [`crate::Mode::WithGame`]) are known: the `--json`
/// line of the default mode. The empty board has one move, the top-left cell, worth the value.
pub fn start_report(start: &Position, value: i64, game: &[(usize, usize)]) -> Report {
    let moves: Moves = start
        .after(0, 0)
        .map(|next| Move { cell: (0, 0), gain: start.gain(0, 0), score: value, next })
        .into_iter()
        .collect();
    report_of(start, 1, &moves, Some(notations(game)))
}

/// The text report of a position: one line for the position, then its moves best first.
pub fn write_text(
    out: &mut impl std::io::Write,
    position: &Position,
    report: &Report,
) -> std::io::Result<()> {
    let board = &position.board;
    let mut head = format!(
        "Position {} ({}×{}), {} to move: {}; {} taken",
        report.board,
        board.rows(),
        board.cols(),
        report.to_move,
        report.eval,
        grid_core::words::counted(position.taken_cells(), "cell")
    );
    if position.taken_cells() > 0 {
        let rows: Vec<String> = position.taken.iter().map(usize::to_string).collect();
        let _ = write!(head, " (rows {})", rows.join(" "));
    }
    writeln!(out, "{head}")?;
    if report.moves.is_empty() {
        writeln!(out, "  (the board is full: no move)")
    } else {
        report::write_move_lines(out, &report.moves)
    }
}
