//! `POST /api/<game>/<view>`: the request's JSON, its id, the cache and the shared solve, and the
//! wait for the answer under the time limit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::AppState;
use super::body::read_body;
use super::routes::bad_path;
use crate::games::Cancel;
use crate::reply::{error, shorten};
use crate::share::Refusal;

/// Removes a request's solve from [`AppState::running`] when the request ends.
struct Unregister {
    running: Arc<Mutex<HashMap<String, Cancel>>>,
    id: String,
}

impl Drop for Unregister {
    fn drop(&mut self) {
        if let Ok(mut running) = self.running.lock() {
            running.remove(&self.id);
        }
    }
}

/// The body of `POST /api/<game>/query`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct QueryRequest {
    /// The position in the game's CLI `query` text format; absent only beside `fields` (segment-nim's
    /// `analyze`, which reads no position).
    #[serde(default)]
    pub(super) position: Option<String>,
    /// segment-nim's `analyze`: the number of fields of the circle.
    #[serde(default)]
    pub(super) fields: Option<u64>,
    /// The king game's move set.
    #[serde(default)]
    pub(super) moves: Option<String>,
    /// A name for this solve, to follow its progress at `GET /api/progress/<id>` (1 to 64
    /// characters of `A-Z a-z 0-9 - _`).
    #[serde(default)]
    pub(super) id: Option<String>,
}

impl QueryRequest {
    /// The position text (empty for a request of `fields` alone).
    pub(super) fn text(&self) -> &str {
        self.position.as_deref().unwrap_or("")
    }
}

/// `POST /api/<game>/query`: the position's report, the object `query --json` prints; `POST
/// /api/<game>/<view>`: another view of the position (the king game's `all-starts`).
pub(super) async fn query(
    State(state): State<AppState>,
    path: Result<Path<(String, String)>, PathRejection>,
    request: Request,
) -> Response {
    let (name, view) = match path {
        Ok(Path(names)) => names,
        Err(rejection) => return bad_path(rejection),
    };
    let Some(game) = state.game(&name).cloned() else {
        return error(
            StatusCode::NOT_FOUND,
            format!("unknown game `{}`: GET /api/games lists them", shorten(&name)),
        );
    };
    if view != "query" && !game.info().views.contains(&view.as_str()) {
        return error(
            StatusCode::NOT_FOUND,
            format!("`{}` has no view `{}`: GET /api/games lists them", shorten(&name), shorten(&view)),
        );
    }
    let body = match read_body(&state, request).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let expected = "(expected {\"position\": \"<the position in the CLI's query format>\"})";
    let request: QueryRequest = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("bad request JSON: {e} {expected}")),
    };
    if request.position.is_none() && request.fields.is_none() {
        return error(
            StatusCode::BAD_REQUEST,
            format!("bad request JSON: missing field `position` {expected}"),
        );
    }

    drop(body);
    let options = game.info().options;
    if request.moves.is_some() && !options.iter().any(|option| option.name == "moves") {
        return error(
            StatusCode::BAD_REQUEST,
            format!(
                "bad request JSON: unknown field `moves`: {name} has no such option (GET /api/games lists them)"
            ),
        );
    }
    let valid = |id: &String| {
        (1..=64).contains(&id.len())
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    if let Some(id) = request.id.as_ref().filter(|id| !valid(id)) {
        return error(
            StatusCode::BAD_REQUEST,
            format!("bad id `{}`: 1 to 64 characters of A-Z a-z 0-9 - _", shorten(id)),
        );
    }
    let fields = request.fields.map_or(String::new(), |n| n.to_string());
    let key: Arc<str> =
        format!("{name}\0{view}\0{}\0{fields}\0{}", request.moves.as_deref().unwrap_or(""), request.text())
            .into();
    if let Some(answer) = state.cache.get(&key) {
        return state.answer(answer);
    }
    // The id is checked and registered under the table's lock, before joining a flight, so a
    // refused id never touches the solve others may share.
    let joined = {
        let Ok(mut running) = state.running.lock() else {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error: the progress table is poisoned",
            );
        };
        if let Some(id) = request.id.as_ref().filter(|id| running.contains_key(id.as_str())) {
            return error(StatusCode::CONFLICT, format!("a solve named `{id}` is already running"));
        }
        let (interest, leader) = state.flights.join(Arc::clone(&key));
        let registered = request.id.clone().map(|id| {
            running.insert(id.clone(), interest.flight().cancel.clone());
            Unregister { running: state.running.clone(), id }
        });
        (interest, leader, registered)
    };
    let (interest, leader, _registered) = joined;
    let flight = Arc::clone(interest.flight());
    if leader {
        match state.admit(&request).await {
            Some((permit, slot)) => state.start(game, view, request, key, Arc::clone(&flight), permit, slot),
            None => {
                let busy =
                    format!("all {} solve slots are busy: try again shortly", state.config.max_solves.max(1));
                flight.finish(Err(Refusal { status: StatusCode::SERVICE_UNAVAILABLE, message: busy }));
                state.flights.land(&key, &flight);
            }
        }
    }
    let limit = state.config.time_limit;
    match tokio::time::timeout(limit, interest.outcome()).await {
        Err(_elapsed) => error(
            StatusCode::GATEWAY_TIMEOUT,
            format!("the solve took longer than the time limit of {} ms", limit.as_millis()),
        ),
        Ok(Ok(answer)) => state.answer(answer),
        Ok(Err(refusal)) if refusal.status == StatusCode::SERVICE_UNAVAILABLE => state.busy(refusal.message),
        Ok(Err(refusal)) => error(refusal.status, refusal.message),
    }
}
