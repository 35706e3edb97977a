//! Command-line front end: `pawn-retrograde [--json | --explain] [FILE]`, `pawn-retrograde query
//! [--json] [FILE]`, `pawn-retrograde play FILE [--as SIDE] [--hints]`.

use std::io::{self, IsTerminal, Write};

use clap::{Parser, Subcommand};
use grid_core::cli::args::{Format, FormatArgs, InputArgs, PlayArgs};
use grid_core::cli::memory::MemoryArgs;
use grid_core::cli::play::{Input, play};
use grid_core::cli::{self, Failure, write_json_line};
use pawn_retrograde::query::{self, Position};
use pawn_retrograde::{
    Board, Outcome, Solution, analyse_boards, explain, json, parse_input_within, parse_queries_within,
    play as game, solve_boards,
};

const INPUT_FORMAT: &str = "\
Input: a line `LABEL T` (LABEL: any one word naming the file, e.g. its id; it is not used), then T
boards, each a line `n m` (2 <= n, 1 <= m, n*m <= 1024) and n rows of m characters: `.` free cell, `#`
obstacle, `X` the black pawn (not in row 1), `O` a red piece (exactly one X and two O). Rows are
numbered from 1 at the top, columns from 1 at the left.

The game: Red (the two O pieces) moves first, stepping one piece to an orthogonal free neighbour (onto
the pawn: a capture); Black steps the pawn up, left or right (onto a red piece: a capture). The game
ends when the pawn reaches row 1 (Black wins), on a capture (the capturer wins) or when the side to
move has no move (it loses). The winner plays for the fastest win, the loser for the slowest loss.

Answers: `Red k` / `Black k`: that side wins and the game lasts k moves in all (both sides' moves
counted); `Tie`: neither side can force a win (play goes on forever).";

const QUERY_FORMAT: &str = "\
Input: the default input, where each size line `n m` may carry a third token `red` or `black` (the side
to move; default red), and the pawn X may stand in row 1 (the game is over: Black has won).

Output per position: `Position i (n×m), SIDE to move: VALUE (ANSWER)`, then every legal move, best
first, as `FROM-TO  VALUE` (e.g. `5,1-4,1  win in 3`; cells are 1-based row,column). VALUE is for the
side to move (for a move: for the player making it): `win in r`, `lose in r` (r = moves both sides
still make under optimal play: the winner wins fastest, the loser loses slowest) or `draw` (the
game's Tie: nobody can force a win). ANSWER is the judge's words from this position: `Red k`,
`Black k` or `Tie`. --json prints one object per position (JSON Lines, fields in docs/REPORT.md).";

const PLAY_HELP: &str = "\
Loads the first position of FILE (the `query` input format: `n m [red|black]` and the rows; FILE is
required, as standard input carries the moves) and plays it against you; you play SIDE (`red` or `black`; default: the side to move). Moves are FROM-TO with
1-based row,column cells, e.g. `5,1-4,1` moves the piece on row 5, column 1 one row up. Commands:
hint (every legal move with its value), undo, quit, help. Moves are read line by line from standard
input, so a session can be scripted: `printf '4,1-3,1\\n' | pawn-retrograde play board.in`.";

/// Solves the river-crossing pawn game exactly: prints `Red k`, `Black k` or `Tie` per board.
#[derive(Parser)]
#[command(name = "pawn-retrograde", version, after_help = INPUT_FORMAT)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    input: InputArgs,
    /// A board whose solve needs more than the limit is refused (exit 2, at its size line).
    #[command(flatten)]
    memory: MemoryArgs,
    /// After solving each board, check SAMPLES pseudo-random states: each decided state's value
    /// and distance agree with its successors' (exit 1 on a disagreement; a summary on stderr).
    #[arg(long, value_name = "SAMPLES")]
    self_check: Option<usize>,
}

#[derive(Subcommand)]
enum Command {
    /// Any position (either side to move): its value and the value of every legal move, best first.
    #[command(after_help = QUERY_FORMAT)]
    Query {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Play a position against the perfect opponent.
    #[command(after_help = PLAY_HELP)]
    Play {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        play: PlayArgs,
    },
}

const USAGE: &str = "usage: pawn-retrograde [--json | --explain] [FILE]   (or pipe the input on stdin)";
const QUERY_USAGE: &str = "usage: pawn-retrograde query [--json] [FILE]   (or pipe the input on stdin)";

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let format = cli.format.format();
    let limit = cli.memory.limit();
    cli::run(|out| match &cli.command {
        None => {
            let bytes = cli::read(cli.input.file.as_deref(), USAGE)?;
            let boards = parse_input_within(&bytes, limit)?;
            if let Some(samples) = cli.self_check {
                return self_check(out, &boards, samples);
            }
            Ok(write_answers(out, format, &boards)?)
        }
        Some(Command::Query { input }) => {
            let bytes = cli::read(input.file.as_deref(), QUERY_USAGE)?;
            let positions = parse_queries_within(&bytes, limit)?;
            Ok(write_queries(out, format, &positions)?)
        }
        Some(Command::Play { input, play: options }) => run_play(out, format, input, options, limit),
    })
}

