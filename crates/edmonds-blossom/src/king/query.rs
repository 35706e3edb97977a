//! Any position of the king game, its value and every legal move's value (`query`), and a person
//! against the perfect opponent (`play`, through [`KingPlay`]).
//!
//! # Positions
//!
//! A position is a board in the HDU 3446 format plus the cell character `o` for the cells the king
//! has already visited: they can never be entered again. `K` is where the king stands now (also
//! visited). The players alternate, so the side to move follows from the number of `o` cells: even
//! (a start position has none) means the first player, called daizhenyang in the original problem,
//! odd the second.
//!
//! # All moves from one matching
//!
//! Let `G` be the move graph of the free cells (neither `#` nor `o`) including the king's cell `v`.
//! The side to move wins iff every maximum matching of `G` covers `v` ([`crate::king::game`]). Moving to a
//! neighbour `u` leaves the opponent on `u` in `G − v`, so that move wins iff `u` is *not* covered by
//! every maximum matching of `G − v`: `u ∈ D(G − v)` of the Gallai–Edmonds decomposition. So one
//! maximum matching and one decomposition of `G − v` give the value of every move at once, and the
//! position's value is consistent with them by construction: it wins iff some move does (indeed
//! `v ∉ D(G)` iff `ν(G − v) < ν(G)` iff some neighbour of `v` is missed by a maximum matching of
//! `G − v`). A query costs one solve of `G − v`, whatever the number of moves.
//!
//! The matching argument decides who wins, not how fast, so reports carry no remoteness
//! ([`Eval::value_only`]).
//!
//! ```
//! use edmonds_blossom::query::{KingMoves, QueryOptions, parse_positions, query};
//! use edmonds_blossom::Value;
//!
//! // A path of three cells (orth4), the king in the middle, one end already visited: the king
//! // must step to the other end, after which the opponent is stuck.
//! let positions = parse_positions(b"1\n1 3\noK.\n").unwrap();
//! let options = QueryOptions { moves: KingMoves::Orth4, ..QueryOptions::default() };
//! let report = query(&positions[0], &options).unwrap();
//! assert_eq!(report.to_move, "second");
//! assert_eq!(report.eval.value(), Some(Value::Win));
//! assert_eq!(report.moves.len(), 1);
//! assert_eq!(report.moves[0].notation, "1,3");
//! ```

use std::io::{self, Write};

use grid_core::play::{GameResult, PlayGame, PlayMove};
use grid_core::report::{Cell, Eval, MoveReport, PositionReport, Value, sort_best_first};
use grid_core::stop::{self, StopFlag, unstoppable};
use grid_core::{Dims, InputError, MoveSet, Scanner};
use serde::Serialize;
use smallvec::SmallVec;

use crate::king::board::{Board, MAX_BOARDS, read_king_grid};
pub use crate::king::game::QueryError;
use crate::king::game::{BoardGraph, symmetric_offsets};
use crate::king::report::explain::draw_board;
use crate::matching::decomposition::{NotMaximum, VertexClass, gallai_edmonds};
use crate::matching::maximum_matching_until_stopped;

/// The `game` field of every report of this crate.
pub const GAME: &str = "edmonds-blossom";

/// The king's move sets of the binary's `--moves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingMoves {
    /// 8 neighbours, 4 cells two steps diagonally, 8 knight jumps (HDU 3446).
    King20,
    /// Up, down, left, right (the bipartite version).
    Orth4,
}

impl KingMoves {
    /// The offsets.
    pub fn set(self) -> MoveSet {
        match self {
            KingMoves::King20 => MoveSet::KING20,
            KingMoves::Orth4 => MoveSet::ORTH4,
        }
    }

    /// `king20` or `orth4`, as `--moves` spells it.
    pub fn name(self) -> &'static str {
        match self {
            KingMoves::King20 => "king20",
            KingMoves::Orth4 => "orth4",
        }
    }
}

/// A player: the one who moved the king first (daizhenyang in HDU 3446) or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player who makes the first move of the game (daizhenyang).
    First,
    /// The other player.
    Second,
}

impl Side {
    /// The two sides, by index.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// `first` or `second`: the `to_move` word of reports.
    pub fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// Reads `first` (or `daizhenyang`) and `second`, in any case.
    pub fn from_name(name: &str) -> Option<Side> {
        match name.trim().to_ascii_lowercase().as_str() {
            "first" | "daizhenyang" => Some(Side::First),
            "second" => Some(Side::Second),
            _ => None,
        }
    }
}

/// Cell characters of a position: free, blocked, visited, the king.
const FREE: u8 = b'.';
const VISITED: u8 = b'o';
const KING: u8 = b'K';

