//! `analyze`: the whole game of one board, every position counted (what `pawn-retrograde analyze`
//! prints, and the playground's analysis).
//!
//! A *position* is a placement of the black pawn and the two red pieces on three distinct free
//! cells (the red pieces are alike: their placement is a set of two cells) with a side to move:
//! `2·F·C(F−1, 2)` positions for `F` free cells. A capture (the pawn and a red piece on one cell)
//! is a move that ends the game, not a position, so it is never counted; every other terminal
//! position is, at remoteness 0 with the value `query` gives it: the pawn in row 1 is a loss for
//! Red to move and a win for Black to move, a side to move without a move loses.
//!
//! [`census`] solves the board completely (the retrograde pass of [`crate::solve`], run to its
//! end), then counts in one pass over the solver's words (module `tally`, in parallel over the blocks
//! for a big board): with the mirror reduction, a stored block stands for itself and its image.
//! The positions reachable from the board's own position come from a breadth-first search over
//! the state index (module `reach`), run before the pass; its bitmap (1 bit per state) is the only
//! thing kept from it, within the plan of [`crate::memory_needed`].

mod reach;
mod table;
mod tally;
mod text;

use grid_core::Pos;
use grid_core::stop::{StopFlag, Stopped, unstoppable};
use serde::Serialize;

use crate::board::Board;
use crate::query::{GAME, side_word};
use crate::solve::{Solution, StateValue};
use crate::space::{Side, State, StateSpace};

pub use table::{Row, Table, Totals};
pub use text::write_text;

/// The longest win or loss of one side to move, with a position of that value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Longest {
    /// `red` or `black`: the side to move.
    pub to_move: &'static str,
    /// `win` or `lose`, for the side to move.
    pub value: &'static str,
    /// Moves both sides still make under optimal play.
    pub remoteness: u32,
    /// A position of that value, as a whole `query` (and `play`) input: a label line, the size line
    /// with the side to move, and the rows.
    pub position: String,
}

/// Everything `analyze` reports of one board (the JSON object of `pawn-retrograde analyze --json`;
/// fields in docs/REPORT.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Census {
    /// `pawn-retrograde`.
    pub game: &'static str,
    /// The board's number in its input, 1-based.
    pub board: usize,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub columns: usize,
    /// Every position, either side to move, by value for the side to move and remoteness.
    pub all: Table,
    /// The positions reachable from the board's own position (Red to move), itself included.
    pub reachable: Table,
    /// `all` with a position and its mirror image counted once; `None` (JSON `null`) unless the
    /// board's obstacles are symmetric under the left–right mirror.
    pub canonical: Option<Table>,
    /// The size of the solver's state index, `F²(F−1)` (captures and both sides included).
    pub index_size: u64,
    /// `all.totals.total / index_size`.
    pub legal_share: f64,
    /// Legal moves summed over every position (a terminal position has none; a capture is a move).
    pub moves: u64,
    /// `moves` over the number of positions that have a move (0 when none has).
    pub branching: f64,
    /// The longest win and loss of each side to move: red win, red lose, black win, black lose;
    /// an entry is left out when no position has that value.
    pub longest: Vec<Longest>,
}

/// The analysis of `board`, number `number` (1-based) of its input.
pub fn census(board: &Board, number: usize) -> Census {
    unstoppable(census_until_stopped(board, number, None))
}

/// [`census`], stopped before the search's or the pass's next level once `stop` is set.
pub fn census_until_stopped(board: &Board, number: usize, stop: StopFlag<'_>) -> Result<Census, Stopped> {
    let space = StateSpace::new(board);
    let reach = reach::reachable(&space, stop)?;
    let solution = Solution::until_stopped(space, &[], stop)?;
    let counts = tally::count(&solution, &reach);
    drop(reach);
    let space = solution.space();
    let all = counts.all.table();
    let index_size = space.num_states() as u64;
    let (moves, movers) = move_counts(space);
    let longest = counts
        .longest
        .iter()
        .flatten()
        .map(|&(value, state)| Longest {
            to_move: side_word(state.to_move),
            value: if matches!(value, StateValue::Win(_)) { "win" } else { "lose" },
            remoteness: value.distance(),
            position: position_text(space, state),
        })
        .collect();
    Ok(Census {
        game: GAME,
        board: number,
        rows: board.dims().rows,
        columns: board.dims().cols,
        legal_share: ratio(all.totals.total, index_size),
        all,
        reachable: counts.reachable.table(),
        canonical: counts.canonical.map(|c| c.table()),
        index_size,
        moves,
        branching: ratio(moves, movers),
        longest,
    })
}

/// `a / b`, 0 when `b` is 0.
fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// The legal moves summed over every position, and the number of positions with a move, from the
/// move tables: a position with the pawn in row 1 is over; otherwise Red to move has the moves of
/// its pair (each placement with the pawn on a cell outside the pair), Black to move those of the
/// pawn's cell (`C(F−1, 2)` placements per cell).
fn move_counts(space: &StateSpace) -> (u64, u64) {
    let free = space.free_cells();
    let pairs = space.pairs();
    let placements_per_cell = ((free - 1) * free.saturating_sub(2) / 2) as u64;
    let red_total: u64 = (0..pairs).map(|p| u64::from(space.red_move_count(p))).sum();
    let red_movers = (0..pairs).filter(|&p| space.red_move_count(p) > 0).count() as u64;
    let (mut moves, mut movers) = (0, 0);
    for black in (0..free).filter(|&b| !space.on_top_row(crate::index::CellId::new(b))) {
        let holding = (0..free).filter(|&o| o != black).map(|o| {
            let pair = space.pair_of(crate::index::CellId::new(black), crate::index::CellId::new(o));
            u64::from(space.red_move_count(pair as usize))
        });
        let (held_moves, held_movers) = holding.fold((0, 0), |(m, n), c| (m + c, n + u64::from(c > 0)));
        moves += red_total - held_moves;
        movers += red_movers - held_movers;
        let black_moves = u64::from(space.black_move_count(black));
        moves += black_moves * placements_per_cell;
        movers += if black_moves > 0 { placements_per_cell } else { 0 };
    }
    (moves, movers)
}

/// `state` as a whole `query` input: `longest 1`, the size line with the side to move, the rows.
fn position_text(space: &StateSpace, state: State) -> String {
    let dims = space.dims();
    let black = space.position(state.black);
    let reds = space.pair_cells(state.pair).map(|c| space.position(c));
    let side = match state.to_move {
        Side::Red => "red",
        Side::Black => "black",
    };
    let mut text = format!("longest 1\n{} {} {side}\n", dims.rows, dims.cols);
    for row in 0..dims.rows {
        for col in 0..dims.cols {
            let pos = Pos::new(row, col);
            text.push(if pos == black {
                'X'
            } else if reds.contains(&pos) {
                'O'
            } else if space.cell_at(pos).is_some() {
                '.'
            } else {
                '#'
            });
        }
        text.push('\n');
    }
    text
}
