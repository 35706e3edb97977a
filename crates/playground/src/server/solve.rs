//! The solve slots (the pool's and the light ones) and a query's solve on its thread: judged
//! cheap or not, run with its cancel flag, serialized and capped, cached, and handed to its flight.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::StatusCode;
use tokio::sync::OwnedSemaphorePermit;

use super::AppState;
use super::query::QueryRequest;
use crate::games::{Game, QueryError, QueryOptions};
use crate::share::{Flight, Refusal};

/// The longest query text judged for a light slot (longer texts are not cheap for any game).
pub const LIGHT_TEXT_BYTES: usize = 64 << 10;

/// How long a cheap query waits for a light slot when every slot is busy (503 after).
pub const LIGHT_WAIT: Duration = Duration::from_millis(50);

/// The shortest solve whose answer is cached (a cheaper one is solved again).
pub const CACHE_MIN_SOLVE: Duration = Duration::from_millis(10);

/// Which kind of solve slot a query holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    /// One of the `--max-solves` slots: any query.
    Pool,
    /// One of the `--light-solves` slots: the query is judged on the slot's own thread first
    /// ([`Game::is_light`]) and refused (503) unless it is cheap.
    Light,
}

impl AppState {
    /// A solve slot for a query: a free one of the pool, or, when the pool is full and the text is
    /// at most [`LIGHT_TEXT_BYTES`], a light slot, waiting up to [`LIGHT_WAIT`] for one; whether
    /// the query is cheap enough for it is judged on the slot's thread ([`AppState::start`]), so
    /// no position is ever parsed here, on the threads that answer requests. `None`: 503.
    pub(super) async fn admit(&self, request: &QueryRequest) -> Option<(OwnedSemaphorePermit, Slot)> {
        if let Ok(permit) = self.solves.clone().try_acquire_owned() {
            return Some((permit, Slot::Pool));
        }
        if self.config.light_solves == 0 || request.text().len() > LIGHT_TEXT_BYTES {
            return None;
        }
        let permit = tokio::time::timeout(LIGHT_WAIT, self.light.clone().acquire_owned()).await.ok()?.ok()?;
        Some((permit, Slot::Light))
    }

    /// Starts the solve of `flight` on the slot `permit` of kind `slot` (a light slot first
    /// judges the query on its thread and refuses it with 503 unless it is cheap).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn start(
        &self,
        game: Arc<dyn Game>,
        view: String,
        request: QueryRequest,
        key: Arc<str>,
        flight: Arc<Flight>,
        permit: OwnedSemaphorePermit,
        slot: Slot,
    ) {
        let refuse = |status, message| Refusal { status, message };
        let options = QueryOptions { moves: request.moves.clone(), fields: request.fields };
        let position = request.position.unwrap_or_default();
        let (flights, cache) = (Arc::clone(&self.flights), Arc::clone(&self.cache));
        let busy = format!("all {} solve slots are busy: try again shortly", self.config.max_solves.max(1));
        self.threads.run(move || {
            if slot == Slot::Light {
                let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    game.is_light(&position, &options)
                }));
                if !matches!(judged, Ok(true)) {
                    drop(permit);
                    flight.finish(Err(refuse(StatusCode::SERVICE_UNAVAILABLE, busy)));
                    flights.land(&key, &flight);
                    return;
                }
            }
            let cancel = flight.cancel.clone();
            let started = Instant::now();
            let solve = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                cancel.check()?;
                if view == "query" {
                    game.query(&position, &options, &cancel)
                } else {
                    let missing = || Err(QueryError::Internal(format!("no view `{view}`")));
                    game.view(&view, &position, &options, &cancel).unwrap_or_else(missing)
                }
            }));
            drop(position);
            let max = game.max_answer_bytes();
            let outcome = match solve {
                Err(_) => Err(refuse(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error: the solver panicked on this position".into(),
                )),
                Ok(Err(e)) => Err(query_refusal(e)),
                Ok(Ok(_)) if cancel.is_cancelled() => Err(query_refusal(QueryError::Cancelled)),
                Ok(Ok(report)) => match serde_json::to_vec(&report) {
                    Err(e) => {
                        Err(query_refusal(QueryError::Internal(format!("cannot serialize the report: {e}"))))
                    }
                    Ok(text) if text.len() > max => Err(refuse(
                        StatusCode::INSUFFICIENT_STORAGE,
                        format!(
                            "the answer is {} bytes, more than this server's cap of {max} for {} answers \
                             (max_answer_bytes in GET /api/games)",
                            text.len(),
                            game.info().name
                        ),
                    )),
                    Ok(text) => Ok(Bytes::from(text)),
                },
            };
            // The slot is free once the solve really ended, before its clients hear of it.
            drop(permit);
            // Only answers worth keeping: a cheap solve is quicker than a lookup is worth.
            if let (Ok(answer), true) = (&outcome, started.elapsed() >= CACHE_MIN_SOLVE) {
                cache.put(Arc::clone(&key), answer.clone());
            }
            flight.finish(outcome);
            flights.land(&key, &flight);
        });
    }
}

/// The refusal of a failed query.
fn query_refusal(e: QueryError) -> Refusal {
    let status = match e {
        QueryError::Input(_) | QueryError::Option(_) => StatusCode::BAD_REQUEST,
        QueryError::TooLarge(_) => StatusCode::UNPROCESSABLE_ENTITY,
        QueryError::Unavailable(_) => StatusCode::NOT_IMPLEMENTED,
        // Only a timed-out or abandoned request cancels its solve, and neither waits for it.
        QueryError::Cancelled => StatusCode::GATEWAY_TIMEOUT,
        QueryError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    Refusal { status, message: e.to_string() }
}
