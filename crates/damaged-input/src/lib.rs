//! Test support for the solvers' robustness and command-line tests, shared so that each crate's tests
//! hold only what is their own (how the library is run, its input format's alphabet, and the tests
//! themselves).
//!
//! Eight modules, one job each:
//!
//! - [`alloc`]: a counting global allocator ([`Counting`]) and [`most_allocated_during`], for the
//!   tests that a reader refuses a tiny input claiming a huge count without allocating for it.
//! - [`mutation`]: the edits ([`Mutation`]) and the format-independent text they splice in
//!   ([`FRAGMENTS`]: numbers around every limit, whitespace, control and non-ASCII characters).
//! - [`corpus`]: a crate's corpus and its alphabet ([`Corpus`]): which `testdata/<crate>/*.in`
//!   files are damaged, which characters are board cells and which words are the format's own, and
//!   [`Corpus::damaged_input`], a proptest strategy of those files with a few mutations applied.
//! - [`contract`]: the error contract. Bad input is reported as one line
//!   `error: line L, column C: message` on stderr and exit status 2, a good input exits 0:
//!   [`check_located`] and [`check_within_input`] check a message, [`run_binary`] /
//!   [`run_binary_limited`] run a solver binary (the latter under a `ulimit -v` memory cap) and
//!   [`check_exit`] / [`check_exit_streaming`] check its outcome ([`stdout_text`] /
//!   [`stderr_text`] read it as text).
//! - [`harness`]: the checks every solver's robustness test makes: a library run answers or
//!   locates its error ([`answered_or_located`], [`rejection`]), and a [`Solver`] binary keeps the
//!   exit contract, also under the memory cap.
//! - [`readme`]: [`readme_output`], the output a crate's README shows under a `$ COMMAND` line, for
//!   the tests that check it against the binary.
//! - [`report`]: the checker of the one report model of `--json`, `query` and the playground
//!   ([`check_report_line`]): does a report follow `docs/REPORT.md`?
//! - [`seeded`]: [`Seeded`], a seeded xorshift source for test inputs that must not change.
//!
//! This crate is a dev-dependency of the solver crates and the playground only; no library or binary
//! depends on it.

pub mod alloc;
pub mod contract;
pub mod corpus;
pub mod harness;
pub mod mutation;
pub mod readme;
pub mod report;
pub mod seeded;

pub use alloc::{Counting, TINY_INPUT_ALLOWANCE, most_allocated_during};
pub use contract::{
    QueryOnlyInput, assert_located_error, assert_points_to_query, check_exit, check_exit_streaming,
    check_located, check_within_input, run_binary, run_binary_limited, run_command, stderr_text, stdout_text,
};
pub use corpus::Corpus;
pub use harness::{Answers, Solver, answered_or_located, rejection};
pub use mutation::{FRAGMENTS, Mutation, line_spans, token_spans};
pub use readme::readme_output;
pub use report::{check_report, check_report_line};
pub use seeded::Seeded;
