//! What the seeded generators share: the [`Input`] they produce, sizes and densities, and the named
//! benchmark inputs ([`preset`]). Each game's generator is `games/<game>/generate.rs`.
//!
//! Every generator takes its game's options (`clap` arguments, so the binary's `GAME` and `gen GAME`
//! commands share them) and a seed, and returns a structured input that renders to exactly the text
//! the solver reads. Inputs are valid by construction (sizes, piece counts and positions respect each
//! solver's parser), which the tests check through [`crate::reference`]. Without size options a case
//! is small (most bugs show on small inputs and small inputs shrink fast) and one case in twenty is
//! bigger.

pub mod preset;
mod sizes;

pub(crate) use sizes::{CaseSize, size_or};
pub use sizes::{Span, parse_density};

pub use crate::games::{Input, Options};
