//! The one command line of every solver binary.
//!
//! ```text
//! <binary> [--json | --explain] [OWN OPTIONS] [FILE]     the default mode (the judge's answers)
//! <binary> query [--json | --explain] [OWN OPTIONS] [FILE]   any position: its value, every move's
//! <binary> analyze [--json] [OWN OPTIONS] [FILE]           the whole game: every position counted
//! <binary> play [--as SIDE] [--hints] [OWN OPTIONS] FILE     a person against the perfect opponent
//! <binary> <own subcommand> ...                             what only this binary has
//! ```
//!
//! A binary gives its words ([`Texts`]) and the options only it has, as clap types: `D` for the
//! default mode, `Q` for `query`, `A` for `analyze`, `P` for `play` ([`NoOptions`] when there are
//! none) and `S` for its own subcommands ([`NoCommand`] when there are none). [`parse`] builds the command line, lays out
//! every `--help` page the same way (the options, then the input format, then the answer words),
//! and returns an [`Invocation`]. The driver owns what is the same in every binary:
//!
//! - which subcommand takes which shared option: an option a subcommand does not take is absent
//!   from its `--help` and, if given, is clap's usage error (`error: unexpected argument ...`);
//! - an option or FILE given before a subcommand is refused with a message that says where it goes;
//! - `play` needs a FILE (standard input carries the moves), and `-` is refused with one message;
//! - every message starts with `error:`, and bad usage exits with status 2.

use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use super::args::{AnalyzeFormatArgs, Format, FormatArgs, InputArgs, PlayArgs};
use super::{Failure, read};
use crate::play::{Hints, Input, PlayGame, play};

/// The words of one binary, laid out by the driver in its `--help` pages and messages.
#[derive(Debug, Clone, Copy)]
pub struct Texts {
    /// The binary's name (`pawn-retrograde`).
    pub name: &'static str,
    /// The binary's version (`env!("CARGO_PKG_VERSION")`).
    pub version: &'static str,
    /// What the binary does, one sentence.
    pub about: &'static str,
    /// The default mode's input format.
    pub input: &'static str,
    /// The default mode's answer words.
    pub answers: &'static str,
    /// What `query` reads beyond the default input (the side to move, moves already made).
    pub query_input: &'static str,
    /// What `query` prints per position.
    pub query_output: &'static str,
    /// What `analyze` counts and prints per board.
    pub analyze_output: &'static str,
    /// The position `play` starts from, the two sides, and how a move is written.
    pub play: &'static str,
}

/// Options of a mode that has none of its own.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct NoOptions {}

/// The own subcommands of a binary that has none.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum NoCommand {}

/// The command line as clap reads it.
#[derive(Debug, Parser)]
#[command(disable_help_subcommand = true)]
struct Line<D: Args, Q: Args, A: Args, P: Args, S: Subcommand> {
    #[command(subcommand)]
    command: Option<Command<Q, A, P, S>>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    own: D,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Subcommand)]
