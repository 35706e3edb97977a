//! The no-revisit king game (`edmonds-blossom`, HDU 3446): its registration.

pub mod generate;
pub mod shrink;

use super::StressGame;
use crate::reference;
use crate::rng::Rng;
use crate::tokens::Tokens;
use generate::{KingBoard, KingInput, KingOptions, generate};

/// The no-revisit king game (HDU 3446): `Case #i: daizhenyang win|lose`.
#[derive(Debug, Clone, Copy)]
pub struct King;

impl StressGame for King {
    type Input = KingInput;
    type Options = KingOptions;

    const NAME: &'static str = "edmonds-blossom";
    const SUMMARY: &'static str = "The no-revisit king game (HDU 3446): `Case #i: daizhenyang win|lose`";
    const STRESS_ABOUT: &'static str =
        "The no-revisit king game, HDU 3446 format (`Case #i: daizhenyang win|lose`)";
    const HACK_ABOUT: &'static str = "King-game solutions";
    const GEN_ABOUT: &'static str = "King-game boards";
    const CORPUS: &'static str = "edmonds-blossom";
    const MANIFEST_ARGS: &'static [&'static str] = &[];
    const OUTPUT_FORMAT: &'static str = "`Case #i: daizhenyang win|lose`";

    fn generate(options: &KingOptions, rng: &mut Rng) -> KingInput {
        generate(options, rng)
    }

    fn validate(options: &KingOptions) -> Result<(), String> {
        options.validate()
    }

    fn render(input: &KingInput) -> String {
        input.render()
    }

    fn describe(input: &KingInput) -> String {
        input.describe()
    }

    fn expected(input: &[u8]) -> Result<String, String> {
        reference::king_expected(input)
    }

    fn parse(tokens: &mut Tokens) -> Result<KingInput, String> {
        let count: usize = tokens.number("the number of boards")?;
        let mut boards = Vec::new();
        for i in 0..count {
            let (rows, cols): (usize, usize) = (tokens.number("rows")?, tokens.number("columns")?);
            let mut king = None;
            let mut blocked = Vec::with_capacity(rows * cols);
            for (r, row) in tokens.grid(rows, cols)?.into_iter().enumerate() {
                for (c, &cell) in row.iter().enumerate() {
                    if cell == b'K' {
                        king = Some((r, c));
                    }
                    blocked.push(cell == b'#');
                }
            }
            let Some(king) = king else { return Err(format!("board {}: no `K`", i + 1)) };
            let board = KingBoard { rows, cols, blocked, king };
            if !board.is_valid() {
                return Err(format!("board {}: not a board the shrinker can reduce", i + 1));
            }
            boards.push(board);
        }
        Ok(KingInput { boards })
    }

    fn line_is_well_formed(line: &str) -> bool {
        let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        line.strip_prefix("Case #").and_then(|r| r.split_once(": ")).is_some_and(|(case, verdict)| {
            number(case) && matches!(verdict, "daizhenyang win" | "daizhenyang lose")
        })
    }

    fn measure(input: &KingInput) -> Vec<u64> {
        shrink::measure(input)
    }

    fn candidates(input: &KingInput) -> Vec<KingInput> {
        shrink::candidates(input)
    }

    fn merge(into: &mut KingInput, other: &KingInput) -> bool {
        into.boards.extend(other.boards.iter().cloned());
        true
    }
}
