//! Verdicts, and the comparison of an output with the exact answer line by line.
//!
//! # The output rule
//!
//! By default ([`OutputRule::Tokens`]) an output is compared with the answer line by line, each
//! line as its whitespace-separated tokens: `Red  1`, `Red 1 ` and `Red 1\r` all read as `Red 1`,
//! and empty lines at the end do not count (the default of most judges: Codeforces' `wcmp`,
//! `oj`'s default). [`OutputRule::Strict`] compares bytes: the output must be exactly the answer.
//! The rule is the same for every game; `matching` is judged by a checker, which reads tokens
//! (strict: its lines must be written with single spaces and end with a newline).

use std::fmt;
use std::time::Duration;

/// What a solution got on one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Accepted,
    /// The external checker (`--checker`) rejected the output (testlib exit status 1).
    CheckerRejected {
        /// What the checker said (its first line of output), possibly empty.
        message: String,
    },
    /// Wrong answer: the first line (1-based) where the output differs from the exact answer.
    WrongAnswer {
        /// 1-based line number.
        line: usize,
        /// The exact answer's line (`(end of output)` when the answer has fewer lines).
        expected: String,
        /// The solution's line (`(end of output)` when the output has fewer lines).
        got: String,
    },
    /// The solution ran past the time limit and was killed.
    TimeLimit {
        /// The limit it ran past.
        limit: Duration,
    },
    /// The solution exited with a non-zero status or was killed by a signal.
    RuntimeError {
        /// `exit status N`, or `killed by signal N (NAME)`.
        status: String,
    },
    /// The output is not in the game's output format (or, for `matching`, not a matching).
    InvalidOutput {
        /// What is wrong, located by line.
        reason: String,
    },
}

/// The kind of a verdict, without its details: shrinking keeps a case only if the kind stays the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `AC`.
    Accepted,
    /// `WA`.
    WrongAnswer,
    /// `TLE`.
    TimeLimit,
    /// `RE`.
    RuntimeError,
    /// `invalid output`.
    InvalidOutput,
}

impl Verdict {
    /// The verdict's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Verdict::Accepted => Kind::Accepted,
            Verdict::WrongAnswer { .. } | Verdict::CheckerRejected { .. } => Kind::WrongAnswer,
            Verdict::TimeLimit { .. } => Kind::TimeLimit,
            Verdict::RuntimeError { .. } => Kind::RuntimeError,
            Verdict::InvalidOutput { .. } => Kind::InvalidOutput,
        }
    }

    /// Whether this is `AC`.
    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Accepted => "AC",
            Kind::WrongAnswer => "WA",
            Kind::TimeLimit => "TLE",
            Kind::RuntimeError => "RE",
            Kind::InvalidOutput => "invalid output",
        })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => write!(f, "AC"),
            Verdict::WrongAnswer { line, expected, got } => {
                write!(f, "WA: line {line}: expected `{expected}`, got `{got}`")
            }
            Verdict::CheckerRejected { message } if message.is_empty() => {
                write!(f, "WA: rejected by the checker")
            }
            Verdict::CheckerRejected { message } => write!(f, "WA: checker: {message}"),
            Verdict::TimeLimit { limit } => write!(f, "TLE: killed after {:.2} s", limit.as_secs_f64()),
            Verdict::RuntimeError { status } => write!(f, "RE: {status}"),
            Verdict::InvalidOutput { reason } => write!(f, "invalid output: {reason}"),
        }
    }
}

/// How an output is compared with the answer (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputRule {
    /// Line by line, each line as its whitespace-separated tokens; empty lines at the end ignored.
    #[default]
    Tokens,
    /// Byte for byte.
    Strict,
}

/// One line as compared under [`OutputRule::Tokens`]: its tokens joined by single spaces.
pub fn normalize_line(line: &str) -> String {
    line.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lines of an output as compared under `rule`: normalized tokens with empty lines at the end
/// dropped, or (strict) the raw lines split at `\n`.
fn lines(text: &str, rule: OutputRule) -> Vec<String> {
    match rule {
        OutputRule::Tokens => {
            let mut lines: Vec<String> = text.lines().map(normalize_line).collect();
            while lines.last().is_some_and(String::is_empty) {
                lines.pop();
            }
            lines
        }
        OutputRule::Strict => {
            let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
            // The text after the last newline: empty when the output ends with one.
            if lines.last().is_some_and(String::is_empty) {
                lines.pop();
            }
            lines
        }
    }
}

/// Whether `text` is already written as [`OutputRule::Strict`] wants a token output written: every
/// line its tokens joined by single spaces, every line ended by a newline, no empty line at the end.
/// `None` when it is, else the first offending line (1-based) and what is wrong.
pub fn strict_layout(text: &str) -> Option<(usize, &'static str)> {
    if !text.is_empty() && !text.ends_with('\n') {
        return Some((text.lines().count(), "the last line has no newline"));
    }
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() {
            return Some((i + 1, "empty line"));
        }
        if normalize_line(line) != line {
            return Some((i + 1, "extra whitespace"));
        }
    }
    None
}

