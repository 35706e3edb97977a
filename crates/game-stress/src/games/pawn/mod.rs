//! The pawn-pursuit game (`pawn-retrograde`): its registration.

pub mod generate;
pub mod shrink;

use super::StressGame;
use crate::reference;
use crate::rng::Rng;
use crate::tokens::Tokens;
use generate::{PawnBoard, PawnInput, PawnOptions, generate};

/// The pawn-pursuit game: `Red k`, `Black k` or `Tie` per board.
#[derive(Debug, Clone, Copy)]
pub struct Pawn;

impl StressGame for Pawn {
    type Input = PawnInput;
    type Options = PawnOptions;

    const NAME: &'static str = "pawn-retrograde";
    const SUMMARY: &'static str = "The pawn-pursuit game: `Red k`, `Black k` or `Tie` per board";
    const STRESS_ABOUT: &'static str = "The pawn-pursuit game (`Red k`, `Black k`, `Tie`)";
    const HACK_ABOUT: &'static str = "Pawn-pursuit solutions";
    const GEN_ABOUT: &'static str = "A pawn-pursuit input";
    const CORPUS: &'static str = "pawn-retrograde";
    const MANIFEST_ARGS: &'static [&'static str] = &[];
    const OUTPUT_FORMAT: &'static str = "`Red k`, `Black k` or `Tie`";

    fn generate(options: &PawnOptions, rng: &mut Rng) -> PawnInput {
        generate(options, rng)
    }

    fn validate(options: &PawnOptions) -> Result<(), String> {
        options.validate()
    }

    fn render(input: &PawnInput) -> String {
        input.render()
    }

    fn describe(input: &PawnInput) -> String {
        input.describe()
    }

    fn expected(input: &[u8]) -> Result<String, String> {
        reference::pawn_expected(input)
    }

    fn parse(tokens: &mut Tokens) -> Result<PawnInput, String> {
        tokens.next("the file label")?;
        let count: usize = tokens.number("the number of boards")?;
        let mut boards = Vec::new();
        for i in 0..count {
            let (rows, cols): (usize, usize) = (tokens.number("rows")?, tokens.number("columns")?);
            let (mut black, mut reds) = (None, Vec::new());
            let mut blocked = Vec::with_capacity(rows * cols);
            for (r, row) in tokens.grid(rows, cols)?.into_iter().enumerate() {
                for (c, &cell) in row.iter().enumerate() {
                    match cell {
                        b'X' => black = Some((r, c)),
                        b'O' => reds.push((r, c)),
                        _ => {}
                    }
                    blocked.push(cell == b'#');
                }
            }
            let board = match (black, reds.as_slice()) {
                (Some(black), &[a, b]) => PawnBoard { rows, cols, blocked, black, reds: [a, b] },
                _ => return Err(format!("board {}: expected one `X` and two `O`", i + 1)),
            };
            if !board.is_valid() {
                return Err(format!("board {}: not a board the shrinker can reduce", i + 1));
            }
            boards.push(board);
        }
        Ok(PawnInput { boards })
    }

    fn line_is_well_formed(line: &str) -> bool {
        let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        line == "Tie" || line.strip_prefix("Red ").or_else(|| line.strip_prefix("Black ")).is_some_and(number)
    }

    fn measure(input: &PawnInput) -> Vec<u64> {
        shrink::measure(input)
    }

    fn candidates(input: &PawnInput) -> Vec<PawnInput> {
        shrink::candidates(input)
    }

    fn merge(into: &mut PawnInput, other: &PawnInput) -> bool {
        into.boards.extend(other.boards.iter().cloned());
        true
    }
}