/// The default mode: the judge's answers, `--explain` or `--json`.
fn write_answers(out: &mut impl Write, format: Format, boards: &[Board]) -> io::Result<()> {
    match format {
        Format::Plain => {
            for outcome in solve_boards(boards) {
                writeln!(out, "{outcome}")?;
            }
        }
        Format::Explain => {
            writeln!(out, "{}\n", explain::LEGEND)?;
            for (i, (board, analysis)) in boards.iter().zip(&analyse_boards(boards)).enumerate() {
                writeln!(out, "{}", explain::explain(i + 1, board, analysis))?;
            }
        }
        Format::Json => {
            let starts: Vec<Position> = boards.iter().map(Position::start).collect();
            for (i, query) in pawn_retrograde::query_positions(&starts).iter().enumerate() {
                write_json_line(out, &json::report(i + 1, query))?;
            }
        }
    }
    Ok(())
}

/// `--self-check SAMPLES`: the judge's answers, each board's solution checked parent against
/// children on SAMPLES states (a summary per board on stderr).
fn self_check(out: &mut impl Write, boards: &[Board], samples: usize) -> Result<(), Failure> {
    for (i, board) in boards.iter().enumerate() {
        let solution = Solution::of_start(board);
        let checked = solution
            .self_check(samples, 0x5EED + i as u64)
            .map_err(|e| Failure::Internal(format!("board {}: {e}", i + 1)))?;
        writeln!(out, "{}", solution.outcome().unwrap_or(Outcome::Tie))?;
        eprintln!(
            "self-check: board {}: {samples} states sampled, {checked} decided ones agree with their successors",
            i + 1
        );
    }
    Ok(())
}

/// `query`: a text report per position (`--explain`: with the board drawn), or JSON Lines.
fn write_queries(out: &mut impl Write, format: Format, positions: &[Position]) -> io::Result<()> {
    let queries = pawn_retrograde::query_positions(positions);
    for (i, (position, query)) in positions.iter().zip(&queries).enumerate() {
        match format {
            Format::Json => write_json_line(out, &json::report(i + 1, query))?,
            Format::Plain => query::write_text(out, i + 1, query)?,
            Format::Explain => {
                if i == 0 {
                    writeln!(out, "{}\n", explain::LEGEND)?;
                }
                write!(out, "{}", explain::draw_position(position))?;
                query::write_text(out, i + 1, query)?;
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

/// `play`: the first position of FILE against the person on standard input.
fn run_play(
    out: &mut impl Write,
    format: Format,
    input: &InputArgs,
    options: &PlayArgs,
    memory_limit: u64,
) -> Result<(), Failure> {
    if format == Format::Json {
        return Err(Failure::Usage("error: play prints a session, not JSON; drop --json".into()));
    }
    let Some(file) = input.file.as_deref().filter(|f| f.as_os_str() != "-") else {
        return Err(Failure::Usage(
            "usage: pawn-retrograde play FILE [--as red|black] [--hints]   (standard input carries the moves)"
                .into(),
        ));
    };
    let bytes = cli::read(Some(file), "")?;
    let Some(position) = parse_queries_within(&bytes, memory_limit)?.into_iter().next() else {
        return Err(Failure::Usage(format!("error: {} holds no position", file.display())));
    };
    let person = match options.side.as_deref().map(str::to_lowercase).as_deref() {
        None => game::side_index(position.to_move()),
        Some("red") => 0,
        Some("black") => 1,
        Some(other) => {
            return Err(Failure::Usage(format!(
                "error: --as {}: the sides are red and black",
                grid_core::error::printable(other.as_bytes())
            )));
        }
    };
    let (mut session, start) = game::Game::new(&position);
    let stdin = io::stdin();
    let mode = if stdin.is_terminal() { Input::Terminal } else { Input::Script };
    play(&mut session, start, person, options.hints, &mut stdin.lock(), mode, out)?;
    Ok(())
}
