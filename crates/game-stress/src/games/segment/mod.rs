//! Pawns sliding on a circle (`segment-nim`): its registration.

pub mod generate;
pub mod shrink;

use super::StressGame;
use crate::reference;
use crate::rng::Rng;
use crate::tokens::Tokens;
use generate::{SegmentBoard, SegmentInput, SegmentOptions, generate};

/// Pawns sliding on a circle: `B`, `C` or `R` per board.
#[derive(Debug, Clone, Copy)]
pub struct Segment;

impl StressGame for Segment {
    type Input = SegmentInput;
    type Options = SegmentOptions;

    const NAME: &'static str = "segment-nim";
    const SUMMARY: &'static str = "Pawns sliding on a circle: `B`, `C` or `R` per board";
    const STRESS_ABOUT: &'static str = "Pawns sliding on a circle (`B`, `C`, `R`)";
    const HACK_ABOUT: &'static str = "Sliding-pawn solutions";
    const GEN_ABOUT: &'static str = "Sliding-pawn circles";
    const CORPUS: &'static str = "segment-nim";
    const MANIFEST_ARGS: &'static [&'static str] = &[];
    const OUTPUT_FORMAT: &'static str = "`B`, `C` or `R`";

    fn generate(options: &SegmentOptions, rng: &mut Rng) -> SegmentInput {
        generate(options, rng)
    }

    fn validate(options: &SegmentOptions) -> Result<(), String> {
        options.validate()
    }

    fn render(input: &SegmentInput) -> String {
        input.render()
    }

    fn describe(input: &SegmentInput) -> String {
        input.describe()
    }

    fn expected(input: &[u8]) -> Result<String, String> {
        reference::segment_expected(input)
    }

    fn parse(tokens: &mut Tokens) -> Result<SegmentInput, String> {
        let count: usize = tokens.number("the number of boards")?;
        let mut boards = Vec::new();
        for i in 0..count {
            let (n, w, c): (u64, usize, usize) =
                (tokens.number("n")?, tokens.number("w")?, tokens.number("c")?);
            let mut pawns = Vec::with_capacity(w + c);
            for k in 0..w + c {
                pawns.push((tokens.number::<u64>("a pawn's field")?, k < w));
            }
            pawns.sort_unstable();
            let board = SegmentBoard { n, pawns };
            if !board.is_valid() {
                return Err(format!("board {}: pawns must stand on distinct fields of 1..=n", i + 1));
            }
            boards.push(board);
        }
        Ok(SegmentInput { boards })
    }

    fn line_is_well_formed(line: &str) -> bool {
        matches!(line, "B" | "C" | "R")
    }

    fn measure(input: &SegmentInput) -> Vec<u64> {
        shrink::measure(input)
    }

    fn candidates(input: &SegmentInput) -> Vec<SegmentInput> {
        shrink::candidates(input)
    }

    fn merge(into: &mut SegmentInput, other: &SegmentInput) -> bool {
        into.boards.extend(other.boards.iter().cloned());
        true
    }
}
