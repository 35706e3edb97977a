//! The command-line options every solver binary shares, as clap argument groups that the
//! [`driver`](super::driver) flattens into its modes.

use std::path::PathBuf;

use clap::Args;

/// `[FILE]`: where the input comes from.
#[derive(Debug, Clone, Default, Args)]
pub struct InputArgs {
    /// Input file; standard input when absent or `-` (`-` reads even a terminal: paste the input,
    /// then press Ctrl-D).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// `--json` / `--explain`: how answers are printed.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct FormatArgs {
    /// Print one JSON object per board, case or query (JSON Lines; the fields are in
    /// docs/REPORT.md).
    #[arg(long, conflicts_with = "explain")]
    pub json: bool,
    /// Explain each answer for people: the board drawn, the reasoning or the optimal play.
    #[arg(long)]
    pub explain: bool,
}

/// `--json`: how `analyze` prints (its plain output is already for people).
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct AnalyzeFormatArgs {
    /// Print one JSON object per board (JSON Lines; the fields are in docs/REPORT.md).
    #[arg(long)]
    pub json: bool,
}

impl AnalyzeFormatArgs {
    /// The format these options ask for: [`Format::Json`] or [`Format::Plain`].
    pub fn format(self) -> Format {
        if self.json { Format::Json } else { Format::Plain }
    }
}

/// How a binary prints its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The plain answer (the contest judge's format; for `query`, the text report).
    Plain,
    /// For people: the reasoning or the optimal play.
    Explain,
    /// JSON Lines.
    Json,
}

impl FormatArgs {
    /// The format these options ask for.
    pub fn format(self) -> Format {
        if self.json {
            Format::Json
        } else if self.explain {
            Format::Explain
        } else {
            Format::Plain
        }
    }
}

/// The options of `play`.
#[derive(Debug, Clone, Default, Args)]
pub struct PlayArgs {
    /// The file holding the start position (required: standard input carries the moves).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The side you play (the game's own names, see `--help` of the binary); default: the side
    /// to move in the position.
    #[arg(long = "as", value_name = "SIDE")]
    pub side: Option<String>,
    /// Show the value of every legal move before each of your moves.
    #[arg(long)]
    pub hints: bool,
}
