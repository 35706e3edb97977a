//! `game-stress`: stress-tests a contest solution against the workspace's exact solvers, and shrinks
//! the counterexample.
//!
//! The competitive programmer's stress test — a random generator, a trusted reference, your
//! solution, a loop until the outputs differ — with the exact solvers of this workspace as the
//! reference, for the four games and general matching:
//!
//! - [`games`]: each game in its folder (its [`games::StressGame`] implementation, generator and
//!   shrinker) and the one list of the games, [`for_each_game!`], from which [`Game`] and the per-game enums are made;
//! - [`generate`]: seeded generators of valid inputs (each game's in its folder), with options covering
//!   the contest subtasks (sizes, obstacle density, special shapes, huge `n`, graph families);
//!   mostly small cases, one in twenty bigger; and the named benchmark inputs,
//!   [`generate::preset`] (the `gen:NAME` inputs of `cargo xtask bench`, fixed bytes);
//! - [`run`]: runs the solution (any shell command, input on stdin) under a time limit and a memory
//!   limit (`ulimit -v`), capturing its output;
//! - [`mod@reference`] and [`verdict`]: the exact answer from the solver libraries and the verdict —
//!   AC, WA (first differing line), TLE, RE (exit status or signal), invalid output — under one
//!   output rule (tokens line by line, or bytes); `matching` is judged by a checker, since any
//!   maximum matching is right;
//! - [`judge`](mod@judge): the answer (exact solver or a trusted reference program) and the
//!   comparison or an external testlib-convention checker;
//! - [`parse`](mod@parse): any input a solver accepts read back into its structure;
//! - [`shrink`](mod@shrink): shrinking of a failing input in its own structure (fewer boards,
//!   rows, columns, obstacles, pawns, fields, vertices, edges, smaller values; pieces moved closer)
//!   while it keeps failing with the same kind of verdict, to a 1-minimal input;
//! - [`stress`](mod@stress): the loop — parallel, reproducible case by case from one seed
//!   whatever the number of jobs, stopping at the first failure, which it shrinks and saves;
//! - [`corpus`]: a solution judged on a folder of tests; [`hack`](mod@hack): a small test set
//!   failing every given wrong solution.
//!
//! The binary: `game-stress GAME --solution CMD [--cases N] [--seed S] [--time-limit 2s] [--jobs J]
//! [--keep-going] [--out DIR] [--strict] [--checker CMD] [--generator CMD] [generator options]`,
//! `game-stress test GAME --solution CMD [DIR...]`, `game-stress hack GAME --solution A --solution
//! B ... --out DIR`, `game-stress gen GAME --seed S [options]` to print one input, and
//! `game-stress preset NAME` to print a benchmark input.
//!
//! # Example
//!
//! Generate a case, compute its exact answer, and judge a (wrong) answer:
//!
//! ```
//! use game_stress::games::pawn::generate::PawnOptions;
//! use game_stress::generate::{Input, Options};
//! use game_stress::verdict::{Kind, compare};
//! use game_stress::{Game, reference};
//!
//! let options = Options::Pawn(PawnOptions::default());
//! let input = options.generate(7);
//! assert_eq!(input, options.generate(7)); // same seed, same case
//! let text = input.render();
//! let expected = reference::expected(Game::PawnRetrograde, text.as_bytes()).unwrap();
//! let Input::Pawn(pawn) = &input else { unreachable!() };
//! assert_eq!(expected.lines().count(), pawn.boards.len()); // one line per board
//! let wrong = expected.replacen("Red", "Black", 1).replacen("Tie", "Red 1", 1);
//! if wrong != expected {
//!     assert_eq!(compare(Game::PawnRetrograde, &expected, &wrong).kind(), Kind::WrongAnswer);
//! }
//! ```

pub mod corpus;
pub mod games;
pub mod generate;
pub mod hack;
pub mod judge;
pub mod parse;
pub mod reference;
pub mod rng;
pub mod run;
pub mod shrink;
pub mod stress;
pub mod tokens;
pub mod verdict;

pub use games::Game;

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
