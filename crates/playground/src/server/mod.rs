//! The HTTP routes: the guard every request passes, the bounded solves, the caps, and the error
//! bodies.
//!
//! Every error is a JSON object `{"error": "..."}` with its status (`docs/PLAYGROUND.md` lists
//! them). Every request first passes the guard: its `Host` and `Origin` must name this server (a
//! page on another site, or one reached by DNS rebinding, gets 403), a `POST` must carry an
//! `application/json` body (415) whose length is known and within the cap before a byte of it is
//! read (411, 413: no `100 Continue` is sent for a refused body), and one log line is written when
//! the request is answered.
//!
//! A query is first looked up in the cache of recent answers, then joins an identical query in
//! flight ([`crate::share`]); only a new query takes a solve slot. It runs on one of the server's
//! solve threads ([`crate::pool`]), after taking a permit of the solve semaphore (`try_acquire`: a
//! full pool answers 503 with `Retry-After` at once, nothing ever queues), or, for a cheap query
//! ([`Game::is_light`]), of the light slots. The permit moves into the job, so a solve whose
//! clients went away or whose time ran out keeps its place until it really ends. The answer is
//! serialized on the solve thread, refused beyond its game's cap ([`Game::max_answer_bytes`], 507), and each response holds
//! it under a byte budget shared by all answers (`answer_budget_bytes`, 503 when spent), so slow
//! readers cannot pile up answers. Request bodies being read share a budget likewise
//! (`body_budget_bytes`). The cancel flag of a solve is set when the last request waiting for it
//! ends, whether it timed out or its client went away.
//!
//! The parts: `config` the settings, `guard` the checks every request passes, `body` the
//! reading of a request body under its budget, `router` the routes and the guard put together,
//! `routes` the small routes, `query` the query
//! route, `solve` the solve slots and the solve on its thread, `answer` an answer sent under
//! the answer budget.

mod answer;
mod body;
mod config;
mod guard;
mod query;
mod router;
mod routes;
mod solve;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use tokio::sync::Semaphore;

use crate::games::{Cancel, Game};
use crate::log::RequestLog;
use crate::pool::SolvePool;
pub use crate::reply::{error, json_response};
use crate::share::{Cache, Flights};
pub use config::{Config, loopback_hosts};
pub use guard::MAX_URI_BYTES;
pub use router::router;
pub use solve::{CACHE_MIN_SOLVE, LIGHT_TEXT_BYTES, LIGHT_WAIT};

/// Permits of the byte budgets are KiB.
fn kib(bytes: usize) -> u32 {
    u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX).max(1)
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    games: Arc<Vec<Arc<dyn Game>>>,
    solves: Arc<Semaphore>,
    light: Arc<Semaphore>,
    threads: Arc<SolvePool>,
    answers: Arc<Semaphore>,
    bodies: Arc<Semaphore>,
    flights: Arc<Flights>,
    cache: Arc<Cache>,
    config: Arc<Config>,
    /// The request log, when [`Config::log_requests`] is set.
    log: Option<Arc<RequestLog>>,
    /// The solves of requests that named an `id`, while their request runs (at most one per pool
    /// permit held by a request, so the map stays small).
    running: Arc<Mutex<HashMap<String, Cancel>>>,
}

impl AppState {
    /// The state of a server answering for `games` under `config` (starts its solve threads).
    pub fn new(games: Vec<Arc<dyn Game>>, config: Config) -> AppState {
        AppState {
            games: Arc::new(games),
            solves: Arc::new(Semaphore::new(config.max_solves.max(1))),
            light: Arc::new(Semaphore::new(config.light_solves)),
            threads: Arc::new(SolvePool::new(config.max_solves.max(1) + config.light_solves)),
            answers: Arc::new(Semaphore::new(kib(config.answer_budget_bytes) as usize)),
            bodies: Arc::new(Semaphore::new(kib(config.body_budget_bytes) as usize)),
            flights: Arc::default(),
            cache: Arc::new(Cache::new(config.cache_bytes, config.cache_ttl)),
            log: config.log_requests.then(|| Arc::new(RequestLog::to_stderr())),
            config: Arc::new(config),
            running: Arc::default(),
        }
    }

    fn game(&self, name: &str) -> Option<&Arc<dyn Game>> {
        self.games.iter().find(|g| g.info().name == name)
    }

    fn busy(&self, message: String) -> Response {
        let mut response = error(StatusCode::SERVICE_UNAVAILABLE, message);
        let retry = HeaderValue::from(self.config.retry_after_secs);
        response.headers_mut().insert(header::RETRY_AFTER, retry);
        response
    }
}
