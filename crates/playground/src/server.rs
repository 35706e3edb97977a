//! The HTTP server: routes, the bounded pool of solves, the caps, and the error bodies.
//!
//! Every error is a JSON object `{"error": "..."}` with its status (`docs/PLAYGROUND.md` lists them).
//! A query runs on tokio's blocking threads, only after taking a permit of the solve pool
//! (`try_acquire`: a full pool answers 503 with `Retry-After` at once, nothing ever queues). The
//! permit moves into the blocking task, so a solve whose client went away or whose time ran out
//! keeps its place in the pool until it really ends: the pool bounds the solves actually running,
//! and with them the memory. The cancel flag of the solve is set when its request ends either way
//! (the lattice game stops at its next layer; the other games' solves are short by their caps).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::assets;
use crate::games::{Cancel, Game, GameCaps, GameInfo, QueryError, QueryOptions};

/// The server's settings (the binary's flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Largest request body accepted, in bytes (413 beyond).
    pub max_body_bytes: usize,
    /// Most solves running at once (503 beyond).
    pub max_solves: usize,
    /// Time limit of one query (504 beyond).
    pub time_limit: Duration,
    /// The `Retry-After` of a 503, in seconds.
    pub retry_after_secs: u64,
    /// The games' size caps.
    pub caps: GameCaps,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_body_bytes: 1 << 20,
            max_solves: std::thread::available_parallelism().map_or(2, |n| n.get()),
            time_limit: Duration::from_secs(10),
            retry_after_secs: 1,
            caps: GameCaps::default(),
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    games: Arc<Vec<Arc<dyn Game>>>,
    pool: Arc<Semaphore>,
    config: Arc<Config>,
    /// The solves of requests that named an `id`, while their request runs (at most one per pool
    /// permit held by a request, so the map stays small).
    running: Arc<Mutex<HashMap<String, Cancel>>>,
}

impl AppState {
    /// The state of a server answering for `games` under `config`.
    pub fn new(games: Vec<Arc<dyn Game>>, config: Config) -> AppState {
        let pool = Arc::new(Semaphore::new(config.max_solves));
        AppState { games: Arc::new(games), pool, config: Arc::new(config), running: Arc::default() }
    }

    fn game(&self, name: &str) -> Option<&Arc<dyn Game>> {
        self.games.iter().find(|g| g.info().name == name)
    }
}

/// The router of a server answering for `games` under `config`.
pub fn router(games: Vec<Arc<dyn Game>>, config: Config) -> Router {
    let body_limit = config.max_body_bytes;
    Router::new()
        .route("/", get(index))
        .route("/static/{*file}", get(asset))
        .route("/api/games", get(list_games))
        .route("/api/status", get(status))
        .route("/api/progress/{id}", get(progress))
        .route("/api/{game}/{view}", post(query))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(AppState::new(games, config))
}

/// A JSON error response: `{"error": message}` with `status`.
pub fn error(status: StatusCode, message: impl Into<String>) -> Response {
    #[derive(Serialize)]
    struct Body {
        error: String,
    }
    let body = serde_json::to_string(&Body { error: message.into() }).unwrap_or_else(|_| "{}".into());
    json_response(status, body)
}

fn json_response(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no such route: see docs/PLAYGROUND.md for the endpoints")
}

async fn index() -> Response {
    assets::response("index.html")
}

async fn asset(Path(file): Path<String>) -> Response {
    assets::response(&file)
}

/// `GET /api/games`: every game, its sides, caps and options; and the server's own limits.
async fn list_games(State(state): State<AppState>) -> Response {
    #[derive(Serialize)]
    struct Server {
        max_body_bytes: usize,
        max_solves: usize,
        time_limit_ms: u128,
    }
    #[derive(Serialize)]
    struct Games {
        games: Vec<GameInfo>,
        server: Server,
    }
    let config = &state.config;
    let body = Games {
        games: state.games.iter().map(|g| g.info()).collect(),
        server: Server {
            max_body_bytes: config.max_body_bytes,
            max_solves: config.max_solves,
            time_limit_ms: config.time_limit.as_millis(),
        },
    };
    match serde_json::to_string(&body) {
        Ok(text) => json_response(StatusCode::OK, text),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {e}")),
    }
}