/// A position of the king game: the board, the cells visited so far and where the king stands.
///
/// Built only by [`parse_positions`], [`Position::from_board`] and [`Position::after`], so it
/// always has exactly one king on a `dims`-sized board of `.`, `#`, `o` and `K`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    dims: Dims,
    cells: Vec<u8>,
    king: usize,
    visited: usize,
}

impl Position {
    /// The start position of a board (nothing visited but the `K` cell; the first player to move).
    pub fn from_board(board: &Board) -> Position {
        Position { dims: board.dims(), cells: board.cells().to_vec(), king: board.start(), visited: 0 }
    }

    /// The board's size.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Row-major index of the king's cell.
    pub fn king(&self) -> usize {
        self.king
    }

    /// The king's cell, 1-based.
    pub fn king_cell(&self) -> Cell {
        Cell::of(self.dims.pos(self.king))
    }

    /// Number of visited cells the king has left (`o` cells): the number of moves made so far.
    pub fn visited(&self) -> usize {
        self.visited
    }

    /// The side to move: the first player after an even number of moves.
    pub fn to_move(&self) -> Side {
        if self.visited % 2 == 0 { Side::First } else { Side::Second }
    }

    /// Whether the king may still enter the cell (row-major index): free and never visited.
    #[inline]
    pub fn is_open(&self, cell: usize) -> bool {
        self.cells[cell] == FREE
    }

    /// The board as written: one string of `.`, `#`, `o`, `K` per row.
    pub fn rows(&self) -> Vec<String> {
        self.cells.chunks(self.dims.cols).map(|row| String::from_utf8_lossy(row).into_owned()).collect()
    }

    /// The cells the king can move to under `moves` (open cells one move away), ascending.
    pub fn targets(&self, moves: MoveSet) -> Targets {
        let pos = self.dims.pos(self.king);
        let mut targets: Targets = symmetric_offsets(moves)
            .into_iter()
            .filter_map(|d| self.dims.offset(pos, d))
            .map(|p| self.dims.index(p))
            .filter(|&c| self.is_open(c))
            .collect();
        targets.sort_unstable();
        targets
    }

    /// The position after the king moves to `to` (row-major index), or `None` if that is not a
    /// legal move under `moves`.
    pub fn after(&self, moves: MoveSet, to: usize) -> Option<Position> {
        if !self.targets(moves).contains(&to) {
            return None;
        }
        let mut next = self.clone();
        next.cells[self.king] = VISITED;
        next.cells[to] = KING;
        next.king = to;
        next.visited += 1;
        Some(next)
    }

    /// The drawing of `play` and `--explain`: the board with 1-based row and column numbers, then
    /// where the king stands and who is to move.
    pub fn drawing(&self) -> String {
        let mut text = draw_board(self.dims, |cell| char::from(self.cells[cell]));
        text.push_str(&format!(
            "king on {}, {} visited cell{} (o), {} to move\n",
            self.king_cell(),
            self.visited,
            if self.visited == 1 { "" } else { "s" },
            self.to_move().name()
        ));
        text
    }
}

/// Reads a whole query input: the number of positions, then per position `R C` and `R` rows of `C`
/// characters: `.` free, `#` blocked, `o` visited, `K` the king (exactly one). The HDU 3446
/// format is the special case without `o`.
pub fn parse_positions(input: &[u8]) -> Result<Vec<Position>, InputError> {
    let mut scanner = Scanner::new(input);
    let count = scanner.usize("number of positions", 0, MAX_BOARDS)?;
    let mut positions = Vec::with_capacity(count.min(input.len() / 6 + 1));
    for _ in 0..count {
        let (grid, king) = read_king_grid(&mut scanner, b".#Ko")?;
        let cells = grid.cells().to_vec();
        let visited = cells.iter().filter(|&&c| c == VISITED).count();
        positions.push(Position { dims: grid.dims(), cells, king, visited });
    }
    scanner.finish()?;
    Ok(positions)
}

/// The most moves of a position under the game's move sets: the king's 20 of HDU 3446 (8
/// neighbours, 4 cells two steps diagonally, 8 knight jumps; `orth4` has 4), so a position's move
/// list is held inline. A custom move set with more offsets spills to the heap.
pub const MAX_MOVES: usize = 20;

/// The cells the king can move to, held inline ([`MAX_MOVES`]).
pub type Targets = SmallVec<[usize; MAX_MOVES]>;

/// One legal move and whether it wins for its mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KingMove {
    /// The destination (row-major index).
    pub to: usize,
    /// Whether the mover wins by it (the destination is in `D(G − v)`).
    pub wins: bool,
}

