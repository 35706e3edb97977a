//! General maximum matching (`matching`, Library Checker `general_matching`): its registration.

pub mod generate;
pub mod shrink;
pub mod weighted;

use super::StressGame;
use crate::reference;
use crate::rng::Rng;
use crate::tokens::Tokens;
use crate::verdict::Verdict;
use generate::{MatchingInput, MatchingOptions, generate};

/// General maximum matching (Library Checker `general_matching`), judged by a checker.
#[derive(Debug, Clone, Copy)]
pub struct Matching;

impl StressGame for Matching {
    type Input = MatchingInput;
    type Options = MatchingOptions;

    const NAME: &'static str = "matching";
    const SUMMARY: &'static str =
        "General maximum matching (Library Checker `general_matching`), judged by a checker";
    const STRESS_ABOUT: &'static str =
        "General maximum matching, Library Checker format (judged by a checker)";
    const HACK_ABOUT: &'static str = "Matching solutions";
    const GEN_ABOUT: &'static str = "A general graph";
    const CORPUS: &'static str = "edmonds-blossom";
    const MANIFEST_ARGS: &'static [&'static str] = &["matching"];
    const OUTPUT_FORMAT: &'static str = "a matching";

    fn generate(options: &MatchingOptions, rng: &mut Rng) -> MatchingInput {
        generate(options, rng)
    }

    fn validate(options: &MatchingOptions) -> Result<(), String> {
        options.validate()
    }

    fn render(input: &MatchingInput) -> String {
        input.render()
    }

    fn describe(input: &MatchingInput) -> String {
        input.describe()
    }

    fn expected(input: &[u8]) -> Result<String, String> {
        reference::matching_expected(input)
    }

    fn parse(tokens: &mut Tokens) -> Result<MatchingInput, String> {
        let (n, m): (usize, usize) = (tokens.number("N")?, tokens.number("M")?);
        let edges = (0..m)
            .map(|_| Ok((tokens.number::<u32>("a vertex")?, tokens.number::<u32>("a vertex")?)))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(MatchingInput { n, edges })
    }

    /// Any line: the checker judges the output as a whole.
    fn line_is_well_formed(_line: &str) -> bool {
        true
    }

    fn check(input: &[u8], output: &str) -> Option<Verdict> {
        Some(reference::check_matching(input, output))
    }

    fn measure(input: &MatchingInput) -> Vec<u64> {
        shrink::measure(input)
    }

    fn candidates(input: &MatchingInput) -> Vec<MatchingInput> {
        shrink::candidates(input)
    }
}
