//! The games, each in its folder (`games/<game>/`: the [`StressGame`] implementation in `mod.rs`,
//! the generator in `generate.rs`, the shrinker in `shrink.rs`) and one list of them, [`for_each_game!`](crate::for_each_game).
//!
//! Everything that differs between games — the command-line name and help lines, the generator
//! and its options, the exact answer, the output format, the checker, the parser, the shrinker,
//! the corpus — is a member of [`StressGame`]. [`define_games!`](crate::define_games) turns the
//! list into the enums the rest of the crate works with ([`Game`], [`Input`], [`Options`]), whose
//! methods dispatch to the implementations; nothing else names a game.

pub mod king;
pub mod lattice;
pub mod matching;
pub mod pawn;
pub mod segment;

use std::fmt::Debug;

use crate::rng::Rng;
use crate::tokens::Tokens;
use crate::verdict::Verdict;

/// One game, as every part of the tool sees it. Implemented once per game, on a unit type.
pub trait StressGame {
    /// An input in its own structure (what the generator makes and the shrinker reduces).
    type Input: Clone + Debug + PartialEq + Eq + Send + Sync;
    /// The generator options: the command-line flags of `GAME`, `gen GAME` and `hack GAME`.
    type Options: clap::Args + clap::FromArgMatches + Clone + Debug + Default + Send + Sync;

    /// The game's name on the command line.
    const NAME: &'static str;
    /// The game and its answer in one line (the help of the `GAME` argument).
    const SUMMARY: &'static str;
    /// The help line of the `GAME` command.
    const STRESS_ABOUT: &'static str;
    /// The help line of `hack GAME`.
    const HACK_ABOUT: &'static str;
    /// The help line of `gen GAME`.
    const GEN_ABOUT: &'static str;
    /// The folder of its corpus under `testdata/`.
    const CORPUS: &'static str;
    /// The solver arguments of the corpus cases that are this game's (in `cases.manifest`).
    const MANIFEST_ARGS: &'static [&'static str];
    /// The format of its output lines, for messages.
    const OUTPUT_FORMAT: &'static str;

    /// The input of `options` drawn from `rng`.
    fn generate(options: &Self::Options, rng: &mut Rng) -> Self::Input;
    /// Checks the options against the game's limits (a usage error otherwise).
    fn validate(options: &Self::Options) -> Result<(), String>;
    /// The input exactly as the solver reads it.
    fn render(input: &Self::Input) -> String;
    /// A one-line description of the input's size.
    fn describe(input: &Self::Input) -> String;
    /// The exact output of the game's solver for `input`, or the solver's error message.
    fn expected(input: &[u8]) -> Result<String, String>;
    /// Reads the tokens of an input the solver accepts into its structure.
    fn parse(tokens: &mut Tokens) -> Result<Self::Input, String>;
    /// Whether one output line is in the game's format.
    fn line_is_well_formed(line: &str) -> bool;
    /// The verdict of a checker on `output`, for a game where many answers are right (`None`: the
    /// output is compared with the exact answer).
    fn check(input: &[u8], output: &str) -> Option<Verdict> {
        let _ = (input, output);
        None
    }
    /// The size measure of an input: every reduction is lexicographically smaller.
    fn measure(input: &Self::Input) -> Vec<u64>;
    /// The one-step reductions of `input`, biggest first.
    fn candidates(input: &Self::Input) -> Vec<Self::Input>;
    /// Appends the cases of `other` to `into`, for a format with a case count (`false`: the format
    /// holds one case).
    fn merge(into: &mut Self::Input, other: &Self::Input) -> bool {
        let _ = (into, other);
        false
    }
}

/// Calls the macro `$callback` with the list of the games, one line each:
/// `GameVariant(InputVariant) => path::to::Implementation,` (the variant of [`Game`], the variant
/// of [`Input`] and [`Options`], the [`StressGame`] implementation). The one list of the games.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            PawnRetrograde(Pawn) => $crate::games::pawn::Pawn,
            LatticeDp(Lattice) => $crate::games::lattice::Lattice,
            SegmentNim(Segment) => $crate::games::segment::Segment,
            EdmondsBlossom(King) => $crate::games::king::King,
            Matching(Matching) => $crate::games::matching::Matching,
        }
    };
}

