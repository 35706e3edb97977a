//! `segment-nim [--explain | --json] [FILE]`, `segment-nim query [--json] [FILE]`,
//! `segment-nim play [FILE] [--as SIDE] [--hints]`: the sliding-pawn game on a circle.

use std::io::{ErrorKind, IsTerminal};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grid_core::cli::args::{FormatArgs, InputArgs, PlayArgs};
use grid_core::cli::play::{Input, play};
use grid_core::cli::{self, Failure};
use segment_nim::play::{Game, PlayPosition};
use segment_nim::{Board, BoardReader, Colour, Mode, RunError, run, run_query};

const INPUT_FORMAT: &str = "\
Input: the number of boards t, then per board `n w c` (fields on the circle, white pawns, black
pawns), the w white positions and the c black positions, each strictly increasing in 1..=n
(tokens separated by any whitespace). Fields are numbered clockwise; field n is followed by 1.

Answers: B = white wins, C = black wins, R = draw (nobody can force a win), with white to move.";

const QUERY_HELP: &str = "\
Input: the default format, where the header `n w c` of a board may be followed by the side to
move, `white` (the default) or `black`, e.g. `9 2 3 black`.

Per board: the value for the side to move (win, lose or draw: nobody can force a win; no
remoteness, the method does not give one), the answer letter (B = white wins, C = black wins,
R = draw), and every legal move as ranges of distances with one value, best first:
`17 cw 1-40  lose` = the pawn on field 17 sliding 1 to 40 fields clockwise (cw: towards larger
field numbers; ccw: towards smaller) loses for the mover. --json: one JSON object per board
(fields in docs/REPORT.md).";

const PLAY_HELP: &str = "\
Plays the first board of FILE (query format: `n w c [white|black]`, positions) against the
solver. Type a move as PAWN DIRECTION DISTANCE, e.g. `17 cw 3` (the pawn on field 17 slides 3
fields clockwise; ccw = counter-clockwise), or hint, undo, quit, help. Sides: white, black
(--as; default: the side to move). The player who cannot move loses. Values shown: win, lose,
draw (nobody can force a win; play may go on forever). Answer letters as in the default mode:
B = white wins, C = black wins, R = draw.";

/// Exact solver for the sliding-pawn game on a circle: prints B (white wins), C (black wins) or
/// R (draw: nobody can force a win) per board, white moving first.
#[derive(Parser)]
#[command(version, about, after_help = INPUT_FORMAT)]
struct Cli {
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    input: InputArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Any position (either side to move): its value and the value of every legal move.
    #[command(after_help = QUERY_HELP)]
    Query {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Play the first position of FILE against the solver.
    #[command(after_help = PLAY_HELP)]
    Play {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        play: PlayArgs,
    },
}

const USAGE: &str = "usage: segment-nim [--explain | --json] [FILE]   (or pipe the input on standard input)";
const QUERY_USAGE: &str = "usage: segment-nim query [--json] [FILE]   (or pipe the input on standard input)";
const PLAY_USAGE: &str = "usage: segment-nim play FILE [--as white|black] [--hints]";

fn failure(e: RunError) -> Failure {
    match e {
        RunError::Input(e) => Failure::Input(e),
        RunError::Output(e) => Failure::Output(e),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let mode = if cli.format.json {
                Mode::Json
            } else if cli.format.explain {
                Mode::Explain
            } else {
                Mode::Answers
            };
            cli::run(|out| {
                let input = cli::read(cli.input.file.as_deref(), USAGE)?;
                run(&input, mode, out).map_err(failure)
            })
        }
        Some(Command::Query { input }) => cli::run(|out| {
            let bytes = cli::read(input.file.as_deref(), QUERY_USAGE)?;
            run_query(&bytes, cli.format.json, out).map_err(failure)
        }),
        Some(Command::Play { input, play: args }) => cli::run(|out| {
            let Some(file) = input.file.as_deref().filter(|f| f.as_os_str() != "-") else {
                return Err(Failure::Usage(format!(
                    "{PLAY_USAGE}\nplay reads its moves from standard input, so the position comes from FILE"
                )));
            };
            let bytes = cli::read(Some(file), PLAY_USAGE)?;
            let mut reader = BoardReader::new(&bytes)?;
            let mut board = Board::default();
            let Some(mover) = reader.read_query_into(&mut board)? else {
                return Err(Failure::Usage("error: FILE holds no board (t = 0)".into()));
            };
            let person = match args.side.as_deref().map(str::to_ascii_lowercase).as_deref() {
                None => mover,
                Some("white") => Colour::White,
                Some("black") => Colour::Black,
                Some(other) => {
                    return Err(Failure::Usage(format!(
                        "error: --as {other}: the sides are white and black"
                    )));
                }
            };
            let stdin = std::io::stdin();
            let mode = if stdin.is_terminal() { Input::Terminal } else { Input::Script };
            let mut lines = stdin.lock();
            let start = PlayPosition::new(board, mover);
            play(&mut Game, start, person.index(), args.hints, &mut lines, mode, out).map(|_| ()).map_err(
                |e| match e.kind() {
                    // The game's own errors (a position with too many moves to list).
                    ErrorKind::Other => Failure::Usage(format!("error: {e}")),
                    _ => Failure::Output(e),
                },
            )
        }),
    }
}
