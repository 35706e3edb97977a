//! `playground`: a local web page to set up, solve, explore and play the four games.
//!
//! `cargo run --release -p playground` serves `http://127.0.0.1:8080` (`--port`, `--bind`): a page
//! (plain HTML, CSS, ES modules and SVG, embedded in the binary: [`assets`]) and a JSON API on the
//! solvers' one report model ([`server`]): `GET /api/games` and `POST /api/<game>/query`, whose
//! answer is exactly the object `<game> query --json` prints for the same position text.
//!
//! # Design
//! - [`games`]: one trait, [`games::Game`] (`query(position text) → report JSON`), and one module
//!   per game holding every call into that solver library; a mock game for the tests.
//! - [`server`]: axum routes behind one guard (`Host` and `Origin` must name this server, JSON
//!   bodies only, the body cap checked from `Content-Length`, one log line per request); a bounded
//!   pool of solves on their own threads ([`pool`]; `try_acquire`: 503 and `Retry-After` when
//!   full, never a queue) with a time limit (504) and a cancel flag; answers serialized on the solve
//!   thread, capped in size and held under a byte budget; per-game size caps checked before
//!   solving (422). Requests never touch the file system.
//! - [`listen`]: the connection loop: a cap on open connections, header, keep-alive and write
//!   timeouts, small buffers, graceful shutdown.
//! - [`log`]: the request log, written by its own thread through a bounded queue (lines dropped
//!   and counted, never a blocked request, when standard error is not drained).
//! - [`slots`]: the connection slots: which connection gives its slot to a new one at the cap.
//! - [`share`]: identical queries in flight share one solve; recent answers are cached.
//! - [`reply`]: the JSON bodies and the one error shape, below both [`server`] and [`assets`].
//!
//! The endpoints, fields, errors and caps are documented in `docs/PLAYGROUND.md`.

pub mod assets;
pub mod games;
pub mod listen;
pub mod log;
pub mod pool;
pub mod reply;
pub mod server;
pub mod share;
pub mod slots;

pub use games::{Game, GameCaps};
pub use listen::{Limits, serve};
pub use server::{Config, router};

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