/// Defines `Game`, `Input` and `Options` for a list of games in the form of
/// [`for_each_game!`](crate::for_each_game), with methods that dispatch to each game's
/// [`StressGame`] implementation (and `Input` the shrinker's
/// [`Reducible`](crate::shrink::Reducible)).
#[macro_export]
macro_rules! define_games {
    ($($game:ident($short:ident) => $imp:path,)+) => {
        /// The games a solution can be stress-tested on.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
        pub enum Game {
            $(
                #[doc = concat!("The game `", stringify!($game), "`.")]
                #[value(name = <$imp as $crate::games::StressGame>::NAME)]
                #[value(help = <$imp as $crate::games::StressGame>::SUMMARY)]
                $game,
            )+
        }

        impl Game {
            /// Every game, in the order of the list.
            pub const ALL: [Game; 0 $(+ { let _ = Game::$game; 1 })+] = [$(Game::$game),+];

            /// The game's name on the command line.
            pub fn name(self) -> &'static str {
                match self { $(Game::$game => <$imp as $crate::games::StressGame>::NAME,)+ }
            }

            /// The folder of the game's corpus under `testdata/`.
            pub fn corpus(self) -> &'static str {
                match self { $(Game::$game => <$imp as $crate::games::StressGame>::CORPUS,)+ }
            }

            /// The solver arguments of the corpus cases that are this game's.
            pub fn manifest_args(self) -> &'static [&'static str] {
                match self { $(Game::$game => <$imp as $crate::games::StressGame>::MANIFEST_ARGS,)+ }
            }

            /// The format of the game's output lines, for messages.
            pub fn output_format(self) -> &'static str {
                match self { $(Game::$game => <$imp as $crate::games::StressGame>::OUTPUT_FORMAT,)+ }
            }

            /// The exact output of the game's solver for `input`.
            pub fn expected(self, input: &[u8]) -> Result<String, String> {
                match self { $(Game::$game => <$imp as $crate::games::StressGame>::expected(input),)+ }
            }

            /// Whether one output line is in the game's format.
            pub fn line_is_well_formed(self, line: &str) -> bool {
                match self {
                    $(Game::$game => <$imp as $crate::games::StressGame>::line_is_well_formed(line),)+
                }
            }

            /// The checker's verdict on `output`, for a game judged by a checker.
            pub fn check(self, input: &[u8], output: &str) -> Option<$crate::verdict::Verdict> {
                match self { $(Game::$game => <$imp as $crate::games::StressGame>::check(input, output),)+ }
            }

            /// Reads the tokens of an input of this game.
            pub fn parse(self, tokens: &mut $crate::tokens::Tokens) -> Result<Input, String> {
                Ok(match self {
                    $(Game::$game => Input::$short(<$imp as $crate::games::StressGame>::parse(tokens)?),)+
                })
            }
        }

        impl $crate::shrink::Reducible for Input {
            fn measure(&self) -> Vec<u64> {
                Input::measure(self)
            }

            fn reductions(&self) -> Vec<Input> {
                Input::reductions(self)
            }

            fn render(&self) -> String {
                Input::render(self)
            }
        }

        impl $crate::verdict::LineFormat for Game {
            fn line_is_well_formed(self, line: &str) -> bool {
                Game::line_is_well_formed(self, line)
            }

            fn output_format(self) -> &'static str {
                Game::output_format(self)
            }
        }

        /// A generated input of one of the games, in its own structure (what the shrinker reduces).
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Input {
            $(
                #[doc = concat!("An input of `", stringify!($game), "`.")]
                $short(<$imp as $crate::games::StressGame>::Input),
            )+
        }

        impl Input {
            /// The game this input is for.
            pub fn game(&self) -> Game {
                match self { $(Input::$short(_) => Game::$game,)+ }
            }

            /// The input exactly as the solver reads it.
            pub fn render(&self) -> String {
                match self { $(Input::$short(x) => <$imp as $crate::games::StressGame>::render(x),)+ }
            }

            /// A one-line description of the input's size (boards, cells, pawns, vertices…).
            pub fn describe(&self) -> String {
                match self { $(Input::$short(x) => <$imp as $crate::games::StressGame>::describe(x),)+ }
            }

            /// The size measure of the input: every reduction is lexicographically smaller.
            pub fn measure(&self) -> Vec<u64> {
                match self { $(Input::$short(x) => <$imp as $crate::games::StressGame>::measure(x),)+ }
            }

            /// The one-step reductions of the input, biggest first (not yet checked smaller).
            pub fn reductions(&self) -> Vec<Input> {
                match self {
                    $(Input::$short(x) => <$imp as $crate::games::StressGame>::candidates(x)
                        .into_iter()
                        .map(Input::$short)
                        .collect(),)+
                }
            }

            /// Appends the cases of `other` to this input, if both are of one game whose format
            /// has a case count.
            pub fn merge(&mut self, other: &Input) -> bool {
                match (self, other) {
                    $((Input::$short(a), Input::$short(b)) =>
                        <$imp as $crate::games::StressGame>::merge(a, b),)+
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }

        /// The generator options of one game.
        #[derive(Debug, Clone)]
        pub enum Options {
            $(
                #[doc = concat!("The options of `", stringify!($game), "`.")]
                $short(<$imp as $crate::games::StressGame>::Options),
            )+
        }

        impl Options {
            /// The default options of `game`.
            pub fn default_for(game: Game) -> Self {
                match game { $(Game::$game => Options::$short(Default::default()),)+ }
            }

            /// The game these options are for.
            pub fn game(&self) -> Game {
                match self { $(Options::$short(_) => Game::$game,)+ }
            }

            /// Checks the options against the game's limits (a usage error otherwise).
            pub fn validate(&self) -> Result<(), String> {
                match self { $(Options::$short(o) => <$imp as $crate::games::StressGame>::validate(o),)+ }
            }

            /// The input of the case seeded with `seed`: the same seed and options give the same
            /// input.
            pub fn generate(&self, seed: u64) -> Input {
                let mut rng = $crate::rng::Rng::new(seed);
                match self {
                    $(Options::$short(o) =>
                        Input::$short(<$imp as $crate::games::StressGame>::generate(o, &mut rng)),)+
                }
            }
        }
    };
}

crate::for_each_game!(define_games);
