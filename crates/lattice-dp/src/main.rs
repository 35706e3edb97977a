//! `lattice-dp [--json | --explain] [FILE]`, `lattice-dp query [FILE]`, `lattice-dp play FILE`.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grid_core::cli::args::{Format, FormatArgs, InputArgs, PlayArgs};
use grid_core::cli::play::{Input, play};
use grid_core::cli::{self, Failure, write_json_line};
use lattice_dp::explain::explain;
use lattice_dp::play::LatticePlay;
use lattice_dp::progress::LayerBar;
use lattice_dp::query::{self, Position, SIDES};
use lattice_dp::{Mode, parse_board, parse_positions, solve};

/// Exact value of the staircase cell-taking game (Young-diagram minimax) on an n x m board.
///
/// Two players alternately take a cell, the first player first, until the board is full; a cell
/// may be taken once every cell above it and left of it is taken. Each maximises (own total − other's
/// total).
///
/// Input: `n m`, then n rows of m values A (worth it to the first player), then n rows of m values B
/// (to the second player); n, m >= 1, n + m <= 32, n*m <= 256, values 0..=10^9.
///
/// Answer: the first player's total minus the second's under optimal play. `--json`: one line
/// {"game", "board", "to_move", "score", "taken", "pv", "moves"} (docs/REPORT.md); `--explain`: one
/// optimal game move by move. Cells are `row,column`, 1-based, row 1 at the top.
#[derive(Debug, Parser)]
#[command(name = "lattice-dp", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The score of any position and the score of every move, best first.
    ///
    /// Input: the default input, then optionally a line `taken l1 ... ln`: the row lengths of the
    /// taken cells (top row first, non-increasing, each at most m; default: nothing taken); several
    /// positions may follow each other. The side to move is `first` when the number of taken cells
    /// is even, else `second`.
    ///
    /// Output, per position: `score S`, the best (mover's future gain − opponent's future gain),
    /// then every takeable cell `row,column` (1-based) with the score it leads to for the mover:
    /// its gain minus the score of the position after it. `--json`: one JSON object per position
    /// (docs/REPORT.md).
    Query {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Play against the solver from the first position of FILE (query format).
    ///
    /// Sides: `first` or `second` (`--as`; default: the side to move). Type a cell as `row,column`
    /// (1-based, e.g. `1,1`), or hint, undo, quit, help. The board shows F (taken by first), S (by
    /// second), x (taken before the game) and . (free). The solver takes the cell with the highest
    /// score; each turn costs one solve of the cells still free.
    Play {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        play: PlayArgs,
    },
}

const USAGE: &str = "usage: lattice-dp [--json | --explain] [FILE]   (reads standard input when no FILE)";
const QUERY_USAGE: &str = "usage: lattice-dp query [--json] [FILE]   (reads standard input when no FILE)";
const PLAY_USAGE: &str = "usage: lattice-dp play FILE [--as first|second] [--hints]";

fn main() -> ExitCode {
    let cli = Cli::parse();
    let format = cli.format.format();
    cli::run(|out| match cli.command {
        None => answer(cli.input, format, out),
        Some(Command::Query { input }) => run_query(input, format, out),
        Some(Command::Play { input, play }) => run_play(input, play, format, out),
    })
}

/// The default mode: the start position's value (the judge's answer), explained, or as a report.
fn answer(input: InputArgs, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let input = cli::read(input.file.as_deref(), USAGE)?;
    let board = parse_board(&input)?;
    let mode = if format == Format::Plain { Mode::ValueOnly } else { Mode::WithGame };
    let mut bar = LayerBar::for_stderr();
    let solution = solve(&board, mode, &mut |p| bar.update(p));
    bar.finish();
    let game = solution.moves.unwrap_or_default();
    match format {
        Format::Plain => writeln!(out, "{}", solution.value)?,
        Format::Explain => out.write_all(explain(&board, solution.value, &game).as_bytes())?,
        Format::Json => {
            let report = query::start_report(&Position::start(board), solution.value, &game);
            write_json_line(out, &report)?;
        }
    }
    Ok(())
}

/// `query`: every position of the input, as text or JSON Lines.
fn run_query(input: InputArgs, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let input = cli::read(input.file.as_deref(), QUERY_USAGE)?;
    let positions = parse_positions(&input)?;
    for (i, position) in positions.iter().enumerate() {
        let mut bar = LayerBar::for_stderr();
        let report = query::query(position, i + 1, &mut |p| bar.update(p));
        bar.finish();
        if format == Format::Json {
            write_json_line(out, &report)?;
        } else {
            query::write_text(out, position, &report)?;
        }
        out.flush()?;
    }
    Ok(())
}

/// `play`: a session against the solver from the first position of FILE.
fn run_play(input: InputArgs, args: PlayArgs, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    if format == Format::Json {
        return Err(Failure::Usage(format!("play has no --json output\n{PLAY_USAGE}")));
    }
    let file = input.file.filter(|f| f.as_os_str() != "-").ok_or_else(|| {
        Failure::Usage(format!(
            "{PLAY_USAGE}\nplay reads its position from FILE: standard input carries the moves"
        ))
    })?;
    let input = cli::read(Some(&file), PLAY_USAGE)?;
    let start = parse_positions(&input)?.swap_remove(0);
    let person = match args.side.as_deref() {
        None => start.side_to_move(),
        Some(side) => SIDES.iter().position(|s| s.eq_ignore_ascii_case(side.trim())).ok_or_else(|| {
            Failure::Usage(format!("unknown side `{side}`: play --as first or --as second"))
        })?,
    };
    let stdin = std::io::stdin();
    let mode = if stdin.is_terminal() { Input::Terminal } else { Input::Script };
    let mut game = LatticePlay::new();
    let start = game.start(start);
    play(&mut game, start, person, args.hints, &mut stdin.lock(), mode, out)?;
    Ok(())
}