/// The value of a position and of each of its moves, from one matching of `G − v`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionValues {
    /// Whether the side to move wins.
    pub wins: bool,
    /// Every legal move, destinations ascending (row-major).
    pub moves: SmallVec<[KingMove; MAX_MOVES]>,
    /// The size of a maximum matching of `G − v` (0 when the king cannot move: nothing is solved).
    pub matching_size: usize,
}

/// Solves `position`: one maximum matching and one Gallai–Edmonds decomposition of the graph of the
/// open cells (the king's cell excluded) give every move's value. The error would mean an engine
/// bug (the matching was not maximum).
pub fn position_values(position: &Position, moves: MoveSet) -> Result<PositionValues, NotMaximum> {
    match position_values_until_stopped(position, moves, None) {
        Ok(values) => Ok(values),
        Err(QueryError::NotMaximum(e)) => Err(e),
        Err(QueryError::Stopped(stopped)) => unstoppable(Err(stopped)),
    }
}

/// [`position_values`], checking `stop` between its steps (the move graph, the matching, the
/// decomposition) and inside the matching ([`maximum_matching_until_stopped`]).
pub fn position_values_until_stopped(
    position: &Position,
    moves: MoveSet,
    stop: StopFlag<'_>,
) -> Result<PositionValues, QueryError> {
    let targets = position.targets(moves);
    if targets.is_empty() {
        return Ok(PositionValues { wins: false, moves: SmallVec::new(), matching_size: 0 });
    }
    stop::check(stop)?;
    let graph = BoardGraph::on_cells(position.dims, |c| position.is_open(c), moves);
    let matching = maximum_matching_until_stopped(&graph.graph, stop)?;
    stop::check(stop)?;
    let decomposition = gallai_edmonds(&graph.graph, &matching)?;
    let moves: SmallVec<[KingMove; MAX_MOVES]> = targets
        .into_iter()
        .map(|to| {
            let v = graph.vertex(to).expect("a target is an open cell, a vertex of the graph");
            KingMove { to, wins: decomposition.class(v) == VertexClass::D }
        })
        .collect();
    Ok(PositionValues { wins: moves.iter().any(|m| m.wins), moves, matching_size: matching.size() })
}

/// The game's fields of a position report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionFields {
    /// The king's cell, 1-based `[row, column]`.
    pub king: Cell,
    /// Number of `o` cells (moves made so far).
    pub visited: usize,
    /// `king20` or `orth4`.
    pub move_set: &'static str,
    /// The default mode's judge answer, `daizhenyang win` or `daizhenyang lose` (default `--json`
    /// only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<&'static str>,
}

/// The game's fields of a move report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveFields {
    /// The destination, 1-based `[row, column]`.
    pub to: Cell,
}

/// A position report of the king game (one JSON line).
pub type KingReport = PositionReport<PositionFields, MoveFields>;

fn eval_of(wins: bool) -> Eval {
    Eval::value_only(if wins { Value::Win } else { Value::Lose })
}

/// A position report of the king game, by the name every solver crate gives it.
pub type Report = KingReport;

/// What [`query`] is asked besides the position.
#[derive(Debug, Clone, Copy)]
pub struct QueryOptions<'a> {
    /// The position's number in its input, 1-based: the report's `board` field.
    pub number: usize,
    /// The king's move set (`--moves`).
    pub moves: KingMoves,
    /// Checked between the steps of the solve (the move graph, the matching, the decomposition)
    /// and inside the matching: once it is set, [`query`] returns [`QueryError::Stopped`] (`None`: the solve runs to its
    /// end).
    pub stop: StopFlag<'a>,
}

impl Default for QueryOptions<'_> {
    /// The first position of an input, with the 20 moves of HDU 3446, no stop flag.
    fn default() -> Self {
        QueryOptions { number: 1, moves: KingMoves::King20, stop: None }
    }
}

/// The report of `position` (what `edmonds-blossom query --json` prints): its value for the side
/// to move and every legal move, best first (winning moves, then losing ones; each group by
/// destination, row-major). No remoteness: the matching argument does not give one. One matching
/// and one decomposition of the graph without the king's cell, checked maximum: an error is a
/// fault of the solver, never of the position, or the stop flag.
pub fn query(position: &Position, options: &QueryOptions) -> Result<Report, QueryError> {
    let values = position_values_until_stopped(position, options.moves.set(), options.stop)?;
    Ok(position_report(position, options.number, options.moves, &values))
}

