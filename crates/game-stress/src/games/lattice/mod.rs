//! The staircase cell-taking game (`lattice-dp`): its registration.

pub mod generate;
pub mod shrink;

use super::StressGame;
use crate::reference;
use crate::rng::Rng;
use crate::tokens::Tokens;
use generate::{LatticeInput, LatticeOptions, generate};

/// The staircase cell-taking game: the optimal score difference.
#[derive(Debug, Clone, Copy)]
pub struct Lattice;

impl StressGame for Lattice {
    type Input = LatticeInput;
    type Options = LatticeOptions;

    const NAME: &'static str = "lattice-dp";
    const SUMMARY: &'static str = "The staircase cell-taking game: the optimal score difference";
    const STRESS_ABOUT: &'static str = "The staircase cell-taking game (optimal score difference)";
    const HACK_ABOUT: &'static str = "Staircase solutions";
    const GEN_ABOUT: &'static str = "A staircase board";
    const CORPUS: &'static str = "lattice-dp";
    const MANIFEST_ARGS: &'static [&'static str] = &[];
    const OUTPUT_FORMAT: &'static str = "an integer";

    fn generate(options: &LatticeOptions, rng: &mut Rng) -> LatticeInput {
        generate(options, rng)
    }

    fn validate(options: &LatticeOptions) -> Result<(), String> {
        options.validate()
    }

    fn render(input: &LatticeInput) -> String {
        input.render()
    }

    fn describe(input: &LatticeInput) -> String {
        input.describe()
    }

    fn expected(input: &[u8]) -> Result<String, String> {
        reference::lattice_expected(input)
    }

    fn parse(tokens: &mut Tokens) -> Result<LatticeInput, String> {
        let (n, m): (usize, usize) = (tokens.number("n")?, tokens.number("m")?);
        let mut values =
            |what: &str| (0..n * m).map(|_| tokens.number::<u64>(what)).collect::<Result<Vec<_>, _>>();
        let a = values("a value of A")?;
        let b = values("a value of B")?;
        Ok(LatticeInput { n, m, a, b })
    }

    fn line_is_well_formed(line: &str) -> bool {
        let digits = line.strip_prefix('-').unwrap_or(line);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    }

    fn measure(input: &LatticeInput) -> Vec<u64> {
        shrink::measure(input)
    }

    fn candidates(input: &LatticeInput) -> Vec<LatticeInput> {
        shrink::candidates(input)
    }
}
