//! `segment-nim`: the sliding-pawn game on a circle, on the shared command line of
//! [`grid_core::cli::driver`].

use std::process::ExitCode;

use grid_core::cli::driver::{self, Invocation, NoCommand, NoOptions, Texts};
use grid_core::cli::{self, Failure};
use segment_nim::cli::RunError;
use segment_nim::cli::analyze::{AnalyzeArgs, run_analyze};
use segment_nim::cli::answers::run_answers;
use segment_nim::cli::play::run_play;
use segment_nim::cli::query::{query_reads, run_query};

const TEXTS: Texts = Texts {
    name: "segment-nim",
    version: env!("CARGO_PKG_VERSION"),
    about: "Exact solver for the sliding-pawn game on a circle: B (white wins), C (black wins) or R \
            (draw: nobody can force a win) per board, white moving first.",
    input: "\
the number of boards t, then per board `n w c` (fields on the circle, white
pawns, black pawns), the w white positions and the c black positions, each strictly increasing in
1..=n (tokens separated by any whitespace). Fields are numbered clockwise; field n is followed by 1.
Limits: 1 <= n <= 10^18; at most 10^7 pawns in the whole input (all boards together).",
    answers: "\
one letter per board, with white to move: B = white wins, C = black wins,
R = draw (nobody can force a win). --explain: the rule that decides each board and a winning move
(`17 cw 3`, as play takes it), in these words: a run is a maximal block of pawns of one colour
(clockwise); its slack is the number of empty fields between its first and last pawn, its gap the
number of empty fields after it up to the next run; a big run has 2 or more pawns; a segment is a
big run (with the single pawns between it and the next big run of its colour joined to it), or a
single pawn between big runs of both colours; a segment is tight when it holds no empty field, safe
when it has 3 or more pawns and is not tight; a threat is a gap of 1 or more fields beside a tight
segment of 3 or more pawns, its owner's; the kept gaps are the Nim heaps, the dead ones do not
count. --json: one JSON object per board (docs/REPORT.md).",
    query_input: "\
the default input, where the header `n w c` of a board may be followed by the side to
move, `white` (the default) or `black`, e.g. `9 2 3 black`.",
    query_output: "\
per board, `Position N (n fields), SIDE to move: VALUE (answer X)` (VALUE for the
side to move: win, lose or draw; no remoteness, the method does not give one; X: B = white wins,
C = black wins, R = draw), then every legal
move as ranges of distances with one value, best first: `17 cw 1-40  lose` = the pawn on field 17
sliding 1 to 40 fields clockwise (cw: towards larger field numbers; ccw: towards smaller) loses
for the mover. --explain draws the circle first and ends with the rule that decides the position
and, when the side to move wins, a winning move (`17 cw 3`); --json: one JSON object per board.",
    analyze_output: "\
reads no FILE: every placement of white and black pawns on a circle of
--fields N fields (3^N placements, N <= 18; a side without pawns included), white to move, counted by
answer (white wins = B, black wins = C, draws = R) for each pair (W white, B black pawns): first
every placement, then each placement once up to rotation and reflection of the circle. --json: one
JSON object (docs/REPORT.md).",
    play: "\
the first board of FILE (query format) against the solver. Sides: white, black
(--as; default: the side to move). A move is PAWN DIRECTION DISTANCE, e.g. `17 cw 3` (the pawn on
field 17 slides 3 fields clockwise; ccw = counter-clockwise); or hint, undo, quit, help. The player
who cannot move loses. Values: win, lose, draw (nobody can force a win; play may go on forever).",
};

fn main() -> ExitCode {
    match driver::parse::<NoOptions, NoOptions, AnalyzeArgs, NoOptions, NoCommand>(&TEXTS) {
        Invocation::Answer(request) => cli::run(|out| {
            let input = request.input.read()?;
            run_answers(&input, request.format, out).map_err(|e| match e {
                RunError::Input(e) => cli::default_mode_error(TEXTS.name, e, &input, query_reads),
                RunError::Output(e) => Failure::Output(e),
            })
        }),
        Invocation::Query(request) => cli::run(|out| {
            let input = request.input.read()?;
            Ok(run_query(&input, request.format, out)?)
        }),
        Invocation::Analyze(request) => cli::run(|out| run_analyze(&request, out)),
        Invocation::Play(request) => cli::run(|out| run_play(&request, out)),
        Invocation::Own(never) => match never {},
    }
}
