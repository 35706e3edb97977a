//! The games the server knows, behind one small trait.
//!
//! Every call into a solver library lives in one module per game (`pawn`, `lattice`, `segment`,
//! `king`); the rest of the server sees only [`Game`]. A game answers one question, [`Game::query`]:
//! the position written in its CLI's `query` text format (exactly the text `<crate> query` reads) →
//! the report object of `<crate> query --json` (`grid_core::report::PositionReport`, see
//! `docs/REPORT.md`). The front-end applies a move to its own board model and asks for the new
//! position with a new query: there is no second endpoint and no second format.
//!
//! [`mock`] is a configurable game for the server's own tests (fixed answers, slow solves).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::Serialize;

mod caps;
pub mod king;
pub mod lattice;
mod list;
pub mod mock;
mod page_module;
pub mod pawn;
pub mod segment;

pub use caps::{Cap, GameCaps, Registration, all_caps, caps_from_flags, with_cap_flags};
pub use list::{REGISTRATIONS, all};
pub use page_module::PageModule;

/// The name of every game's analysis view, `POST /api/<game>/analyze`: the object
/// `<game> analyze --json` prints.
pub const ANALYZE: &str = "analyze";

/// Why a query has no report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// The position text is malformed: the CLI's message, `line L, column C: message` (HTTP 400).
    #[error("{0}")]
    Input(String),
    /// The position is valid but larger than this server's caps allow (HTTP 422).
    #[error("{0}")]
    TooLarge(String),
    /// A request option is unknown or has a bad value (HTTP 400).
    #[error("{0}")]
    Option(String),
    /// The game's library has no query API in this build (HTTP 501).
    #[error("{0}")]
    Unavailable(String),
    /// The solve was cancelled (its client went away or its time ran out).
    #[error("the solve was cancelled")]
    Cancelled,
    /// A bug: the solver failed on a valid position (HTTP 500).
    #[error("internal error: {0}")]
    Internal(String),
}

/// What a running solve shares with its request: a flag the solve polls to stop early (set when
/// the request's client goes away or its time limit is reached), and the progress the solve
/// reports (`GET /api/progress/<id>`). Cheap to clone (shared).
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    cancelled: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
}

impl Cancel {
    /// A flag that is not set, no progress reported.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the solve to stop.
    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the solve was asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::Relaxed)
    }

    /// The flag itself, for a solver's `QueryOptions::stop`: the solver checks it between the
    /// steps of its pass (a level, a layer, a matching) and stops with `Stopped`.
    pub fn flag(&self) -> &AtomicBool {
        &self.0.cancelled
    }

    /// `Err(Cancelled)` once the solve was asked to stop: the games call it between the steps the
    /// solver does not see (after parsing, before serializing the report).
    pub fn check(&self) -> Result<(), QueryError> {
        if self.is_cancelled() { Err(QueryError::Cancelled) } else { Ok(()) }
    }

    /// Records that the solve has done `done` of `total` steps (the lattice game: layers).
    pub fn set_progress(&self, done: u64, total: u64) {
        self.0.total.store(total, Ordering::Relaxed);
        self.0.done.store(done, Ordering::Relaxed);
    }

    /// The last progress reported, `(done, total)`; `(0, 0)` when the solve reports none.
    pub fn progress(&self) -> (u64, u64) {
        (self.0.done.load(Ordering::Relaxed), self.0.total.load(Ordering::Relaxed))
    }
}

/// One limit of a game, as `GET /api/games` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Limit {
    /// Short name, e.g. `max_free_cells` (the CLI flag is the same with dashes and the game's prefix).
    pub name: &'static str,
    /// The value in force.
    pub value: u64,
    /// What it limits, in words.
    pub meaning: &'static str,
}

/// One request option of a game (e.g. the king game's move set).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameOption {
    /// The JSON field of the query request.
    pub name: &'static str,
    /// The values it takes.
    pub values: Vec<&'static str>,
    /// The value when the field is absent.
    pub default: &'static str,
}