/// What judging an output line by line needs of a game: its output lines' format.
pub trait LineFormat: Copy {
    /// Whether one output line is in the game's format.
    fn line_is_well_formed(self, line: &str) -> bool;
    /// The format of the game's output lines, for messages.
    fn output_format(self) -> &'static str;
}

/// Whether one output line is in `game`'s format (`matching` is judged by its checker instead).
pub fn line_is_well_formed(game: impl LineFormat, line: &str) -> bool {
    game.line_is_well_formed(line)
}

/// Judges `got` against the exact answer `expected` line by line under the default rule
/// ([`OutputRule::Tokens`]); see [`compare_with`].
pub fn compare(game: impl LineFormat, expected: &str, got: &str) -> Verdict {
    compare_with(game, expected, got, OutputRule::Tokens)
}

/// Judges `got` against the exact answer `expected` line by line under `rule`: `InvalidOutput` for
/// a line not in the game's format, else `WrongAnswer` at the first differing line, else
/// `Accepted`.
pub fn compare_with(game: impl LineFormat, expected: &str, got: &str, rule: OutputRule) -> Verdict {
    let got_lines = lines(got, rule);
    let well_formed = |l: &String| line_is_well_formed(game, l);
    if let Some((i, bad)) = got_lines.iter().enumerate().find(|(_, l)| !well_formed(l)) {
        let shown: String = bad.chars().take(60).collect();
        return Verdict::InvalidOutput {
            reason: format!("line {}: `{shown}` is not {}", i + 1, game.output_format()),
        };
    }
    let expected_lines = lines(expected, rule);
    let end = "(end of output)";
    for i in 0..expected_lines.len().max(got_lines.len()) {
        let (e, g) = (expected_lines.get(i), got_lines.get(i));
        if e != g {
            return Verdict::WrongAnswer {
                line: i + 1,
                expected: e.map_or(end, |s| s).to_string(),
                got: g.map_or(end, |s| s).to_string(),
            };
        }
    }
    if rule == OutputRule::Strict && expected != got {
        // Same lines, different bytes: only the final newline differs.
        let n = expected_lines.len().max(1);
        let (e, g) = if expected.ends_with('\n') { ("a newline", "none") } else { ("none", "a newline") };
        return Verdict::WrongAnswer { line: n, expected: format!("{e} at the end"), got: g.into() };
    }
    Verdict::Accepted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn compares_line_by_line() {
        let g = Game::PawnRetrograde;
        assert_eq!(compare(g, "Red 1\nTie\n", "Red 1  \nTie"), Verdict::Accepted);
        assert_eq!(
            compare(g, "Red 1\nTie\n", "Red 1\nBlack 2\n"),
            Verdict::WrongAnswer { line: 2, expected: "Tie".into(), got: "Black 2".into() }
        );
        assert_eq!(compare(g, "Red 1\nTie\n", "Red 1\n").kind(), Kind::WrongAnswer);
        assert_eq!(compare(g, "Tie\n", "tie\n").kind(), Kind::InvalidOutput);
        assert_eq!(compare(Game::LatticeDp, "-3\n", "-3\n"), Verdict::Accepted);
        assert_eq!(compare(Game::SegmentNim, "B\n", "X\n").kind(), Kind::InvalidOutput);
        assert!(line_is_well_formed(Game::EdmondsBlossom, "Case #12: daizhenyang lose"));
        assert!(line_is_well_formed(Game::EdmondsBlossom, &normalize_line("Case  #12:  daizhenyang lose ")));
        assert!(!line_is_well_formed(Game::EdmondsBlossom, "Case #x: daizhenyang lose"));
    }

    #[test]
    fn tokens_rule_ignores_spacing_and_strict_does_not() {
        let g = Game::PawnRetrograde;
        for got in ["Red  1\nTie\n", "Red 1\r\nTie\r\n", " Red 1\nTie\n\n\n", "Red\t1\nTie"] {
            assert_eq!(compare(g, "Red 1\nTie\n", got), Verdict::Accepted, "{got:?}");
            assert_ne!(
                compare_with(g, "Red 1\nTie\n", got, OutputRule::Strict),
                Verdict::Accepted,
                "{got:?}"
            );
        }
        assert_eq!(compare_with(g, "Red 1\nTie\n", "Red 1\nTie\n", OutputRule::Strict), Verdict::Accepted);
        assert_eq!(compare_with(g, "Red 1\n", "Red 1", OutputRule::Strict).kind(), Kind::WrongAnswer);
        // A line split in two is a different output, not the same tokens.
        assert_eq!(compare(g, "Red 1\n", "Red\n1\n").kind(), Kind::InvalidOutput);
        assert_eq!(compare(Game::LatticeDp, "12\n", "1 2\n").kind(), Kind::InvalidOutput);
        assert_eq!(strict_layout("1\n0 1\n"), None);
        assert_eq!(strict_layout("1\n0  1\n"), Some((2, "extra whitespace")));
        assert_eq!(strict_layout("1\n0 1"), Some((2, "the last line has no newline")));
    }
}
