//! Seeded generators of valid inputs, one module per game, and the [`Input`] they produce.
//!
//! Every generator takes its game's options (`clap` arguments, so the binary's `GAME` and `gen GAME`
//! commands share them) and a seed, and returns a structured input that renders to exactly the text
//! the solver reads. Inputs are valid by construction (sizes, piece counts and positions respect each
//! solver's parser), which the tests check through [`crate::reference`]. Without size options a case
//! is small (most bugs show on small inputs and small inputs shrink fast) and one case in twenty is
//! bigger.

pub mod king;
pub mod lattice;
pub mod matching;
pub mod pawn;
pub mod preset;
pub mod segment;
mod sizes;

use crate::Game;
use crate::rng::Rng;

pub(crate) use sizes::{CaseSize, size_or};
pub use sizes::{Span, parse_density};

/// A generated input of one of the games, in its own structure (what the shrinker reduces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Pawn-pursuit boards.
    Pawn(pawn::PawnInput),
    /// One staircase board.
    Lattice(lattice::LatticeInput),
    /// Sliding-pawn circles.
    Segment(segment::SegmentInput),
    /// King-game boards (HDU 3446).
    King(king::KingInput),
    /// A general graph (Library Checker `general_matching`).
    Matching(matching::MatchingInput),
}

impl Input {
    /// The game this input is for.
    pub fn game(&self) -> Game {
        match self {
            Input::Pawn(_) => Game::PawnRetrograde,
            Input::Lattice(_) => Game::LatticeDp,
            Input::Segment(_) => Game::SegmentNim,
            Input::King(_) => Game::EdmondsBlossom,
            Input::Matching(_) => Game::Matching,
        }
    }

    /// The input exactly as the solver reads it.
    pub fn render(&self) -> String {
        match self {
            Input::Pawn(x) => x.render(),
            Input::Lattice(x) => x.render(),
            Input::Segment(x) => x.render(),
            Input::King(x) => x.render(),
            Input::Matching(x) => x.render(),
        }
    }

    /// A one-line description of the input's size (boards, cells, pawns, vertices…).
    pub fn describe(&self) -> String {
        match self {
            Input::Pawn(x) => x.describe(),
            Input::Lattice(x) => x.describe(),
            Input::Segment(x) => x.describe(),
            Input::King(x) => x.describe(),
            Input::Matching(x) => x.describe(),
        }
    }
}

/// The generator options of one game.
#[derive(Debug, Clone)]
pub enum Options {
    /// `pawn-retrograde` options.
    Pawn(pawn::PawnOptions),
    /// `lattice-dp` options.
    Lattice(lattice::LatticeOptions),
    /// `segment-nim` options.
    Segment(segment::SegmentOptions),
    /// `edmonds-blossom` (king game) options.
    King(king::KingOptions),
    /// `matching` options.
    Matching(matching::MatchingOptions),
}

impl Options {
    /// The default options of `game`.
    pub fn default_for(game: Game) -> Self {
        match game {
            Game::PawnRetrograde => Options::Pawn(pawn::PawnOptions::default()),
            Game::LatticeDp => Options::Lattice(lattice::LatticeOptions::default()),
            Game::SegmentNim => Options::Segment(segment::SegmentOptions::default()),
            Game::EdmondsBlossom => Options::King(king::KingOptions::default()),
            Game::Matching => Options::Matching(matching::MatchingOptions::default()),
        }
    }

    /// The game these options are for.
    pub fn game(&self) -> Game {
        match self {
            Options::Pawn(_) => Game::PawnRetrograde,
            Options::Lattice(_) => Game::LatticeDp,
            Options::Segment(_) => Game::SegmentNim,
            Options::King(_) => Game::EdmondsBlossom,
            Options::Matching(_) => Game::Matching,
        }
    }

    /// Checks the options against the game's limits (a usage error otherwise).
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Options::Pawn(o) => o.validate(),
            Options::Lattice(o) => o.validate(),
            Options::Segment(o) => o.validate(),
            Options::King(o) => o.validate(),
            Options::Matching(o) => o.validate(),
        }
    }

    /// The input of the case seeded with `seed`: the same seed and options give the same input.
    pub fn generate(&self, seed: u64) -> Input {
        let mut rng = Rng::new(seed);
        match self {
            Options::Pawn(o) => Input::Pawn(pawn::generate(o, &mut rng)),
            Options::Lattice(o) => Input::Lattice(lattice::generate(o, &mut rng)),
            Options::Segment(o) => Input::Segment(segment::generate(o, &mut rng)),
            Options::King(o) => Input::King(king::generate(o, &mut rng)),
            Options::Matching(o) => Input::Matching(matching::generate(o, &mut rng)),
        }
    }
}
