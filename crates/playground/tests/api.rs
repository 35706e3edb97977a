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

/// A request as the page sends it: `Host` names the server (the default config's
/// `127.0.0.1:8080`), a `POST` body is JSON.
async fn send(app: &Router, method: Method, uri: &str, body: impl Into<Body>) -> Reply {
    let mut request =
        Request::builder().method(method.clone()).uri(uri).header(header::HOST, "127.0.0.1:8080");
    if method == Method::POST {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    send_raw(app, request.body(body.into()).unwrap()).await
}

async fn send_raw(app: &Router, request: Request<Body>) -> Reply {
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
    let caps = playground::GameCaps::default().with(&games::pawn::MAX_FREE_CELLS, 7);
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
    // Each game lists its own answer cap.
    let answer_caps: Vec<&Value> =
        json["games"].as_array().unwrap().iter().map(|g| &g["limits"][1]["value"]).collect();
    assert_eq!(
        answer_caps,
        [1u64 << 20, 64 << 10, 16 << 20, 2 << 20].map(|b| json!(b)).iter().collect::<Vec<_>>()
    );
    assert!(json["games"].as_array().unwrap().iter().all(|g| g["limits"][1]["name"] == "max_answer_bytes"));
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
    for (file, mime, bytes) in playground::assets::files() {
        let reply = get(&app, &format!("/static/{file}")).await;
        assert_eq!(reply.status, StatusCode::OK, "{file}");
        assert_eq!(reply.header(header::CONTENT_TYPE), mime);
        assert_eq!(reply.body, bytes);
        assert!(!bytes.is_empty(), "{file} is empty");
    }
    // The page's list of game modules imports each game's module, which is served.
    let list = get(&app, "/static/games.js").await;
    assert_eq!(list.header(header::CONTENT_TYPE), "text/javascript; charset=utf-8");
    let list = String::from_utf8(list.body).unwrap();
    for game in games::REGISTRATIONS {
        let module = game.page_module;
        assert!(list.contains(&format!(" from './{}';", module.file)), "{list}");
        assert_eq!(get(&app, &format!("/static/{}", module.file)).await.body, module.source);
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
    let reply = query(&app, "mock", r#"{"position": "ok 2"}"#).await;
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
async fn a_request_of_fields_alone_needs_no_position() {
    // segment-nim's analyze reads `{"fields": N}`; the fields are part of the cache key.
    let app = app();
    for fields in [8, 9, 8] {
        let reply = send(&app, Method::POST, "/api/mock/echo", format!(r#"{{"fields": {fields}}}"#)).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.json(), json!({"echo": "", "fields": fields}));
    }
    for body in ["{}", r#"{"moves": "orth4"}"#, r#"{"fields": -1}"#, r#"{"fields": "8"}"#] {
        let reply = send(&app, Method::POST, "/api/mock/echo", body).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(reply.error().starts_with("bad request JSON: "), "{}", reply.error());
    }
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

/// A body that declares `length` bytes (or none: chunked) and never sends them.
struct Stalled(Option<u64>);

impl http_body::Body for Stalled {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::task::Poll::Pending
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.0.map_or_else(http_body::SizeHint::default, http_body::SizeHint::with_exact)
    }
}

fn post_request(uri: &str) -> axum::http::request::Builder {
    Request::post(uri).header(header::HOST, "127.0.0.1:8080").header(header::CONTENT_TYPE, "application/json")
}

#[tokio::test]
async fn a_foreign_host_or_origin_is_403() {
    let app = app();
    let ok = r#"{"position": "ok"}"#;
    for (host, origin) in [
        (Some("evil.example:8080"), None),
        (Some("127.0.0.1:9999"), None),
        (None, None),
        (Some("127.0.0.1:8080"), Some("http://evil.example")),
        (Some("127.0.0.1:8080"), Some("http://127.0.0.1:3000")),
        (Some("127.0.0.1:8080"), Some("null")),
    ] {
        for (method, uri) in [(Method::GET, "/api/games"), (Method::POST, "/api/mock/query")] {
            let mut request = Request::builder().method(method.clone()).uri(uri);
            request = request.header(header::CONTENT_TYPE, "application/json");
            if let Some(host) = host {
                request = request.header(header::HOST, host);
            }
            if let Some(origin) = origin {
                request = request.header(header::ORIGIN, origin);
            }
            let reply = send_raw(&app, request.body(Body::from(ok)).unwrap()).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{method} {uri} {host:?} {origin:?}");
            assert!(!reply.error().is_empty());
        }
    }
    // The server's own names and origins pass (the page's own POSTs carry its origin).
    for (host, origin) in
        [("127.0.0.1:8080", "http://127.0.0.1:8080"), ("LOCALHOST:8080", "http://localhost:8080")]
    {
        let request = Request::post("/api/mock/query")
            .header(header::HOST, host)
            .header(header::ORIGIN, origin)
            .header(header::CONTENT_TYPE, "application/json; charset=utf-8");
        assert_eq!(send_raw(&app, request.body(Body::from(ok)).unwrap()).await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn a_body_that_is_not_json_is_415() {
    let app = app();
    for content_type in
        [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data"), None]
    {
        let mut request = Request::post("/api/mock/query").header(header::HOST, "127.0.0.1:8080");
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        let reply = send_raw(&app, request.body(Body::from(r#"{"position": "ok"}"#)).unwrap()).await;
        assert_eq!(reply.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{content_type:?}");
        assert_eq!(reply.error(), "the request body must be application/json");
    }
}

#[tokio::test]
async fn the_body_cap_is_checked_from_the_length_before_reading() {
    let app = app();
    // 100 MB announced, nothing sent: refused at once, not after waiting for the body.
    let request = post_request("/api/mock/query").body(Body::new(Stalled(Some(100_000_000)))).unwrap();
    let reply = tokio::time::timeout(Duration::from_secs(2), send_raw(&app, request)).await.expect("at once");
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.error(), "the request body exceeds the limit of 1000 bytes");
    // No length (a chunked body): 411.
    let request = post_request("/api/mock/query").body(Body::new(Stalled(None))).unwrap();
    let reply = tokio::time::timeout(Duration::from_secs(2), send_raw(&app, request)).await.expect("at once");
    assert_eq!(reply.status, StatusCode::LENGTH_REQUIRED);
    assert_eq!(reply.error(), "the request needs a Content-Length");
}

/// A body of `length` announced bytes that sends `sent` of them at once, then nothing.
struct Partial {
    length: u64,
    sent: Option<usize>,
}

impl http_body::Body for Partial {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        match self.sent.take() {
            Some(sent) => std::task::Poll::Ready(Some(Ok(http_body::Frame::data(vec![b' '; sent].into())))),
            None => std::task::Poll::Pending,
        }
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.length)
    }
}

#[tokio::test]
async fn a_body_that_does_not_arrive_is_408_and_bodies_share_a_budget_by_the_bytes_received() {
    let config = Config {
        body_timeout: Duration::from_millis(300),
        body_budget_bytes: 2048,
        max_body_bytes: 4000,
        ..config()
    };
    let app = app_with(Duration::ZERO, config);
    let post = |body: Body| {
        let app = app.clone();
        tokio::spawn(async move { send_raw(&app, post_request("/api/mock/query").body(body).unwrap()).await })
    };
    // A body announced and not sent holds none of the budget.
    let announced = post(Body::new(Stalled(Some(900))));
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(query(&app, "mock", r#"{"position": "ok"}"#).await.status, StatusCode::OK);
    // A body half sent holds what it sent: here the whole budget, so another body is refused at once.
    let half = post(Body::new(Partial { length: 3000, sent: Some(1500) }));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let reply = query(&app, "mock", r#"{"position": "ok"}"#).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reply.header(header::RETRY_AFTER), "1");
    for reply in [announced.await.unwrap(), half.await.unwrap()] {
        assert_eq!(reply.status, StatusCode::REQUEST_TIMEOUT);
        assert_eq!(reply.error(), "the request body did not arrive within 300 ms");
        assert_eq!(reply.header(header::CONNECTION), "close");
    }
    // Its share came back.
    assert_eq!(query(&app, "mock", r#"{"position": "ok"}"#).await.status, StatusCode::OK);
}

#[tokio::test]
async fn every_error_is_json() {
    let app = app();
    let reply = get(&app, "/api/mock/query").await;
    assert_eq!(reply.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(reply.error(), "GET is not allowed on /api/mock/query");
    assert_eq!(reply.header(header::CONTENT_TYPE), "application/json");
    let reply = get(&app, "/api/progress/%FF").await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().starts_with("bad path: "), "{}", reply.error());
    let reply = query(&app, "%FF", r#"{"position": "ok"}"#).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().starts_with("bad path: "), "{}", reply.error());
}

#[tokio::test]
async fn a_progress_id_already_running_is_409() {
    let app = app_with(Duration::from_millis(500), Config { max_solves: 2, ..config() });
    let first = tokio::spawn({
        let app = app.clone();
        async move { query(&app, "mock", r#"{"position": "ok", "id": "same"}"#).await }
    });
    wait_for_running(&app, 1).await;
    let reply = query(&app, "mock", r#"{"position": "ok", "id": "same"}"#).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(reply.error(), "a solve named `same` is already running");
    // The first one's progress is still there, and it ends normally.
    assert_eq!(get(&app, "/api/progress/same").await.status, StatusCode::OK);
    assert_eq!(first.await.unwrap().status, StatusCode::OK);
    assert_eq!(get(&app, "/api/progress/same").await.status, StatusCode::NOT_FOUND);
    assert_eq!(query(&app, "mock", r#"{"position": "ok", "id": "same"}"#).await.status, StatusCode::OK);
}

#[tokio::test]
async fn answers_are_capped_and_unread_answers_share_a_budget() {
    let config = Config { answer_budget_bytes: 6000, max_body_bytes: 1000, ..config() };
    let mock = Mock { max_answer_bytes: 5000, ..Mock::new("mock", Duration::ZERO) };
    let app = router(vec![Arc::new(mock)], config);
    let reply = query(&app, "mock", r#"{"position": "size 6000"}"#).await;
    assert_eq!(reply.status, StatusCode::INSUFFICIENT_STORAGE);
    assert!(
        reply.error().contains("more than this server's cap of 5000 for mock answers (max_answer_bytes in"),
        "{}",
        reply.error()
    );
    // An answer of 4000 bytes whose body is not read holds its share of the budget.
    let request = post_request("/api/mock/query").body(Body::from(r#"{"position": "size 4000"}"#)).unwrap();
    let unread = app.clone().oneshot(request).await.unwrap();
    assert_eq!(unread.status(), StatusCode::OK);
    let reply = query(&app, "mock", r#"{"position": "size 4000"}"#).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        reply.error(),
        "too many answers are waiting for their clients to read them: try again shortly"
    );
    // Read (or dropped with its connection), it gives the share back.
    let body = unread.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["pad"].as_str().unwrap().len(), 4000);
    let reply = query(&app, "mock", r#"{"position": "size 4000"}"#).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["pad"].as_str().unwrap().len(), 4000);
}

#[tokio::test]
async fn cheap_queries_keep_their_own_slots_while_expensive_ones_fill_the_pool() {
    let app = app_with(Duration::from_millis(600), Config { max_solves: 1, light_solves: 1, ..config() });
    let slow = tokio::spawn({
        let app = app.clone();
        async move { query(&app, "mock", r#"{"position": "ok"}"#).await }
    });
    wait_for_running(&app, 1).await;
    // Another expensive query finds only the light slot, which refuses it.
    let reply = query(&app, "mock", r#"{"position": "ok 2"}"#).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reply.error(), "all 1 solve slots are busy: try again shortly");
    // A cheap one is answered there.
    for _ in 0..3 {
        let reply = query(&app, "mock", r#"{"position": "light"}"#).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.json()["light"], true);
    }
    assert_eq!(slow.await.unwrap().status, StatusCode::OK);
    // Without light slots, the cheap query waits its turn like any other (503).
    let app = app_with(Duration::from_millis(600), Config { max_solves: 1, light_solves: 0, ..config() });
    let slow = tokio::spawn({
        let app = app.clone();
        async move { query(&app, "mock", r#"{"position": "ok"}"#).await }
    });
    wait_for_running(&app, 1).await;
    assert_eq!(query(&app, "mock", r#"{"position": "light"}"#).await.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(slow.await.unwrap().status, StatusCode::OK);
}

#[tokio::test]
async fn identical_queries_share_one_solve_and_recent_answers_are_kept() {
    let app = app_with(Duration::from_millis(400), Config { max_solves: 2, light_solves: 0, ..config() });
    let ask = |position: &'static str| {
        let app = app.clone();
        tokio::spawn(async move { query(&app, "mock", &format!(r#"{{"position": "{position}"}}"#)).await })
    };
    let waiting: Vec<_> = (0..4).map(|_| ask("ok")).collect();
    wait_for_running(&app, 1).await;
    // Four identical requests, one solve: the other slot is still free.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(get(&app, "/api/status").await.json()["solves_running"], 1);
    let other = ask("ok 2");
    for reply in waiting {
        let reply = reply.await.unwrap();
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.json()["game"], "mock");
    }
    assert_eq!(other.await.unwrap().status, StatusCode::OK);
    // Asked again, it is answered from the cache at once, with no solve.
    let start = Instant::now();
    let reply = query(&app, "mock", r#"{"position": "ok"}"#).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(start.elapsed() < Duration::from_millis(300), "not from the cache");
    // Without a cache, it is solved again.
    let app = app_with(Duration::from_millis(400), Config { cache_bytes: 0, ..config() });
    assert_eq!(query(&app, "mock", r#"{"position": "ok"}"#).await.status, StatusCode::OK);
    let start = Instant::now();
    assert_eq!(query(&app, "mock", r#"{"position": "ok"}"#).await.status, StatusCode::OK);
    assert!(start.elapsed() >= Duration::from_millis(400));
}

#[tokio::test]
async fn a_shared_solve_is_cancelled_only_when_its_last_client_goes_away() {
    let app = app_with(Duration::from_secs(30), Config { max_solves: 2, ..config() });
    let ask = || {
        let app = app.clone();
        tokio::spawn(async move { query(&app, "mock", r#"{"position": "ok"}"#).await })
    };
    let (first, second) = (ask(), ask());
    wait_for_running(&app, 1).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    first.abort();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(get(&app, "/api/status").await.json()["solves_running"], 1, "cancelled with a client left");
    second.abort();
    let start = Instant::now();
    wait_for_running(&app, 0).await;
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[test]
fn the_cache_is_bounded_in_bytes_and_in_age() {
    use playground::share::Cache;
    let cache = Cache::new(8000, Duration::from_millis(200));
    let answer = axum::body::Bytes::from(vec![b'x'; 900]);
    for i in 0..20 {
        cache.put(format!("k{i:02}").into(), answer.clone());
        assert!(cache.bytes() <= 8000, "{}", cache.bytes());
    }
    assert!(cache.get("k00").is_none(), "the oldest went first");
    assert_eq!(cache.get("k19").as_deref(), Some(&answer[..]));
    // Too large for it: not kept.
    cache.put("big".into(), axum::body::Bytes::from(vec![b'x'; 1001]));
    assert!(cache.get("big").is_none());
    std::thread::sleep(Duration::from_millis(250));
    assert!(cache.get("k19").is_none(), "expired");
    assert_eq!(cache.bytes(), 0, "the expired answers are dropped");
}

#[tokio::test]
async fn an_answer_gives_back_its_share_of_the_budget_as_it_is_sent() {
    // 300 KB: pieces of 128, 128 and 44 KiB; a budget of 489 KiB holds one such answer (293 KiB).
    let config = Config { answer_budget_bytes: 500_000, ..config() };
    let mock = Mock { max_answer_bytes: 400_000, ..Mock::new("mock", Duration::ZERO) };
    let app = router(vec![Arc::new(mock)], config);
    let request = post_request("/api/mock/query").body(Body::from(r#"{"position": "size 300000"}"#)).unwrap();
    let unread = app.clone().oneshot(request).await.unwrap();
    assert_eq!(unread.status(), StatusCode::OK);
    let second = r#"{"position": "size 300001"}"#;
    assert_eq!(query(&app, "mock", second).await.status, StatusCode::SERVICE_UNAVAILABLE);
    // The first piece handed over keeps its share (the connection may still hold it) ...
    let mut body = unread.into_body();
    let mut pieces = vec![body.frame().await.unwrap().unwrap().into_data().unwrap()];
    assert_eq!(pieces[0].len(), 128 << 10);
    assert_eq!(query(&app, "mock", second).await.status, StatusCode::SERVICE_UNAVAILABLE);
    // ... until the second is asked for: then only 165 KiB are held, room for another answer.
    pieces.push(body.frame().await.unwrap().unwrap().into_data().unwrap());
    assert_eq!(query(&app, "mock", second).await.status, StatusCode::OK);
    pieces.push(body.collect().await.unwrap().to_bytes());
    let whole = pieces.concat();
    assert_eq!(serde_json::from_slice::<Value>(&whole).unwrap()["pad"].as_str().unwrap().len(), 300_000);
}

#[tokio::test]
async fn an_option_the_game_does_not_have_is_refused_and_answers_are_not_sniffed() {
    let app = app();
    let reply = query(&app, "mock", r#"{"position": "ok", "moves": "orth4"}"#).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reply.error(),
        "bad request JSON: unknown field `moves`: mock has no such option (GET /api/games lists them)"
    );
    for reply in [
        reply,
        query(&app, "mock", r#"{"position": "ok"}"#).await,
        get(&app, "/api/games").await,
        get(&app, "/api/status").await,
        get(&app, "/nope").await,
    ] {
        assert_eq!(reply.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    }
}

#[tokio::test]
async fn a_long_request_target_is_414_json() {
    let app = app();
    let long = format!("/api/progress/{}", "a".repeat(9000));
    let reply = get(&app, &long).await;
    assert_eq!(reply.status, StatusCode::URI_TOO_LONG);
    assert!(
        reply.error().starts_with("the request target is 9014 bytes, more than 8192"),
        "{}",
        reply.error()
    );
    assert_eq!(get(&app, &format!("/api/progress/{}", "a".repeat(64))).await.status, StatusCode::NOT_FOUND);
}
