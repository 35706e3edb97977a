//! A toy fifth game, kept as a test fixture: heaps of tokens, one game per heap; a move takes 1, 2
//! or 3 tokens and whoever takes the last one wins. The input is the number of heaps, then each
//! heap's size; the answer is `First` or `Second` (the winner) per heap. Its whole registration is
//! this folder: the `StressGame` implementation with its generator, parser and shrinker.

use game_stress::games::StressGame;
use game_stress::rng::Rng;
use game_stress::tokens::Tokens;

/// Most heaps of an input, and the largest heap the solver reads.
const MAX_HEAPS: usize = 1000;
const MAX_HEAP: u64 = 1_000_000;

/// One-heap Nim, many cases.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

/// The heaps of an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimInput {
    /// Each case's heap.
    pub heaps: Vec<u64>,
}

/// The generator's options.
#[derive(Debug, Clone, clap::Args)]
pub struct NimOptions {
    /// Largest heap.
    #[arg(long, default_value_t = 40)]
    pub max_heap: u64,
}

impl Default for NimOptions {
    fn default() -> Self {
        NimOptions { max_heap: 40 }
    }
}

/// Whether the player to move wins a heap of `n`: a table built move by move.
pub fn first_wins(n: u64) -> bool {
    let mut table = vec![false; n as usize + 1];
    for k in 1..=n as usize {
        table[k] = (1..=3.min(k)).any(|take| !table[k - take]);
    }
    table[n as usize]
}

impl StressGame for Nim {
    type Input = NimInput;
    type Options = NimOptions;

    const NAME: &'static str = "nim";
    const SUMMARY: &'static str = "One-heap Nim: `First` or `Second` per heap";
    const STRESS_ABOUT: &'static str = "One-heap Nim (`First`, `Second`)";
    const HACK_ABOUT: &'static str = "Nim solutions";
    const GEN_ABOUT: &'static str = "Nim heaps";
    const CORPUS: &'static str = "nim";
    const MANIFEST_ARGS: &'static [&'static str] = &[];
    const OUTPUT_FORMAT: &'static str = "`First` or `Second`";

    fn generate(options: &NimOptions, rng: &mut Rng) -> NimInput {
        let count = rng.range_usize(1, 8);
        NimInput { heaps: (0..count).map(|_| rng.range(0, options.max_heap)).collect() }
    }

    fn validate(options: &NimOptions) -> Result<(), String> {
        if options.max_heap > MAX_HEAP {
            return Err(format!("--max-heap: at most {MAX_HEAP}"));
        }
        Ok(())
    }

    fn render(input: &NimInput) -> String {
        let heaps: String = input.heaps.iter().map(|h| format!("{h}\n")).collect();
        format!("{}\n{heaps}", input.heaps.len())
    }

    fn describe(input: &NimInput) -> String {
        format!("{} heaps, largest {}", input.heaps.len(), input.heaps.iter().max().unwrap_or(&0))
    }

    fn expected(input: &[u8]) -> Result<String, String> {
        let text = std::str::from_utf8(input).map_err(|_| "not UTF-8".to_string())?;
        let mut tokens = Tokens::new(text);
        let heaps = Self::parse(&mut tokens)?;
        Ok(heaps.heaps.iter().map(|&h| if first_wins(h) { "First\n" } else { "Second\n" }).collect())
    }

    fn parse(tokens: &mut Tokens) -> Result<NimInput, String> {
        let count: usize = tokens.number("the number of heaps")?;
        if count > MAX_HEAPS {
            return Err(format!("at most {MAX_HEAPS} heaps"));
        }
        let heaps = (0..count)
            .map(|_| match tokens.number::<u64>("a heap")? {
                h if h <= MAX_HEAP => Ok(h),
                h => Err(format!("a heap of {h} is more than {MAX_HEAP}")),
            })
            .collect::<Result<_, String>>()?;
        Ok(NimInput { heaps })
    }

    fn line_is_well_formed(line: &str) -> bool {
        matches!(line, "First" | "Second")
    }

    fn measure(input: &NimInput) -> Vec<u64> {
        vec![input.heaps.len() as u64, input.heaps.iter().sum()]
    }

    fn candidates(input: &NimInput) -> Vec<NimInput> {
        let mut all = Vec::new();
        for i in 0..input.heaps.len() {
            let mut fewer = input.heaps.clone();
            fewer.remove(i);
            all.push(NimInput { heaps: fewer });
        }
        for i in 0..input.heaps.len() {
            if input.heaps[i] > 0 {
                let mut smaller = input.heaps.clone();
                smaller[i] -= 1;
                all.push(NimInput { heaps: smaller });
            }
        }
        all
    }

    fn merge(into: &mut NimInput, other: &NimInput) -> bool {
        into.heaps.extend(&other.heaps);
        true
    }
}