/// The report of `position`, the `board`-th of its input, from its values under `moves`.
fn position_report(position: &Position, board: usize, moves: KingMoves, values: &PositionValues) -> Report {
    let mut move_reports: Vec<MoveReport<MoveFields>> = values
        .moves
        .iter()
        .map(|m| {
            let to = Cell::of(position.dims.pos(m.to));
            MoveReport { notation: to.to_string(), detail: MoveFields { to }, eval: eval_of(m.wins) }
        })
        .collect();
    sort_best_first(&mut move_reports, |m| m.eval);
    PositionReport {
        game: GAME,
        board,
        to_move: position.to_move().name(),
        eval: eval_of(values.wins),
        detail: PositionFields {
            king: position.king_cell(),
            visited: position.visited,
            move_set: moves.name(),
            answer: None,
        },
        moves: move_reports,
    }
}

/// The default mode's `--json` record of a board: the report of its start position with the judge
/// answer (`daizhenyang win|lose`) as the extra field `answer`.
pub fn verdict_report(board: &Board, moves: KingMoves, case: usize) -> Result<KingReport, NotMaximum> {
    let position = Position::from_board(board);
    let values = position_values(&position, moves.set())?;
    let mut report = position_report(&position, case, moves, &values);
    let wins = report.eval.value() == Some(Value::Win);
    report.detail.answer = Some(if wins { "daizhenyang win" } else { "daizhenyang lose" });
    Ok(report)
}

/// The text report of `query`: `Position N (R×C), SIDE to move: win|lose; king on R,C, V visited`, then
/// one line per move, best first (`  R,C  win`), or `  no legal move`.
pub fn write_report(out: &mut impl Write, position: &Position, report: &KingReport) -> io::Result<()> {
    let dims = position.dims();
    writeln!(
        out,
        "Position {} ({}×{}), {} to move: {}; king on {}, {} visited",
        report.board,
        dims.rows,
        dims.cols,
        report.to_move,
        report.eval,
        report.detail.king,
        report.detail.visited
    )?;
    if report.moves.is_empty() {
        writeln!(out, "  no legal move: the side to move loses")
    } else {
        grid_core::report::write_move_lines(out, &report.moves)
    }
}

/// `query --explain`'s reasoning after the report: the side to move wins from the king's cell
/// exactly when every maximum matching of the unvisited cells (the king's included) covers it. A
/// winning move goes to a cell some maximum matching of the cells left after the move misses
/// (class D): with the king's cell paired to it, that is a maximum matching covering the king,
/// and the move is the king's matched move.
pub fn write_reasoning(out: &mut impl Write, report: &KingReport) -> io::Result<()> {
    if report.moves.is_empty() {
        return Ok(());
    }
    match report.moves.iter().find(|m| m.eval.value() == Some(Value::Win)) {
        Some(win) => writeln!(
            out,
            "  why: the matched move {}: some maximum matching of the cells left after it misses {} (class D), so with the king's cell paired to {} it is a maximum matching covering the king; the opponent, to move from {}, loses, and the mover keeps answering along the matching",
            win.notation, win.notation, win.notation, win.notation
        ),
        None => writeln!(
            out,
            "  why: every maximum matching of the cells left after a move covers the cell it goes to (no reachable cell is in class D), so the opponent, to move from there, wins by always moving to its matched cell"
        ),
    }
}

/// The king game for `play`: the positions are [`Position`]s, the moves are destination cells.
#[derive(Debug, Clone, Copy)]
pub struct KingPlay {
    moves: KingMoves,
}

impl KingPlay {
    /// The game under `moves`.
    pub fn new(moves: KingMoves) -> Self {
        Self { moves }
    }
}

impl PlayGame for KingPlay {
    type Position = Position;

    fn sides(&self) -> [&'static str; 2] {
        [Side::First.name(), Side::Second.name()]
    }

    /// `first` (also `daizhenyang`, the problem's name for the player who moves first) or `second`.
    fn side_named(&self, name: &str) -> Option<usize> {
        Side::from_name(name).map(Side::index)
    }

    fn to_move(&self, position: &Position) -> usize {
        position.to_move().index()
    }

    fn draw(&self, position: &Position) -> String {
        position.drawing()
    }

    fn result(&self, position: &Position) -> Option<GameResult> {
        if !position.targets(self.moves.set()).is_empty() {
            return None;
        }
        let stuck = position.to_move();
        Some(GameResult {
            winner: Some(stuck.other().index()),
            reason: format!(
                "{} cannot move: no free unvisited cell is one {} move away from {}",
                stuck.name(),
                self.moves.name(),
                position.king_cell()
            ),
        })
    }

