//! `grid-core`: the small set of utilities that two or more solvers of this workspace share.
//!
//! Every solver reads a whole input, parses it into boards, solves, and prints. This crate owns the
//! parts of that which are not game-specific:
//!
//! - [`scanner`]: the one whitespace token reader over the input bytes of every solver: it parses
//!   integers with range checks without allocating per token, and counts lines only to locate a
//!   token or an error (line and column);
//! - [`error`]: the single [`InputError`] type (`line L, column C: message`) every solver reports bad
//!   input with, so that all binaries speak the same way and exit with status 2;
//! - [`grid`]: reading an R × C character board over an alphabet;
//! - [`geometry`] and [`moves`]: positions, row-major indices and on-board offsets, and move-offset
//!   tables;
//! - [`source`]: reading the input from a file or standard input, and the exit statuses;
//! - [`picture`]: board pictures with a row and a column ruler;
//! - [`play`]: the one interactive `play` loop (a person against the perfect opponent) over a
//!   game's [`play::PlayGame`];
//! - [`stop`]: the flag that stops a solve between the steps of its pass (a server's client went
//!   away);
//! - [`words`]: counts with their nouns in the right number, for every message and report;
//! - [`report`]: the one report model of `query`, `play` and `--json` (values, remoteness, scores,
//!   moves best first, 1-based cells);
//! - `cli` (feature `cli`, for binaries only): the mapping from a binary's outcome to its stderr
//!   line and exit status, the options every solver binary shares, and JSON Lines output (the
//!   tests check that output with `damaged_input::report`).
//!
//! Nothing here knows about any particular game, and a module stays here only when two or more
//! crates use it. Solvers depend on this crate and on nothing else of the workspace; see
//! `docs/ARCHITECTURE.md`.

#[cfg(feature = "cli")]
pub mod cli;
pub mod error;
pub mod geometry;
pub mod grid;
pub mod moves;
pub mod picture;
pub mod play;
pub mod report;
pub mod scanner;
pub mod source;
pub mod stop;
pub mod words;

pub use error::{ErrorKind, InputError};
pub use geometry::{Dims, Pos};
pub use grid::CharGrid;
pub use moves::MoveSet;
pub use report::{Cell, Eval, MoveReport, PositionReport, Value};
pub use scanner::{Loc, Mark, Scanner, Token};
pub use source::{EXIT_INPUT, EXIT_INTERNAL, EXIT_OK, SourceError, read_input};
pub use stop::{StopFlag, Stopped};

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
