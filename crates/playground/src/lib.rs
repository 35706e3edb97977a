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
//! - [`server`]: axum routes; a bounded pool of solves (`try_acquire`: 503 and `Retry-After` when
//!   full, never a queue); solves on blocking threads with a time limit (504) and a cancel flag; a
//!   body size cap (413); per-game size caps checked before solving (422); bad JSON or a bad
//!   position 400 with the CLI's message; unknown routes 404. Requests never touch the file system.
//!
//! The endpoints, fields, errors and caps are documented in `docs/PLAYGROUND.md`.

pub mod assets;
pub mod games;
pub mod server;

pub use games::{Game, GameCaps};
pub use server::{Config, router};
