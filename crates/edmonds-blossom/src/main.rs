//! `edmonds-blossom`: the no-revisit king game (HDU 3446) on the shared command line of
//! [`grid_core::cli::driver`], with its own subcommands `all-starts`, `matching` (general
//! maximum matching with certificates) and `weighted-matching` (weighted matching with dual
//! certificates). All logic lives in the library.

mod cli;

use std::process::ExitCode;

use grid_core::cli::driver::{self, Invocation, Source, Texts};

use crate::cli::analyze::run_analyze;
use crate::cli::boards::{Boards, run_boards};
use crate::cli::matching::run_matching;
use crate::cli::options::{KingArgs, Own};
use crate::cli::play::run_play;
use crate::cli::query::run_query;
use crate::cli::weighted::run_weighted_matching;

const TEXTS: Texts = Texts {
    name: "edmonds-blossom",
    version: env!("CARGO_PKG_VERSION"),
    about: "The no-revisit king game (HDU 3446) and general maximum matching with certificates.",
    input: "\
the number of boards T (T <= 1000000), then per board a line `R C` (R*C <= 10000000) and R rows of C
characters: `.` free, `#` blocked, `K` the king's start (exactly one); query and play also
accept `o`, a cell the king has already visited. Cells are `row,column`, 1-based, row 1 at the top.

The game: a king stands on a free cell of a board. Two players alternately move it to a free cell
it has never visited (its start counts as visited); whoever cannot move loses. daizhenyang is the
player who moves first. The king's moves (--moves king20, the default): the 8 neighbours, the 4
cells two steps diagonally and the 8 knight jumps; --moves orth4: up, down, left, right.",
    answers: "\
one line per board, `Case #i: daizhenyang win` when the first player (daizhenyang)
wins from `K` under perfect play, `Case #i: daizhenyang lose` when the second player does
(daizhenyang is the first player's name in the original problem, HDU 3446, whose answers these are).
--explain: the board drawn and the reason (a maximum matching avoiding or covering K); --json: one
JSON object per line and board, the report of the start position (docs/REPORT.md) with the answer
as the field `answer`.",
    query_input: "\
boards as in the default mode, where `o` marks a cell the king has already visited
(never enterable again) and `K` is where the king stands now. The side to move follows from the
number of `o` cells: even means the first player (daizhenyang), odd the second.",
    query_output: "\
per position, `Position N (R×C), SIDE to move: win|lose; king on R,C, N visited`,
then one line per legal move `  R,C  win|lose`: the destination cell and what the move leads to for
the player who makes it, winning moves first. win/lose are for the side to move; no remoteness (the
matching argument decides who wins, not how fast). --explain draws the board first and ends with
the reasoning: the matched move of a won position, or why every move of a lost one loses; --json: one
JSON object per line and position (docs/REPORT.md).",
    analyze_output: "\
per board, from one maximum matching and one Gallai-Edmonds decomposition of its
move graph: the free cells, edges and matching size; the start cells from which the first player
(daizhenyang) wins and loses (K is ignored: every free cell is a start); the sizes of the classes
D (missed by some maximum matching: exactly the losing starts), A (outside D, next to D) and C (the
rest); then the map, one row per board row: W (the first player wins starting there), L (loses), #
(blocked). A board wider than 100 columns gets the counts only. --json: one JSON object per board
(docs/REPORT.md).",
    play: "\
the first position of FILE (the query format; a plain HDU board starts a game)
against the solver. You play SIDE (`first` = daizhenyang, the player who moves the king first, or
`second`; default: the side to move). Type the destination cell as `row,column` (1-based, e.g.
`2,3`; also `2 3` or `(2,3)`), or hint, undo, quit, help.",
};

fn main() -> ExitCode {
    match driver::parse::<KingArgs, KingArgs, KingArgs, KingArgs, Own>(&TEXTS) {
        Invocation::Answer(r) => grid_core::cli::run(|out| {
            run_boards(&r.input, r.own.king_moves(), r.format, Boards::Verdict, out)
        }),
        Invocation::Query(r) => {
            grid_core::cli::run(|out| run_query(&r.input, r.own.king_moves(), r.format, out))
        }
        Invocation::Analyze(r) => {
            grid_core::cli::run(|out| run_analyze(&r.input, r.own.king_moves(), r.format, out))
        }
        Invocation::Play(r) => grid_core::cli::run(|out| run_play(&r, out)),
        Invocation::Own(Own::AllStarts { format, king, input }) => grid_core::cli::run(|out| {
            let input = Source::new(input.file, "usage: edmonds-blossom all-starts [OPTIONS] [FILE]");
            run_boards(&input, king.king_moves(), format.format(), Boards::AllStarts, out)
        }),
        Invocation::Own(Own::Matching { format, args }) => {
            grid_core::cli::run(|out| run_matching(&args, format.format(), out))
        }
        Invocation::Own(Own::WeightedMatching { format, args }) => {
            grid_core::cli::run(|out| run_weighted_matching(&args, format.format(), out))
        }
    }
}
