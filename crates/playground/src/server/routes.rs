//! The small routes: the page and its files, the game list, the status, a solve's progress, and
//! the answers to unknown routes and methods.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;

use super::AppState;
use crate::assets;
use crate::games::{Cancel, GameInfo};
use crate::reply::{error, json_response, shorten};

pub(super) async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no such route: see docs/PLAYGROUND.md for the endpoints")
}

pub(super) async fn method_not_allowed(request: Request) -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} is not allowed on {}", request.method(), shorten(request.uri().path())),
    )
}

pub(super) fn bad_path(rejection: PathRejection) -> Response {
    error(StatusCode::BAD_REQUEST, format!("bad path: {}", rejection.body_text()))
}

pub(super) async fn index() -> Response {
    assets::response("index.html")
}

pub(super) async fn asset(path: Result<Path<String>, PathRejection>) -> Response {
    match path {
        Ok(Path(file)) => assets::response(&file),
        Err(rejection) => bad_path(rejection),
    }
}

/// `GET /api/games`: every game, its sides, caps and options; and the server's own limits.
pub(super) async fn list_games(State(state): State<AppState>) -> Response {
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
pub(super) async fn status(State(state): State<AppState>) -> Response {
    let max = state.config.max_solves.max(1);
    let light = state.config.light_solves;
    let running =
        max - state.solves.available_permits().min(max) + light - state.light.available_permits().min(light);
    json_response(StatusCode::OK, format!("{{\"solves_running\":{running},\"max_solves\":{max}}}"))
}

/// `GET /api/progress/<id>`: `{"done": d, "total": t}` of the running solve of the request that
/// named `id` (`total` 0: the game reports no progress), or 404 once it has ended.
pub(super) async fn progress(
    State(state): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let id = match path {
        Ok(Path(id)) => id,
        Err(rejection) => return bad_path(rejection),
    };
    let found = state.running.lock().ok().and_then(|running| running.get(&id).map(Cancel::progress));
    match found {
        Some((done, total)) => {
            json_response(StatusCode::OK, format!("{{\"done\":{done},\"total\":{total}}}"))
        }
        None => error(StatusCode::NOT_FOUND, format!("no solve `{}` is running", shorten(&id))),
    }
}
