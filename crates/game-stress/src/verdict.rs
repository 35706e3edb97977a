//! Verdicts, and the comparison of an output with the exact answer line by line.

use std::fmt;
use std::time::Duration;

use crate::Game;

/// What a solution got on one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Accepted,
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
            Verdict::WrongAnswer { .. } => Kind::WrongAnswer,
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
            Verdict::TimeLimit { limit } => write!(f, "TLE: killed after {:.2} s", limit.as_secs_f64()),
            Verdict::RuntimeError { status } => write!(f, "RE: {status}"),
            Verdict::InvalidOutput { reason } => write!(f, "invalid output: {reason}"),
        }
    }
}

/// The lines of an output as compared: trailing spaces and trailing empty lines do not count.
fn lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Whether one output line is in `game`'s format (`matching` is judged by its checker instead).
pub fn line_is_well_formed(game: Game, line: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match game {
        Game::PawnRetrograde => {
            line == "Tie"
                || line.strip_prefix("Red ").or_else(|| line.strip_prefix("Black ")).is_some_and(number)
        }
        Game::LatticeDp => number(line.strip_prefix('-').unwrap_or(line)),
        Game::SegmentNim => matches!(line, "B" | "C" | "R"),
        Game::EdmondsBlossom => {
            line.strip_prefix("Case #").and_then(|r| r.split_once(": ")).is_some_and(|(case, verdict)| {
                number(case) && matches!(verdict, "daizhenyang win" | "daizhenyang lose")
            })
        }
        Game::Matching => true,
    }
}

/// The format of `game`'s output lines, for messages.
fn format_of(game: Game) -> &'static str {
    match game {
        Game::PawnRetrograde => "`Red k`, `Black k` or `Tie`",
        Game::LatticeDp => "an integer",
        Game::SegmentNim => "`B`, `C` or `R`",
        Game::EdmondsBlossom => "`Case #i: daizhenyang win|lose`",
        Game::Matching => "a matching",
    }
}

/// Judges `got` against the exact answer `expected` line by line: `InvalidOutput` for a line not in
/// the game's format, else `WrongAnswer` at the first differing line, else `Accepted`.
pub fn compare(game: Game, expected: &str, got: &str) -> Verdict {
    let got_lines = lines(got);
    if let Some((i, bad)) = got_lines.iter().enumerate().find(|(_, l)| !line_is_well_formed(game, l)) {
        let shown: String = bad.chars().take(60).collect();
        return Verdict::InvalidOutput {
            reason: format!("line {}: `{shown}` is not {}", i + 1, format_of(game)),
        };
    }
    let expected_lines = lines(expected);
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
    Verdict::Accepted
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(!line_is_well_formed(Game::EdmondsBlossom, "Case #x: daizhenyang lose"));
    }
}
