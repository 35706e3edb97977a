//! The router: every route with its handler, behind the guard.

use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use super::{AppState, Config, guard, query, routes};
use crate::games::Game;

/// The router of a server answering for `games` under `config`.
pub fn router(games: Vec<Arc<dyn Game>>, config: Config) -> Router {
    let state = AppState::new(games, config);
    Router::new()
        .route("/", get(routes::index))
        .route("/static/{*file}", get(routes::asset))
        .route("/api/games", get(routes::list_games))
        .route("/api/status", get(routes::status))
        .route("/api/progress/{id}", get(routes::progress))
        .route("/api/{game}/{view}", post(query::query))
        .fallback(routes::not_found)
        .method_not_allowed_fallback(routes::method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), guard::guard))
        .with_state(state)
}
