//! `edmonds-blossom`: the no-revisit king game (HDU 3446) on the shared command line of
//! [`grid_core::cli::driver`], with its own subcommands `all-starts` and `matching` (general
//! maximum matching with certificates). All logic lives in the library.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand, ValueEnum};
use edmonds_blossom::query::{self, KingMoves, KingPlay, QueryOptions};
use edmonds_blossom::report::{explain, json, text};
use edmonds_blossom::{
    BoardAnalysis, CertifiedMatching, GraphFileError, GraphFormat, MatchingTimings, ParsedGraph, ReadTimings,
    parse_boards, parse_positions, read_graph_file,
};
use grid_core::cli::args::{Format, FormatArgs, InputArgs};
use grid_core::cli::driver::{self, Invocation, PlayRequest, Source, Texts};
use grid_core::cli::{self, Failure};
use grid_core::source::SourceError;

const TEXTS: Texts = Texts {
    name: "edmonds-blossom",
    version: env!("CARGO_PKG_VERSION"),
    about: "The no-revisit king game (HDU 3446) and general maximum matching with certificates.",
    input: "\
the number of boards T, then per board a line `R C` (R*C <= 10000000) and R rows of C
characters: `.` free, `#` blocked, `K` the king's start (exactly one); query and play also
accept `o`, a cell the king has already visited. Cells are `row,column`, 1-based, row 1 at the top.

The game: a king stands on a free cell of a board. Two players alternately move it to a free cell
it has never visited (its start counts as visited); whoever cannot move loses. daizhenyang is the
player who moves first. The king's moves (--moves king20, the default): the 8 neighbours, the 4
cells two steps diagonally and the 8 knight jumps; --moves orth4: up, down, left, right.",
    answers: "\
one line per board, `Case #i: daizhenyang win` when the first player (daizhenyang)
wins from `K` under perfect play, `Case #i: daizhenyang lose` when the second player does.
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
matching argument decides who wins, not how fast). --explain draws the board first; --json: one
JSON object per line and position (docs/REPORT.md).",
    play: "\
the first position of FILE (the query format; a plain HDU board starts a game)
against the solver. You play SIDE (`first` = daizhenyang, the player who moves the king first, or
`second`; default: the side to move). Type the destination cell as `row,column` (1-based, e.g.
`2,3`; also `2 3` or `(2,3)`), or hint, undo, quit, help.",
};

/// `--moves`: the king game's move set.
#[derive(Debug, Clone, Copy, Args)]
struct KingArgs {
    /// The king's moves [default: king20].
    #[arg(long, value_enum)]
    moves: Option<Moves>,
}

impl KingArgs {
    fn king_moves(self) -> KingMoves {
        self.moves.unwrap_or(Moves::King20).king_moves()
    }
}

/// edmonds-blossom's own subcommands.
#[derive(Debug, Subcommand)]
enum Own {
    /// Every free cell as a start, from one matching: `Case #i:` then rows of W / L / #.
    ///
    /// Input: boards as in the default mode. Output per board: `Case #i:` then one row per board
    /// row: `W` where the first player (daizhenyang) wins when the king starts there, `L` where
    /// they lose, `#` for blocked cells. With --json: one JSON object per line and board with the
    /// fields game, board, move_set, free_cells, edges, maximum_matching, winning_starts and rows
    /// (the W/L/# rows).
    AllStarts {
        #[command(flatten)]
        format: FormatArgs,
        #[command(flatten)]
        king: KingArgs,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Maximum matching of a general graph: the size, then the matched edges.
    ///
    /// Input (--format lc, Library Checker general_matching): `N M`, then M lines `u v` (0-based
    /// vertex ids, 1 <= N). --format edges: a SNAP edge list, one `u v` per line (tab or space),
    /// `#` comment lines, any ids up to 2^63. --format mtx: a Matrix
    /// Market coordinate file (pattern/real/integer, any symmetry, values ignored). --format
    /// metis: a METIS/DIMACS10 graph file. Without --format the FILE's extension decides (.txt
    /// .edges .el: edges; .mtx; .graph .metis: metis; else lc). Self-loops and repeated edges of
    /// edge lists and matrices are dropped, with a count on stderr (a vertex named only in a
    /// self-loop stays a vertex). Output names vertices by the
    /// input's own ids (an edge list's ids; 1-based for mtx and metis; 0-based for lc).
    ///
    /// Output: the size of a maximum matching, then one `u v` line per matched edge.
    /// With --certificate, three more lines `D k: ...`, `A k: ...`, `C k: ...`: the Gallai-Edmonds
    /// classes (D: missed by some maximum matching; A: neighbours of D; C: the rest), a verified
    /// Tutte-Berge proof that the matching is maximum. With --json: one JSON line with the fields
    /// vertices, edges, size, matching ([u, v] pairs) and, with --certificate, certificate.
    Matching {
        #[command(flatten)]
        format: FormatArgs,
        #[command(flatten)]
        args: MatchingArgs,
    },
}

#[derive(Debug, Args)]
struct MatchingArgs {
    /// Also print the Gallai-Edmonds classes D, A, C (verified Tutte-Berge certificate).
    #[arg(long)]
    certificate: bool,
    /// Print on stderr how long each phase took (read, parse and build with its MB/s, greedy,
    /// searches, output).
    #[arg(long)]
    timings: bool,
    /// The input format [default: by the FILE's extension, else lc].
    #[arg(long = "format", value_enum, value_name = "FORMAT")]
    input_format: Option<InputFormat>,
    #[command(flatten)]
    input: InputArgs,
}

/// The graph formats of `matching --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum InputFormat {
    /// Library Checker general_matching: `N M`, then M lines `u v`, 0-based.
    Lc,
    /// SNAP edge list: `u v` per line, `#` comments, ids up to 2^63.
    Edges,
    /// Matrix Market coordinate (pattern, real, integer).
    Mtx,
    /// METIS / DIMACS10 adjacency lists.
    Metis,
}