    fn moves(&mut self, position: &Position) -> Result<Vec<PlayMove<Position>>, String> {
        let set = self.moves.set();
        let values = position_values(position, set).map_err(|e| format!("internal: {e}"))?;
        let mut moves: Vec<PlayMove<Position>> = values
            .moves
            .iter()
            .map(|m| PlayMove {
                notation: Cell::of(position.dims.pos(m.to)).to_string(),
                eval: eval_of(m.wins),
                next: position.after(set, m.to).expect("a target is a legal move"),
            })
            .collect();
        sort_best_first(&mut moves, |m| m.eval);
        Ok(moves)
    }

    fn notation(&self) -> &'static str {
        "the cell to move the king to, as row,column (1-based, row 1 at the top), e.g. 2,3; \
         it must be free, unvisited and one king move away"
    }

    fn normalize(&self, text: &str) -> Result<String, String> {
        text.parse::<Cell>().map(|cell| cell.to_string()).map_err(|e| e.to_string())
    }

    fn why_illegal(&mut self, position: &Position, text: &str) -> Option<String> {
        let cell: Cell = text.parse().ok()?;
        let dims = position.dims;
        let Some(pos) = cell.pos().filter(|p| p.row < dims.rows && p.col < dims.cols) else {
            return Some(format!("{cell} is off the board ({}x{})", dims.rows, dims.cols));
        };
        let here = position.dims.pos(position.king);
        let step = (pos.row as isize - here.row as isize, pos.col as isize - here.col as isize);
        Some(match position.cells[dims.index(pos)] {
            KING => "the king stands there".to_string(),
            VISITED => format!("{cell} was already visited"),
            FREE if !symmetric_offsets(self.moves.set()).contains(&step) => {
                format!("{cell} is not one {} move away from {}", self.moves.name(), position.king_cell())
            }
            FREE => return None,
            _ => format!("{cell} is blocked"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Position {
        parse_positions(text.as_bytes()).unwrap().remove(0)
    }

    #[test]
    fn parses_visited_cells_and_side_to_move() {
        let p = position("1\n2 3\no.K\n#o.\n");
        assert_eq!((p.visited(), p.to_move(), p.king()), (2, Side::First, 2));
        assert_eq!(p.rows(), vec!["o.K", "#o."]);
        assert_eq!(p.targets(MoveSet::ORTH4).as_slice(), [1, 5]);
        let q = p.after(MoveSet::ORTH4, 5).unwrap();
        assert_eq!((q.visited(), q.to_move(), q.king_cell()), (3, Side::Second, Cell { row: 2, column: 3 }));
        assert_eq!(q.rows(), vec!["o.o", "#oK"]);
        assert!(p.after(MoveSet::ORTH4, 4).is_none());
    }

    #[test]
    fn parse_errors_are_located() {
        let error = |text: &str| parse_positions(text.as_bytes()).unwrap_err().to_string();
        assert_eq!(error("1\n1 2\noo\n"), "line 3, column 1: the board has no 'K'");
        assert_eq!(error("1\n1 2\nKx\n"), "line 3, column 2: unexpected character 'x'");
        assert!(error("1\n1 2\nKo\n.").starts_with("line 4, column 1: unexpected trailing input"));
    }

    #[test]
    fn every_move_from_one_matching() {
        // orth4 path .K.. : to 1,1 leaves the opponent stuck (win); to 1,3 leaves a pair (lose).
        let p = position("1\n1 4\n.K..\n");
        let report = query(&p, &QueryOptions { number: 1, moves: KingMoves::Orth4, stop: None }).unwrap();
        assert_eq!(report.eval, Eval::value_only(Value::Win));
        let moves: Vec<_> = report.moves.iter().map(|m| (m.notation.as_str(), m.eval)).collect();
        assert_eq!(
            moves,
            vec![("1,1", Eval::value_only(Value::Win)), ("1,3", Eval::value_only(Value::Lose))]
        );
        let mut text = Vec::new();
        write_report(&mut text, &p, &report).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "Position 1 (1×4), first to move: win; king on 1,2, 0 visited\n  1,1  win\n  1,3  lose\n"
        );
    }

    #[test]
    fn stuck_king_loses_without_solving() {
        let p = position("1\n2 2\nKo\no.\n");
        let report = query(&p, &QueryOptions { number: 3, moves: KingMoves::Orth4, stop: None }).unwrap();
        assert_eq!(
            (report.eval, report.moves.len(), report.to_move),
            (Eval::value_only(Value::Lose), 0, "first")
        );
        let result = KingPlay::new(KingMoves::Orth4).result(&p).unwrap();
        assert_eq!(result.winner, Some(1));
    }
}