/// What `GET /api/games` says about one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The crate's name and the `game` field of its reports (`pawn-retrograde`, …): the `<game>`
    /// of `/api/<game>/query`.
    pub name: &'static str,
    /// A title for people.
    pub title: &'static str,
    /// The two sides, in the game's words, the side that moves first first (the `to_move` words).
    pub sides: [&'static str; 2],
    /// The server's caps for one query (beyond the text format's own limits).
    pub limits: Vec<Limit>,
    /// The request options.
    pub options: Vec<GameOption>,
    /// A small start position in the query text format.
    pub example: &'static str,
    /// Whether this build can answer queries (false: every query gets 501).
    pub available: bool,
    /// Other views of a position, `POST /api/<game>/<view>` (the king game: `all-starts`).
    pub views: Vec<&'static str>,
}

/// The options of one query request (the JSON fields besides `position`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueryOptions {
    /// The king game's move set: `king20` (default) or `orth4`.
    pub moves: Option<String>,
    /// segment-nim's `analyze`: the number of fields of the circle (its `--fields`).
    pub fields: Option<u64>,
}

/// One game, as the server sees it. Implementations must be cheap to call concurrently.
pub trait Game: Send + Sync + 'static {
    /// The game's name, title, sides, caps and options.
    fn info(&self) -> GameInfo;

    /// The largest serialized answer (query or view) the server sends for this game, in bytes
    /// (507 beyond): the game's own cap, listed with its limits as `max_answer_bytes`.
    fn max_answer_bytes(&self) -> usize;

    /// The report of the position `position` (the CLI's `query` text format, exactly one position)
    /// as the JSON object `query --json` prints. The caps are checked before anything large is
    /// allocated; a long solve polls `cancel` where its library lets it.
    fn query(
        &self,
        position: &str,
        options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError>;

    /// Whether a query of `position` is cheap: a solve of a few milliseconds at most (a small
    /// board). Cheap queries may also run in the server's light slots, which stay free for them
    /// while expensive solves fill the others. A text that does not parse is cheap (its error is
    /// quick); the default, for a game that cannot tell, is `false`.
    fn is_light(&self, position: &str, options: &QueryOptions) -> bool {
        let _ = (position, options);
        false
    }

    /// Another view of the position named by one of [`GameInfo::views`] (the king game's
    /// `all-starts`: the object `edmonds-blossom all-starts --json` prints); `None` for a name the
    /// game does not have.
    fn view(
        &self,
        name: &str,
        position: &str,
        options: &QueryOptions,
        cancel: &Cancel,
    ) -> Option<Result<serde_json::Value, QueryError>> {
        let _ = (name, position, options, cancel);
        None
    }
}

/// The [`Limit`] that lists a game's answer cap.
pub fn answer_limit(max_answer_bytes: usize) -> Limit {
    Limit {
        name: "max_answer_bytes",
        value: max_answer_bytes as u64,
        meaning: "bytes of one serialized answer (507 beyond)",
    }
}

/// The error of a query text that holds `count` positions where one is expected.
pub fn one_position(count: usize) -> QueryError {
    QueryError::Input(format!(
        "the playground queries one position at a time; this input holds {count} (write a count of 1)"
    ))
}

/// The one position of a parsed query text: the CLI's message when the text does not
/// read, [`one_position`] when it holds more or fewer than one.
pub fn only_position<P, E: std::fmt::Display>(parsed: Result<Vec<P>, E>) -> Result<P, QueryError> {
    let mut positions = parsed.map_err(|e| QueryError::Input(e.to_string()))?;
    if positions.len() != 1 {
        return Err(one_position(positions.len()));
    }
    Ok(positions.remove(0))
}

/// The solver's stop flag was set: the solve was cancelled.
impl From<grid_core::Stopped> for QueryError {
    fn from(_: grid_core::Stopped) -> QueryError {
        QueryError::Cancelled
    }
}

/// A report serialized to its JSON object.
pub fn to_json(report: &impl Serialize) -> Result<serde_json::Value, QueryError> {
    serde_json::to_value(report)
        .map_err(|e| QueryError::Internal(format!("cannot serialize the report: {e}")))
}