impl InputFormat {
    fn graph_format(self) -> GraphFormat {
        match self {
            InputFormat::Lc => GraphFormat::Lc,
            InputFormat::Edges => GraphFormat::Edges,
            InputFormat::Mtx => GraphFormat::Mtx,
            InputFormat::Metis => GraphFormat::Metis,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Moves {
    /// 8 neighbours, 4 double diagonals, 8 knight jumps.
    King20,
    /// Up, down, left, right (the bipartite version).
    Orth4,
}

impl Moves {
    fn king_moves(self) -> KingMoves {
        match self {
            Moves::King20 => KingMoves::King20,
            Moves::Orth4 => KingMoves::Orth4,
        }
    }
}

fn main() -> ExitCode {
    match driver::parse::<KingArgs, KingArgs, KingArgs, Own>(&TEXTS) {
        Invocation::Answer(r) => {
            cli::run(|out| run_boards(&r.input, r.own.king_moves(), r.format, Boards::Verdict, out))
        }
        Invocation::Query(r) => cli::run(|out| run_query(&r.input, r.own.king_moves(), r.format, out)),
        Invocation::Play(r) => cli::run(|out| run_play(&r, out)),
        Invocation::Own(Own::AllStarts { format, king, input }) => cli::run(|out| {
            let input = Source::new(input.file, "usage: edmonds-blossom all-starts [OPTIONS] [FILE]");
            run_boards(&input, king.king_moves(), format.format(), Boards::AllStarts, out)
        }),
        Invocation::Own(Own::Matching { format, args }) => {
            cli::run(|out| run_matching(&args, format.format(), out))
        }
    }
}

/// What the default mode and `all-starts` answer per board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Boards {
    /// Who wins from the king's start.
    Verdict,
    /// Who wins from every free cell.
    AllStarts,
}

fn engine(e: impl ToString) -> Failure {
    Failure::Internal(e.to_string())
}

fn run_boards(
    input: &Source,
    moves: KingMoves,
    format: Format,
    boards: Boards,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let all_starts = boards == Boards::AllStarts;
    let bytes = input.read()?;
    let boards = parse_boards(&bytes)?;
    drop(bytes);
    for (i, board) in boards.iter().enumerate() {
        let case = i + 1;
        if format == Format::Json && !all_starts {
            // The start position's report: one matching of the graph without the start answers
            // the verdict and every first move.
            let report = query::verdict_report(board, moves, case).map_err(engine)?;
            cli::write_json_line(out, &report)?;
            continue;
        }
        let analysis = BoardAnalysis::new(board, moves.set()).map_err(engine)?;
        match (format, all_starts) {
            (Format::Json, _) => {
                cli::write_json_line(out, &json::OutcomeGridJson::new(case, &analysis, moves.name()))?
            }
            (Format::Explain, false) => explain::write_verdict(out, case, &analysis, moves.name())?,
            (Format::Explain, true) => explain::write_outcome_grid(out, case, &analysis, moves.name())?,
            (Format::Plain, false) => text::write_verdict(out, case, &analysis)?,
            (Format::Plain, true) => text::write_outcome_grid(out, case, &analysis)?,
        }
    }
    Ok(())
}

fn run_matching(args: &MatchingArgs, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let file = args.input.file.as_deref();
    let graph_format = match (args.input_format, file) {
        (Some(chosen), _) => chosen.graph_format(),
        (None, Some(path)) => GraphFormat::from_path(path),
        (None, None) => GraphFormat::Lc,
    };
    let (parsed, read) = read_graph_file(file, graph_format).map_err(|e| match e {
        GraphFileError::Input(e) => Failure::Input(e),
        GraphFileError::Source(SourceError::Interactive) => {
            Failure::Usage(format!("{}\nusage: edmonds-blossom matching [OPTIONS] [FILE]", cli::NO_INPUT))
        }
        GraphFileError::Source(e) => Failure::Usage(format!("error: {e}")),
    })?;
    let mut phases = Phases::new(args.timings);
    phases.read(&read);
    note_dropped(&parsed);
    let (graph, ids) = (parsed.graph, parsed.ids);
    if !args.certificate && format == Format::Plain {
        // The plain answer needs no certificate: skip the decomposition.
        let (matching, timings) = edmonds_blossom::maximum_matching_timed(&graph);
        phases.matching(&timings, matching.size());
        text::write_matching(out, &matching, &ids)?;
        out.flush()?;
        phases.done("output");
        return Ok(());
    }
    let certified = CertifiedMatching::new(&graph).map_err(engine)?;
    phases.done("matching + certificate");
    match format {
        Format::Json => {
            let record = if args.certificate {
                json::MatchingJson::with_certificate(&graph, &certified, &ids)
            } else {
                json::MatchingJson::new(&graph, &certified, &ids)
            };
            cli::write_json_line(out, &record)?
        }
        Format::Explain => explain::write_matching(out, &graph, &certified, &ids)?,
        Format::Plain => {
            text::write_matching(out, &certified.matching, &ids)?;
            text::write_classes(out, &certified.decomposition, &ids)?;
        }
    }
    Ok(())
}

/// The `--timings` report: one stderr line per phase, the time since the previous one.
struct Phases {
    last: Option<Instant>,
}

impl Phases {
    fn new(enabled: bool) -> Self {
        Self { last: enabled.then(Instant::now) }
    }

    fn done(&mut self, phase: &str) {
        if let Some(last) = self.last {
            eprintln!("timings: {phase:<24} {:8.3} s", last.elapsed().as_secs_f64());
            self.last = Some(Instant::now());
        }
    }

    /// Reading and parsing the input, the second with its rate.
    fn read(&mut self, read: &ReadTimings) {
        if self.last.is_some() {
            let phase = if read.mapped { "read (mapped)" } else { "read" };
            eprintln!("timings: {phase:<24} {:8.3} s", read.read.as_secs_f64());
            let seconds = read.parse_build.as_secs_f64();
            let rate = read.bytes as f64 / seconds.max(1e-9) / 1e6;
            eprintln!(
                "timings: {:<24} {seconds:8.3} s ({:.1} MB at {rate:.0} MB/s)",
                "parse + build",
                read.bytes as f64 / 1e6
            );
            self.last = Some(Instant::now());
        }
    }

    fn matching(&mut self, timings: &MatchingTimings, size: usize) {
        if self.last.is_some() {
            let seconds = |d: std::time::Duration| d.as_secs_f64();
            let renumbered = if timings.renumbered { "renumbered" } else { "kept the ids" };
            eprintln!("timings: {:<24} {:8.3} s ({renumbered})", "locality", seconds(timings.locality));
            eprintln!(
                "timings: {:<24} {:8.3} s (size {})",
                "greedy",
                seconds(timings.greedy),
                timings.greedy_size
            );
            eprintln!("timings: {:<24} {:8.3} s", "single-root searches", seconds(timings.single_root));
            eprintln!(
                "timings: {:<24} {:8.3} s (size {size})",
                "shared forest",
                seconds(timings.shared_forest)
            );
            self.last = Some(Instant::now());
        }
    }
}

/// Tells on stderr what reading dropped.
fn note_dropped(parsed: &ParsedGraph) {
    let counted =
        |k: u64, one: &str, many: &str| (k > 0).then(|| format!("{k} {}", if k == 1 { one } else { many }));
    let parts: Vec<String> = [
        counted(parsed.self_loops, "self-loop", "self-loops"),
        counted(parsed.repeats, "repeated edge", "repeated edges"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !parts.is_empty() {
        eprintln!("note: dropped {}", parts.join(" and "));
    }
}

fn run_query(input: &Source, moves: KingMoves, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let bytes = input.read()?;
    let positions = parse_positions(&bytes)?;
    drop(bytes);
    for (i, position) in positions.iter().enumerate() {
        let report =
            query::query(position, &QueryOptions { number: i + 1, moves, stop: None }).map_err(engine)?;
        match format {
            Format::Json => cli::write_json_line(out, &report)?,
            Format::Explain => {
                if i > 0 {
                    writeln!(out)?;
                }
                out.write_all(position.drawing().as_bytes())?;
                query::write_report(out, position, &report)?;
            }
            Format::Plain => query::write_report(out, position, &report)?,
        }
    }
    Ok(())
}

fn run_play(request: &PlayRequest<KingArgs>, out: &mut impl Write) -> Result<(), Failure> {
    let start = request.first(parse_positions(&request.read()?)?)?;
    request.play(&mut KingPlay::new(request.own.king_moves()), start, out)
}
