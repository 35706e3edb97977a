//! `lattice-dp`: the staircase cell-taking game, on the shared command line of
//! [`grid_core::cli::driver`], with its own options (memory, value width, progress, checkpoints,
//! MPI) and its own subcommand `plan`. Built with the `mpi` feature, the same program is also the
//! binary `lattice-dp-mpi` (`src/bin/lattice-dp-mpi.rs`).

mod cli;

use std::process::ExitCode;

use grid_core::cli::driver::{self, Invocation, Source, Texts};

use self::cli::analyze::run_analyze;
use self::cli::answer;
use self::cli::options::{AnalyzeArgs, AnswerArgs, Own, SolveArgs};
use self::cli::plan::{PLAN_USAGE, run_plan};
use self::cli::play::run_play;
use self::cli::query::run_query;

const TEXTS: Texts = Texts {
    name: "lattice-dp",
    version: env!("CARGO_PKG_VERSION"),
    about: "Exact value of the staircase cell-taking game (Young-diagram minimax) on an n x m board: two \
            players alternately take a cell, the first player first, until the board is full; a cell may \
            be taken once every cell above it and left of it is taken; each maximises (own total - other's).",
    input: "\
`n m`, then n rows of m values A (worth it to the first player), then n rows of m
values B (to the second player); n, m >= 1, n + m <= 44, n*m <= 484, values 0..=10^9.",
    answers: "\
the first player's total minus the second's under optimal play. --explain: one optimal
game move by move, the board drawn with each free cell's values A/B; --json: one line {\"game\",
\"board\", \"to_move\", \"score\", \"taken\", \"pv\", \"moves\"} (docs/REPORT.md). Cells are `row,column`,
1-based, row 1 at the top.",
    query_input: "\
the default input, then optionally a line `taken l1 ... ln`: the row lengths of the
taken cells (top row first, non-increasing, each at most m; default: nothing taken; rows the
line leaves out at the bottom are empty: `taken 1` takes cell 1,1 of any board); several
positions may follow each other. The side to move is `first` when the number of taken cells is
even, else `second`.",
    query_output: "\
per position, `Position N (n×m), SIDE to move: score S`, S the best (mover's
future gain - opponent's future gain), then every takeable cell `row,column` (1-based) with the
score it leads to for the mover: its gain minus the score of the position after it. --explain
draws the board first and ends with one optimal line from the position (each move's player,
cell and gain, both players' totals from there on, the final board); --json: one JSON object per
position, with that line as `pv` (docs/REPORT.md).",
    analyze_output: "\
every state of the board (every Young diagram of taken cells: C(n+m, n)), counted per
number of cells taken and by the optimal score difference for the side to move (its future gain
minus the opponent's) in buckets by powers of two (0, 1, 2..3, 4..7, ... and their negatives),
with one optimal game move by move (both players' running totals), the final totals and the
winner. One solve with the optimal game (--json's cost), the counts taken inside its sweep. In one
process: --distributed, --checkpoint and --resume are refused (exit status 2). --json: one
line {\"game\", \"board\", \"rows\", \"columns\", \"states\", \"layers\", \"score\", \"scores\",
\"line\", \"first\", \"second\", \"winner\"} (docs/REPORT.md).",
    play: "\
the first position of FILE (query format) against the solver.
Sides: `first` or `second` (--as; default: the side to move). Type a cell as `row,column`
(1-based, e.g. `1,1`; also `1 1` or `(1,1)`), or hint, undo, quit, help. The board shows each free cell's values A/B, and F
(taken by first), S (by second) or x (taken before the game) on the others. The solver takes the
cell with the highest score; each turn costs one solve of the cells still free.",
};

/// Runs the command line (the entry point of both binaries).
pub(crate) fn main() -> ExitCode {
    match driver::parse::<AnswerArgs, SolveArgs, AnalyzeArgs, SolveArgs, Own>(&TEXTS) {
        Invocation::Answer(request) => answer::run(request),
        Invocation::Query(request) => {
            grid_core::cli::run(|out| run_query(&request.input, &request.own, request.format, out))
        }
        Invocation::Analyze(request) => {
            grid_core::cli::run(|out| run_analyze(&request.input, &request.own, request.format, out))
        }
        Invocation::Play(request) => grid_core::cli::run(|out| run_play(&request, out)),
        Invocation::Own(Own::Plan { ranks, solve, min_share, input }) => grid_core::cli::run(|out| {
            run_plan(&Source::new(input.file, PLAN_USAGE), usize::from(ranks), min_share, &solve, out)
        }),
    }
}
