//! Judging a solver's output against the expected one.

use crate::{matching_checker, weighted_checker};

/// How a case's output is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    /// Line by line; trailing spaces at line ends and a missing final newline are tolerated.
    Diff,
    /// A maximum matching in Library Checker `general_matching` format: any valid optimal one passes.
    GeneralMatching,
    /// A maximum-weight matching in Library Checker `general_weighted_matching` format: any valid
    /// one of optimal total weight passes.
    GeneralWeightedMatching,
}

impl Judge {
    /// The judge called `name` in a manifest.
    pub fn from_name(name: &str) -> Result<Self, String> {
        match name {
            "diff" => Ok(Self::Diff),
            "general-matching" => Ok(Self::GeneralMatching),
            "general-weighted-matching" => Ok(Self::GeneralWeightedMatching),
            _ => Err(format!("unknown judge `{name}`")),
        }
    }

    /// `Ok(())` when `got` is a correct answer for `input` given the reference answer `expected`;
    /// otherwise a one-line reason.
    pub fn judge(self, input: &str, expected: &str, got: &str) -> Result<(), String> {
        match self {
            Self::Diff => diff(expected, got),
            Self::GeneralMatching => matching_checker::check(input, expected, got),
            Self::GeneralWeightedMatching => weighted_checker::check(input, expected, got),
        }
    }
}

/// Compares line by line; reports the first differing line.
fn diff(expected: &str, got: &str) -> Result<(), String> {
    let clean = |line: &str| line.trim_end_matches([' ', '\t']).to_string();
    let expected: Vec<String> = expected.lines().map(clean).collect();
    let got: Vec<String> = got.lines().map(clean).collect();
    let lines = expected.len().max(got.len());
    for i in 0..lines {
        let (e, g) = (expected.get(i), got.get(i));
        if e != g {
            let show = |l: Option<&String>| l.map_or("<end of output>".to_string(), |l| format!("`{l}`"));
            return Err(format!("line {}: expected {}, got {}", i + 1, show(e), show(g)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerates_trailing_spaces_and_final_newline() {
        assert_eq!(diff("a\nb\n", "a  \nb"), Ok(()));
        assert_eq!(diff("Case #1:\n", "Case #1:\t\n"), Ok(()));
    }

    #[test]
    fn reports_first_differing_line() {
        assert_eq!(diff("a\nb\nc\n", "a\nx\nc\n"), Err("line 2: expected `b`, got `x`".into()));
        assert_eq!(diff("a\nb\n", "a\n"), Err("line 2: expected `b`, got <end of output>".into()));
        assert_eq!(diff("a\n", "a\n\n"), Err("line 2: expected <end of output>, got ``".into()));
        assert_eq!(diff("Red 1\n", " Red 1\n"), Err("line 1: expected `Red 1`, got ` Red 1`".into()));
    }
}
