//! `pawn-retrograde`: the river-crossing pawn game, on the shared command line of
//! [`grid_core::cli::driver`].

mod cli;

use grid_core::cli::default_mode_error;
use grid_core::cli::driver::{self, Invocation, NoCommand, Texts};
use grid_core::cli::memory::MemoryArgs;
use pawn_retrograde::{parse_input_within, parse_positions_within};

use crate::cli::analyze::write_analyses;
use crate::cli::answers::{self_check, write_answers};
use crate::cli::play::run_play;
use crate::cli::query::write_queries;

const TEXTS: Texts = Texts {
    name: "pawn-retrograde",
    version: env!("CARGO_PKG_VERSION"),
    about: "Solves the river-crossing pawn game exactly: prints `Red k`, `Black k` or `Tie` per board.",
    input: "\
a line `LABEL T` (LABEL: any one word naming the file, e.g. its id; it is not used),
then T boards, each a line `n m` (2 <= n, 1 <= m, n*m <= 2304) and n rows of m characters: `.` free
cell, `#` obstacle, `X` the black pawn (not in row 1), `O` a red piece (exactly one X and two O).
A board's solve must also fit --memory-limit (checked as each board is read; default: the
machine's available memory).
Cells are row,column: rows from 1 at the top, columns from 1 at the left.

The game: Red (the two O pieces) moves first, stepping one piece to an orthogonal free neighbour
(onto the pawn: a capture); Black steps the pawn up, left or right (onto a red piece: a capture).
The game ends when the pawn reaches row 1 (Black wins), on a capture (the capturer wins) or when the
side to move has no move (it loses). The winner plays for the fastest win, the loser for the slowest
loss.",
    answers: "\
`Red k` / `Black k`: that side wins and the game lasts k moves in all (both sides'
moves counted); `Tie`: neither side can force a win (play goes on forever). --explain: the board
drawn, Red's first moves and an optimal line, moves written FROM-TO as play takes them; --json: one
object per board (docs/REPORT.md).",
    query_input: "\
the default input, where each size line `n m` may carry a third token
`red` or `black` (the side to move; default red), and the pawn X may stand in row 1 (the game is over:
Black has won).",
    query_output: "\
per position, `Position N (n×m), SIDE to move: VALUE (answer ANSWER)`, then
every legal move, best first, as `FROM-TO  VALUE` (e.g. `5,1-4,1  win in 3`; cells are 1-based
row,column). VALUE is for the side to move (for a move: for the player making it): `win in r`,
`lose in r` (r = moves both sides still make under optimal play: the winner wins fastest, the loser
loses slowest) or `draw` (the game's Tie: nobody can force a win). ANSWER is the judge's words from
this position: `Red k`, `Black k` or `Tie`. --explain draws the board first and ends with the
principal variation (each move with the board after it, and why it stops); --json prints one
object per position (JSON Lines, fields in docs/REPORT.md).",
    analyze_output: "\
per board of FILE (the default input), every position counted: a position is a
placement of X and the two O (alike) on three distinct free cells, with either side to move; a
capture ends the game and is not a position. Three tables, each by the value for the side to move
and its remoteness (moves both sides still make): `Inf` (draws), then every remoteness from the
largest down to 0 (the pawn in row 1: lose for red to move, win for black to move; no move: lose),
then `Totals`, in columns Win, Lose, Draw, Total: all positions, those reachable from the board's
position (red to move), and, when the obstacles are left-right symmetric, positions up to their
mirror image. Then the legal share of the solver's state index, the moves summed over all positions
and the average branching factor, and the longest win and loss for each side to move, each as a
position `query` and `play` read. --json: one object per board (docs/REPORT.md).",
    play: "\
the first position of FILE (the query input) against you; you play SIDE (`red` or
`black`; default: the side to move). Moves are FROM-TO with 1-based row,column cells, e.g. `5,1-4,1`
(also `(5,1)-(4,1)` or `5 1-4 1`) moves the piece on row 5, column 1 one row up. Commands: hint
(every legal move with its value), undo, quit, help. Moves are read line by line from standard
input, so a session can be scripted: `printf '4,1-3,1\\n' | pawn-retrograde play board.in`.",
};

/// The default mode's own options.
#[derive(Debug, clap::Args)]
struct AnswerArgs {
    /// A board whose solve needs more than the limit is refused (exit 2, at its size line).
    #[command(flatten)]
    memory: MemoryArgs,
    /// After solving each board, check SAMPLES pseudo-random states: each decided state's value
    /// and distance agree with its successors' (exit 1 on a disagreement; a summary on stderr).
    #[arg(long, value_name = "SAMPLES")]
    self_check: Option<usize>,
}

fn main() -> std::process::ExitCode {
    match driver::parse::<AnswerArgs, MemoryArgs, MemoryArgs, MemoryArgs, NoCommand>(&TEXTS) {
        Invocation::Answer(request) => grid_core::cli::run(|out| {
            let (input, limit) = (request.input.read()?, request.own.memory.limit());
            let boards = parse_input_within(&input, limit).map_err(|e| {
                default_mode_error(TEXTS.name, e, &input, |input| {
                    parse_positions_within(input, limit).is_ok()
                })
            })?;
            match request.own.self_check {
                Some(samples) => self_check(out, &boards, samples),
                None => Ok(write_answers(out, request.format, &boards)?),
            }
        }),
        Invocation::Query(request) => grid_core::cli::run(|out| {
            let positions = parse_positions_within(&request.input.read()?, request.own.limit())?;
            Ok(write_queries(out, request.format, &positions)?)
        }),
        Invocation::Analyze(request) => grid_core::cli::run(|out| {
            let boards = parse_input_within(&request.input.read()?, request.own.limit())?;
            Ok(write_analyses(out, request.format, &boards)?)
        }),
        Invocation::Play(request) => grid_core::cli::run(|out| run_play(&request, out)),
        Invocation::Own(never) => match never {},
    }
}