enum Command<Q: Args, A: Args, P: Args, S: Subcommand> {
    /// Any position (either side to move): its value and the value of every legal move, best first.
    Query {
        #[command(flatten)]
        format: FormatArgs,
        #[command(flatten)]
        own: Q,
        #[command(flatten)]
        input: InputArgs,
    },
    /// The whole game of each board: every position counted by its value and remoteness.
    Analyze {
        #[command(flatten)]
        format: AnalyzeFormatArgs,
        #[command(flatten)]
        own: A,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Play the first position of FILE against the perfect opponent.
    Play {
        #[command(flatten)]
        play: PlayArgs,
        #[command(flatten)]
        own: P,
    },
    #[command(flatten)]
    Own(S),
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Invocation<D, Q, A, P, S> {
    /// The default mode: the judge's answers, `--explain` or `--json`.
    Answer(Request<D>),
    /// `query`: every position's value and every move's value.
    Query(Request<Q>),
    /// `analyze`: the whole game of each board (the format is [`Format::Plain`] or
    /// [`Format::Json`]).
    Analyze(Request<A>),
    /// `play`: a session against the solver.
    Play(PlayRequest<P>),
    /// One of the binary's own subcommands.
    Own(S),
}

/// The default mode or `query`: where the input is, how to print, and the binary's own options.
#[derive(Debug)]
pub struct Request<O> {
    /// Where the input comes from.
    pub input: Source,
    /// How the answers are printed.
    pub format: Format,
    /// The options only this binary has.
    pub own: O,
}

/// FILE, or standard input when it is absent or `-`.
#[derive(Debug, Clone)]
pub struct Source {
    file: Option<PathBuf>,
    usage: String,
}

impl Source {
    /// A source with its usage line, for the message when there is no input.
    pub fn new(file: Option<PathBuf>, usage: impl Into<String>) -> Self {
        Self { file, usage: usage.into() }
    }

    /// The FILE named, if any (`-` included).
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Reads the whole input (see [`super::read`]).
    pub fn read(&self) -> Result<Vec<u8>, Failure> {
        read(self.file.as_deref(), &self.usage)
    }
}

/// `play`: the position's file, the side the person plays, hints, and the binary's own options.
#[derive(Debug)]
pub struct PlayRequest<O> {
    /// The file holding the start position (never `-`).
    pub file: PathBuf,
    /// `--as SIDE`, as typed.
    pub side: Option<String>,
    /// `--hints`.
    pub hints: Hints,
    /// The options only this binary has.
    pub own: O,
}

impl<O> PlayRequest<O> {
    /// Reads the position's file.
    pub fn read(&self) -> Result<Vec<u8>, Failure> {
        read(Some(&self.file), "")
    }

    /// The first of the positions read from the file; one message for a file that holds none.
    pub fn first<T>(&self, positions: impl IntoIterator<Item = T>) -> Result<T, Failure> {
        positions.into_iter().next().ok_or_else(|| {
            Failure::Usage(format!(
                "error: {} holds no position",
                crate::error::printable(self.file.as_os_str().as_encoded_bytes())
            ))
        })
    }

    /// Plays `start` against the person on standard input: `--as` names one of the game's two
    /// sides (any case), the side to move by default.
    pub fn play<G: PlayGame>(
        &self,
        game: &mut G,
        start: G::Position,
        out: &mut impl io::Write,
    ) -> Result<(), Failure> {
        let sides = game.sides();
        let person = match &self.side {
            None => game.to_move(&start),
            Some(side) => game.side_named(side).ok_or_else(|| {
                Failure::Usage(format!(
                    "error: --as {}: the sides are {} and {}",
                    crate::error::printable(side.as_bytes()),
                    sides[0],
                    sides[1]
                ))
            })?,
        };
        let stdin = io::stdin();
        let mode = if stdin.is_terminal() { Input::Terminal } else { Input::Script };
        match play(game, start, person, self.hints, &mut stdin.lock(), mode, out) {
            Ok(_) => Ok(()),
            // The game's own errors (a position too big to solve): a refusal, not a bug.
            Err(e) if e.kind() == io::ErrorKind::Other => Err(Failure::TooLarge(format!("error: {e}"))),
            Err(e) => Err(Failure::Output(e)),
        }
    }
}

/// Reads the command line of the process; a usage error is printed (`error: ...`) and exits with
/// status 2, `--help` and `--version` exit 0.
pub fn parse<D: Args, Q: Args, A: Args, P: Args, S: Subcommand>(texts: &Texts) -> Invocation<D, Q, A, P, S> {
    try_parse_from(texts, std::env::args_os()).unwrap_or_else(|e| e.exit())
}

/// Reads the command line `args` (the first is the program's name).
pub fn try_parse_from<D: Args, Q: Args, A: Args, P: Args, S: Subcommand>(
    texts: &Texts,
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> Result<Invocation<D, Q, A, P, S>, clap::Error> {
    let mut command = command::<D, Q, A, P, S>(texts);
    let mut matches = command.try_get_matches_from_mut(args)?;
    if let Some((sub, sub_matches)) = matches.subcommand() {
        if let Some(misplaced) = given_before(&command, &matches) {
            let taken = command
                .find_subcommand(sub)
                .is_some_and(|c| c.get_arguments().any(|a| a.get_id().as_str() == misplaced.id));
            let takes = if taken { " after it" } else { "" };
            let message = format!(
                "{} stands before the subcommand `{sub}`; write `{} {sub}` first, then its options and FILE{takes} (see `{} {sub} --help`)",
                misplaced.shown, texts.name, texts.name
            );
            return Err(command.error(ErrorKind::ArgumentConflict, message));
        }
        if sub == "play" && sub_matches.get_one::<PathBuf>("file").is_some_and(|f| f.as_os_str() == "-") {
            let message = "play reads the moves from standard input: give its position as a FILE, not `-`";
            return Err(command.error(ErrorKind::InvalidValue, message));
        }
    }
    let line = Line::<D, Q, A, P, S>::from_arg_matches_mut(&mut matches)?;
    let usage = |sub: &str| format!("usage: {}{sub} [OPTIONS] [FILE]", texts.name);
    Ok(match line.command {
        None => Invocation::Answer(Request {
            input: Source::new(line.input.file, usage("")),
            format: line.format.format(),
            own: line.own,
        }),
        Some(Command::Query { format, own, input }) => Invocation::Query(Request {
            input: Source::new(input.file, usage(" query")),
            format: format.format(),
            own,
        }),
        Some(Command::Analyze { format, own, input }) => Invocation::Analyze(Request {
            input: Source::new(input.file, usage(" analyze")),
            format: format.format(),
            own,
        }),
        Some(Command::Play { play, own }) => Invocation::Play(PlayRequest {
            file: play.file,
            side: play.side,
            hints: if play.hints { Hints::Shown } else { Hints::OnRequest },
            own,
        }),
        Some(Command::Own(sub)) => Invocation::Own(sub),
    })
}

/// The clap command of a binary: its words in place, its help pages laid out.
pub fn command<D: Args, Q: Args, A: Args, P: Args, S: Subcommand>(texts: &Texts) -> clap::Command {
    Line::<D, Q, A, P, S>::command()
        .name(texts.name)
        .bin_name(texts.name)
        .version(texts.version)
        .about(texts.about)
        .after_help(format!("Input: {}\n\nAnswers: {}", texts.input, texts.answers))
        .mut_subcommand("query", |c| {
            c.after_help(format!("Input: {}\n\nAnswers: {}", texts.query_input, texts.query_output))
        })
        .mut_subcommand("analyze", |c| {
            c.after_help(format!("Input: {}\n\nAnalysis: {}", texts.input, texts.analyze_output))
        })
        .mut_subcommand("play", |c| c.after_help(format!("Play: {}", texts.play)))
}

/// An argument given on the command line before the subcommand.
struct Misplaced {
    /// Its id.
    id: String,
    /// How it is written (`--json`, `FILE`).
    shown: String,
}

/// The first argument of the top level given on the command line although a subcommand follows
/// (global arguments belong to every level and are not misplaced).
fn given_before(command: &clap::Command, matches: &ArgMatches) -> Option<Misplaced> {
    command.get_arguments().find_map(|arg| {
        let id = arg.get_id().as_str();
        let given = matches.value_source(id) == Some(ValueSource::CommandLine);
        (given && !arg.is_global_set()).then(|| Misplaced {
            id: id.to_string(),
            shown: match arg.get_long() {
                Some(long) => format!("--{long}"),
                None => {
                    arg.get_value_names().and_then(|v| v.first()).map_or(id.to_uppercase(), |v| v.to_string())
                }
            },
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXTS: Texts = Texts {
        name: "demo",
        version: "1.0",
        about: "A demo solver.",
        input: "numbers.",
        answers: "yes or no.",
        query_input: "numbers and a side.",
        query_output: "values.",
        analyze_output: "counts.",
        play: "a number; moves are numbers.",
    };

    #[derive(Debug, Args)]
    struct Depth {
        /// How deep.
        #[arg(long)]
        depth: Option<u32>,
    }

    type Demo = Invocation<Depth, NoOptions, NoOptions, NoOptions, NoCommand>;

    fn parse(args: &[&str]) -> Result<Demo, String> {
        let args = std::iter::once("demo").chain(args.iter().copied());
        try_parse_from(&TEXTS, args).map_err(|e| e.to_string())
    }

    #[test]
    fn the_three_modes() {
        match parse(&["--json", "--depth", "3", "x.in"]).unwrap() {
            Invocation::Answer(r) => {
                assert_eq!(
                    (r.format, r.own.depth, r.input.file()),
                    (Format::Json, Some(3), Some(Path::new("x.in")))
                )
            }
            other => panic!("{other:?}"),
        }
        match parse(&["query", "--explain"]).unwrap() {
            Invocation::Query(r) => assert_eq!((r.format, r.input.file()), (Format::Explain, None)),
            other => panic!("{other:?}"),
        }
        match parse(&["analyze", "--json", "a.in"]).unwrap() {
            Invocation::Analyze(r) => {
                assert_eq!((r.format, r.input.file()), (Format::Json, Some(Path::new("a.in"))))
            }
            other => panic!("{other:?}"),
        }
        match parse(&["play", "--as", "Red", "--hints", "p.in"]).unwrap() {
            Invocation::Play(r) => {
                assert_eq!(
                    (r.file, r.side.as_deref(), r.hints),
                    (PathBuf::from("p.in"), Some("Red"), Hints::Shown)
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn what_stands_before_a_subcommand_is_refused_with_where_it_goes() {
        let e = parse(&["x.in", "query"]).unwrap_err();
        assert!(e.starts_with("error: FILE stands before the subcommand `query`; write `demo query` first, then its options and FILE after it"), "{e}");
        let e = parse(&["--json", "play", "p.in"]).unwrap_err();
        assert!(e.starts_with("error: --json stands before the subcommand `play`; write `demo play` first, then its options and FILE ("), "{e}");
        let e = parse(&["--depth", "2", "query"]).unwrap_err();
        assert!(e.starts_with("error: --depth stands before the subcommand `query`"), "{e}");
    }

    #[test]
    fn options_a_subcommand_does_not_take_are_usage_errors() {
        for args in [
            &["play", "--json", "p.in"][..],
            &["query", "--depth", "2"],
            &["query", "--as", "red"],
            &["analyze", "--explain"],
        ] {
            let e = parse(args).unwrap_err();
            assert!(e.starts_with("error: unexpected argument '--"), "{args:?}: {e}");
        }
        assert!(
            parse(&["--json", "--explain"])
                .unwrap_err()
                .starts_with("error: the argument '--json' cannot be used with '--explain'")
        );
    }

    #[test]
    fn play_needs_a_file_that_is_not_standard_input() {
        let e = parse(&["play"]).unwrap_err();
        assert!(e.starts_with("error: the following required arguments were not provided:\n  <FILE>"), "{e}");
        let e = parse(&["play", "-"]).unwrap_err();
        assert!(
            e.starts_with(
                "error: play reads the moves from standard input: give its position as a FILE, not `-`"
            ),
            "{e}"
        );
    }

    #[test]
    fn help_pages_show_the_options_then_the_input_then_the_answers() {
        let mut command = command::<Depth, NoOptions, NoOptions, NoOptions, NoCommand>(&TEXTS);
        let help = command.render_help().to_string();
        let (options, input) = (help.find("--depth").unwrap(), help.find("Input: numbers.").unwrap());
        assert!(options < input && input < help.find("Answers: yes or no.").unwrap(), "{help}");
        let play = command.find_subcommand_mut("play").unwrap().render_help().to_string();
        assert!(!play.contains("--json") && !play.contains("--depth") && play.contains("--hints"), "{play}");
        assert!(play.contains("Play: a number; moves are numbers."), "{play}");
    }
}