/// `GET /api/status`: how many solves run now, of how many allowed.
async fn status(State(state): State<AppState>) -> Response {
    let max = state.config.max_solves;
    let running = max - state.pool.available_permits().min(max);
    json_response(StatusCode::OK, format!("{{\"solves_running\":{running},\"max_solves\":{max}}}"))
}

/// `GET /api/progress/<id>`: `{"done": d, "total": t}` of the running solve of the request that
/// named `id` (`total` 0: the game reports no progress), or 404 once it has ended.
async fn progress(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let found = state.running.lock().ok().and_then(|running| running.get(&id).map(Cancel::progress));
    match found {
        Some((done, total)) => {
            json_response(StatusCode::OK, format!("{{\"done\":{done},\"total\":{total}}}"))
        }
        None => error(StatusCode::NOT_FOUND, format!("no solve `{}` is running", shorten(&id))),
    }
}

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
struct QueryRequest {
    /// The position in the game's CLI `query` text format.
    position: String,
    /// The king game's move set.
    #[serde(default)]
    moves: Option<String>,
    /// A name for this solve, to follow its progress at `GET /api/progress/<id>` (1 to 64
    /// characters of `A-Z a-z 0-9 - _`).
    #[serde(default)]
    id: Option<String>,
}

/// Sets the cancel flag when the request ends, whether it completed, timed out or its client went
/// away (axum drops the handler's future then).
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// `POST /api/<game>/query`: the position's report, the object `query --json` prints; `POST
/// /api/<game>/<view>`: another view of the position (the king game's `all-starts`).
async fn query(
    State(state): State<AppState>,
    Path((name, view)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
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
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body exceeds the limit of {} bytes", state.config.max_body_bytes),
            );
        }
        Err(rejection) => return error(rejection.status(), rejection.body_text()),
    };
    let request: QueryRequest = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!(
                    "bad request JSON: {e} (expected {{\"position\": \"<the position in the CLI's query format>\"}})"
                ),
            );
        }
    };
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
    let Ok(permit) = state.pool.clone().try_acquire_owned() else {
        let mut response = error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("all {} solve slots are busy: try again shortly", state.config.max_solves),
        );
        let retry = HeaderValue::from(state.config.retry_after_secs);
        response.headers_mut().insert(header::RETRY_AFTER, retry);
        return response;
    };
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let _registered = request.id.map(|id| {
        if let Ok(mut running) = state.running.lock() {
            running.insert(id.clone(), cancel.clone());
        }
        Unregister { running: state.running.clone(), id }
    });
    let options = QueryOptions { moves: request.moves };
    let solve = tokio::task::spawn_blocking(move || {
        let _permit = permit; // released when the solve really ends
        if view == "query" {
            game.query(&request.position, &options, &cancel)
        } else {
            let missing = || Err(QueryError::Internal(format!("no view `{view}`")));
            game.view(&view, &request.position, &options, &cancel).unwrap_or_else(missing)
        }
    });
    let limit = state.config.time_limit;
    match tokio::time::timeout(limit, solve).await {
        Err(_elapsed) => error(
            StatusCode::GATEWAY_TIMEOUT,
            format!("the solve took longer than the time limit of {} ms", limit.as_millis()),
        ),
        Ok(Err(join)) if join.is_panic() => {
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal error: the solver panicked on this position")
        }
        Ok(Err(join)) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {join}")),
        Ok(Ok(Ok(report))) => json_response(StatusCode::OK, report.to_string()),
        Ok(Ok(Err(e))) => query_error(e),
    }
}

/// The response of a failed query.
fn query_error(e: QueryError) -> Response {
    let status = match e {
        QueryError::Input(_) | QueryError::Option(_) => StatusCode::BAD_REQUEST,
        QueryError::TooLarge(_) => StatusCode::UNPROCESSABLE_ENTITY,
        QueryError::Unavailable(_) => StatusCode::NOT_IMPLEMENTED,
        // Only a timed-out or abandoned request cancels its solve, and neither waits for it.
        QueryError::Cancelled => StatusCode::GATEWAY_TIMEOUT,
        QueryError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error(status, e.to_string())
}

/// `text` cut to 40 characters, control characters replaced (for messages).
fn shorten(text: &str) -> String {
    let shown: String = text.chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.chars().count() > 40 { shown + "..." } else { shown }
}
