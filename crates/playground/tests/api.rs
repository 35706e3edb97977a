//! The API on a mock game: every endpoint, every error path, the caps, the pool (503) and the time
//! limit (504).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use playground::games::mock::Mock;
use playground::games::{self, Game};
use playground::{Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn config() -> Config {
    Config { max_body_bytes: 1000, max_solves: 1, time_limit: Duration::from_secs(5), ..Config::default() }
}

fn app_with(delay: Duration, config: Config) -> Router {
    let games: Vec<Arc<dyn Game>> = vec![Arc::new(Mock::new("mock", delay))];
    router(games, config)
}

fn app() -> Router {
    app_with(Duration::ZERO, config())
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    fn error(&self) -> String {
        let json = self.json();
        assert_eq!(json.as_object().map(|o| o.len()), Some(1), "an error body has one field: {json}");
        json["error"].as_str().expect("error is a string").to_string()
    }

    fn header(&self, name: header::HeaderName) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
}

async fn send(app: &Router, method: Method, uri: &str, body: impl Into<Body>) -> Reply {
    let request = Request::builder().method(method).uri(uri).body(body.into()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    Reply { status, headers, body }
}

async fn get(app: &Router, uri: &str) -> Reply {
    send(app, Method::GET, uri, Body::empty()).await
}

async fn query(app: &Router, game: &str, body: &str) -> Reply {
    send(app, Method::POST, &format!("/api/{game}/query"), body.to_string()).await
}

#[tokio::test]
async fn games_lists_every_game_with_sides_limits_and_the_server_caps() {
    let reply = get(&app(), "/api/games").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header(header::CONTENT_TYPE), "application/json");
    let json = reply.json();
    assert_eq!(json["games"][0]["name"], "mock");
    assert_eq!(json["games"][0]["sides"], json!(["first", "second"]));
    assert_eq!(json["games"][0]["limits"][0]["name"], "max_cells");
    assert_eq!(json["server"], json!({"max_body_bytes": 1000, "max_solves": 1, "time_limit_ms": 5000}));
}

#[tokio::test]
async fn the_real_games_are_listed_with_their_caps() {
    let caps = playground::GameCaps { pawn_free_cells: 7, ..Default::default() };
    let reply = get(&router(games::all(&caps), config()), "/api/games").await;
    let json = reply.json();
    let names: Vec<&str> =
        json["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["pawn-retrograde", "lattice-dp", "segment-nim", "edmonds-blossom"]);
    assert_eq!(
        json["games"][0]["limits"][0],
        json!({"name": "max_free_cells", "value": 7, "meaning": json["games"][0]["limits"][0]["meaning"]})
    );
    assert_eq!(json["games"][0]["sides"], json!(["red", "black"]));
    assert_eq!(json["games"][3]["options"][0]["values"], json!(["king20", "orth4"]));
}

#[tokio::test]
async fn a_query_answers_the_report_object() {
    let reply = query(&app(), "mock", r#"{"position": "ok"}"#).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header(header::CACHE_CONTROL), "no-store");
    let json = reply.json();
    assert_eq!(json["game"], "mock");
    assert_eq!(json["moves"][0]["move"], "a");
}

#[tokio::test]
async fn bad_json_is_400_with_a_message() {
    let app = app();
    for body in [
        "",
        "{",
        "[1]",
        r#"{"position": 3}"#,
        r#"{"moves": "orth4"}"#,
        r#"{"position": "ok", "x": 1}"#,
        "\u{0}",
    ] {
        let reply = query(&app, "mock", body).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{body:?}");
        assert!(reply.error().starts_with("bad request JSON: "), "{}", reply.error());
    }
}

#[tokio::test]
async fn a_bad_position_is_400_with_the_cli_message() {
    let reply = query(&app(), "mock", r#"{"position": "bad"}"#).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.error(), "line 1, column 1: expected a mock position, found 'bad'");
}

#[tokio::test]
async fn a_position_over_the_caps_is_422() {
    let reply = query(&app(), "mock", r#"{"position": "big"}"#).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(reply.error().contains("exceeds the cap"));
}

#[tokio::test]
async fn solver_failures_are_500_and_the_server_goes_on() {
    let app = app();
    let reply = query(&app, "mock", r#"{"position": "internal"}"#).await;
    assert_eq!(reply.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(reply.error(), "internal error: the mock failed");
    let reply = query(&app, "mock", r#"{"position": "panic"}"#).await;
    assert_eq!(reply.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(reply.error().contains("panicked"));
    // The panicked solve gave its slot back.
    assert_eq!(query(&app, "mock", r#"{"position": "ok"}"#).await.status, StatusCode::OK);
}

#[tokio::test]
async fn unknown_routes_and_games_are_404_json() {
    let app = app();
    for uri in ["/nope", "/api", "/api/games/x/y", "/static/nope.js", "/static/../Cargo.toml", "/api/mock"] {
        let reply = get(&app, uri).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!reply.error().is_empty());
    }
    let reply = query(&app, "chess", r#"{"position": "ok"}"#).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.error(), "unknown game `chess`: GET /api/games lists them");
}

#[tokio::test]
async fn a_wrong_method_is_405() {
    let app = app();
    assert_eq!(get(&app, "/api/mock/query").await.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get(&app, "/api/games/x").await.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(send(&app, Method::POST, "/api/games", "{}").await.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn an_oversized_body_is_413() {
    let app = app();
    let position = "x".repeat(1000);
    let reply = query(&app, "mock", &format!(r#"{{"position": "{position}"}}"#)).await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.error(), "the request body exceeds the limit of 1000 bytes");
    // Just under the cap is fine.
    let position = "x".repeat(1000 - 20);
    assert_eq!(query(&app, "mock", &format!(r#"{{"position": "{position}"}}"#)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_page_and_its_files_are_embedded() {
    let app = app();
    let reply = get(&app, "/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header(header::CONTENT_TYPE), "text/html; charset=utf-8");
    assert!(reply.header(header::CONTENT_SECURITY_POLICY).contains("default-src 'none'"));
    assert!(String::from_utf8_lossy(&reply.body).contains("<script type=\"module\" src=\"/static/app.js\">"));
    for (file, mime, bytes) in playground::assets::FILES {
        let reply = get(&app, &format!("/static/{file}")).await;
        assert_eq!(reply.status, StatusCode::OK, "{file}");
        assert_eq!(reply.header(header::CONTENT_TYPE), *mime);
        assert_eq!(reply.body, *bytes);
        assert!(!bytes.is_empty(), "{file} is empty");
    }
}

async fn wait_for_running(app: &Router, running: u64) {
    let start = Instant::now();
    loop {
        let json = get(app, "/api/status").await.json();
        if json["solves_running"] == running {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "solves_running never became {running}: {json}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn a_full_pool_answers_503_with_retry_after_at_once() {
    let app = app_with(Duration::from_millis(400), config());
    let slow = tokio::spawn({
        let app = app.clone();
        async move { query(&app, "mock", r#"{"position": "ok"}"#).await }
    });
    wait_for_running(&app, 1).await;
    let start = Instant::now();
    let reply = query(&app, "mock", r#"{"position": "ok"}"#).await;
    assert!(start.elapsed() < Duration::from_millis(200), "a full pool must not queue");
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reply.header(header::RETRY_AFTER), "1");
    assert_eq!(reply.error(), "all 1 solve slots are busy: try again shortly");
    // Cheap endpoints still answer while the pool is full.
    assert_eq!(get(&app, "/api/games").await.status, StatusCode::OK);
    assert_eq!(slow.await.unwrap().status, StatusCode::OK);
    wait_for_running(&app, 0).await;
    assert_eq!(query(&app, "mock", r#"{"position": "ok"}"#).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_slow_solve_is_504_after_the_time_limit_and_is_cancelled() {
    let config = Config { time_limit: Duration::from_millis(100), ..config() };
    let app = app_with(Duration::from_secs(30), config);
    let start = Instant::now();
    let reply = query(&app, "mock", r#"{"position": "ok"}"#).await;
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_eq!(reply.status, StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(reply.error(), "the solve took longer than the time limit of 100 ms");
    // The mock polls its cancel flag: its slot comes back long before its 30 s.
    wait_for_running(&app, 0).await;
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_client_that_goes_away_cancels_its_solve() {
    let app = app_with(Duration::from_secs(30), config());
    let request = tokio::spawn({
        let app = app.clone();
        async move { query(&app, "mock", r#"{"position": "ok"}"#).await }
    });
    wait_for_running(&app, 1).await;
    request.abort(); // drops the handler's future, as hyper does when the connection closes
    let start = Instant::now();
    wait_for_running(&app, 0).await;
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_game_without_its_query_api_is_501() {
    let reply = query(&app(), "mock", r#"{"position": "unavailable"}"#).await;
    assert_eq!(reply.status, StatusCode::NOT_IMPLEMENTED);
    assert_eq!(reply.error(), "mock: the query API is not available in this build yet");
}

#[tokio::test]
async fn every_real_example_is_answered() {
    // Any game whose library has no query API in this build answers 501 with a clear message.
    let caps = playground::GameCaps::default();
    let app = router(games::all(&caps), config());
    let json = get(&app, "/api/games").await.json();
    for game in json["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let example = game["example"].as_str().unwrap();
        let reply = query(&app, name, &json!({ "position": example }).to_string()).await;
        if game["available"] == true {
            assert_eq!(reply.status, StatusCode::OK, "{name}");
        } else {
            assert_eq!(reply.status, StatusCode::NOT_IMPLEMENTED, "{name}");
            assert!(reply.error().contains("not available"), "{name}");
        }
    }
}

#[tokio::test]
async fn a_view_is_another_endpoint_and_unknown_views_are_404() {
    let app = app();
    let reply = query(&app, "mock", r#"{"position": "ok"}"#).await;
    assert_eq!(reply.status, StatusCode::OK);
    let reply = send(&app, Method::POST, "/api/mock/echo", r#"{"position": "hi"}"#).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json(), json!({"echo": "hi"}));
    let reply = send(&app, Method::POST, "/api/mock/nope", r#"{"position": "hi"}"#).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.error(), "`mock` has no view `nope`: GET /api/games lists them");
    assert_eq!(get(&app, "/api/games").await.json()["games"][0]["views"], json!(["echo"]));
}

#[tokio::test]
async fn a_named_solve_reports_its_progress_while_it_runs() {
    let app = app_with(Duration::from_millis(600), config());
    let slow = tokio::spawn({
        let app = app.clone();
        async move { query(&app, "mock", r#"{"position": "ok", "id": "solve-1"}"#).await }
    });
    let start = Instant::now();
    let progress = loop {
        let reply = get(&app, "/api/progress/solve-1").await;
        if reply.status == StatusCode::OK && reply.json()["done"].as_u64().unwrap_or(0) > 0 {
            break reply.json();
        }
        assert!(start.elapsed() < Duration::from_secs(5), "no progress reported");
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(progress["total"], 600);
    assert!(progress["done"].as_u64().unwrap() <= 600);
    assert_eq!(slow.await.unwrap().status, StatusCode::OK);
    let reply = get(&app, "/api/progress/solve-1").await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.error(), "no solve `solve-1` is running");
    for bad in [r#""""#, r#""a b""#, r#""ü""#, &format!("\"{}\"", "x".repeat(65))] {
        let reply = query(&app, "mock", &format!(r#"{{"position": "ok", "id": {bad}}}"#)).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(reply.error().starts_with("bad id "), "{}", reply.error());
    }
}
