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

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use http_body::{Frame, SizeHint};
use serde::{Deserialize, Serialize};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::assets;
use crate::games::{Cancel, Game, GameCaps, GameInfo, QueryError, QueryOptions};
use crate::log::RequestLog;
use crate::pool::SolvePool;
use crate::reply::shorten;
pub use crate::reply::{error, json_response};
use crate::share::{Cache, Flight, Flights, Refusal};

/// The server's settings (the binary's flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Largest request body accepted, in bytes (413 beyond, from `Content-Length`).
    pub max_body_bytes: usize,
    /// Most solves running at once (503 beyond).
    pub max_solves: usize,
    /// Solve slots besides those, only for cheap queries ([`Game::is_light`]), so that expensive
    /// solves filling the others cannot starve them. The server has `max_solves + light_solves`
    /// solve threads.
    pub light_solves: usize,
    /// Time limit of one query (504 beyond).
    pub time_limit: Duration,
    /// The `Retry-After` of a 503, in seconds.
    pub retry_after_secs: u64,
    /// The games' size caps.
    pub caps: GameCaps,
    /// Bytes of serialized answers the server holds at once, waiting to be sent (503 beyond).
    pub answer_budget_bytes: usize,
    /// Bytes of request bodies being read at once (503 beyond).
    pub body_budget_bytes: usize,
    /// Time to read a request's body once its headers are in (408 beyond).
    pub body_timeout: Duration,
    /// The `Host` values accepted (`host:port`, compared without case); anything else is 403.
    pub allowed_hosts: Vec<String>,
    /// The `Origin` values accepted (`http://host:port`); a request with another `Origin` is 403.
    /// A request without `Origin` (not sent by a browser on its own behalf) passes.
    pub allowed_origins: Vec<String>,
    /// Whether to write one line per request to standard error.
    pub log_requests: bool,
    /// Bytes of recent answers kept (keys and answers; 0: none).
    pub cache_bytes: usize,
    /// How long a recent answer is kept.
    pub cache_ttl: Duration,
}

impl Default for Config {
    /// The binary's defaults, for a server on `127.0.0.1:8080`.
    fn default() -> Config {
        let address = std::net::SocketAddr::from(([127, 0, 0, 1], 8080));
        let hosts = loopback_hosts(address);
        Config {
            max_body_bytes: 1 << 20,
            max_solves: std::thread::available_parallelism().map_or(2, |n| n.get()),
            light_solves: 1,
            time_limit: Duration::from_secs(10),
            retry_after_secs: 1,
            caps: GameCaps::default(),
            answer_budget_bytes: 64 << 20,
            body_budget_bytes: 16 << 20,
            body_timeout: Duration::from_secs(10),
            allowed_origins: hosts.iter().map(|h| format!("http://{h}")).collect(),
            allowed_hosts: hosts,
            log_requests: false,
            cache_bytes: 32 << 20,
            cache_ttl: Duration::from_secs(60),
        }
    }
}

/// The `Host` values that name the server listening on `address`: `ip:port`, and `localhost:port`
/// for a loopback address (the bare names too on port 80).
pub fn loopback_hosts(address: std::net::SocketAddr) -> Vec<String> {
    let port = address.port();
    let ip = match address.ip() {
        std::net::IpAddr::V4(ip) => ip.to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
    };
    let mut names = vec![ip];
    if address.ip().is_loopback() {
        names.push("localhost".into());
    }
    let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
    if port == 80 {
        hosts.extend(names);
    }
    hosts
}

/// The longest query text judged for a light slot (longer texts are not cheap for any game).
pub const LIGHT_TEXT_BYTES: usize = 64 << 10;

/// How long a cheap query waits for a light slot when every slot is busy (503 after).
pub const LIGHT_WAIT: Duration = Duration::from_millis(50);

/// The shortest solve whose answer is cached (a cheaper one is solved again).
pub const CACHE_MIN_SOLVE: Duration = Duration::from_millis(10);

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

/// The router of a server answering for `games` under `config`.
pub fn router(games: Vec<Arc<dyn Game>>, config: Config) -> Router {
    let state = AppState::new(games, config);
    Router::new()
        .route("/", get(index))
        .route("/static/{*file}", get(asset))
        .route("/api/games", get(list_games))
        .route("/api/status", get(status))
        .route("/api/progress/{id}", get(progress))
        .route("/api/{game}/{view}", post(query))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// Every request: the `Host`, `Origin`, `Content-Type` and `Content-Length` checks, then the
/// route, then one log line (`METHOD path status bytes duration`).
async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let path = shorten(request.uri().path());
    let response = match check(&state.config, &request) {
        None => next.run(request).await,
        Some(refusal) => refusal,
    };
    if let Some(log) = &state.log {
        let bytes = http_body::Body::size_hint(response.body()).exact().unwrap_or(0);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        log.line(format!("{method} {path} {} {bytes} B {ms:.1} ms", response.status().as_u16()));
    }
    response
}

/// The longest request target (path and query) answered; longer ones get 414. A request head
/// beyond the connection's buffer (16 KiB) is refused by hyper itself (431, empty body).
pub const MAX_URI_BYTES: usize = 8 << 10;

/// The header checks of [`guard`]: the refusal (414, 403, 415, 411 or 413), if any, before
/// anything else reads the request.
fn check(config: &Config, request: &Request) -> Option<Response> {
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_URI_BYTES {
        return Some(error(
            StatusCode::URI_TOO_LONG,
            format!("the request target is {target} bytes, more than {MAX_URI_BYTES}"),
        ));
    }
    let headers = request.headers();
    let text = |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap_or("\u{0}"));
    let host = text(header::HOST).or_else(|| request.uri().authority().map(|a| a.as_str()));
    let known = |list: &[String], value: &str| list.iter().any(|h| h.eq_ignore_ascii_case(value));
    match host {
        Some(host) if known(&config.allowed_hosts, host) => {}
        Some(host) => {
            return Some(error(
                StatusCode::FORBIDDEN,
                format!("the Host `{}` does not name this server", shorten(host)),
            ));
        }
        None => {
            return Some(error(StatusCode::FORBIDDEN, "a request must name this server in its Host header"));
        }
    }
    let origin = text(header::ORIGIN);
    if let Some(origin) = origin.filter(|origin| !known(&config.allowed_origins, origin)) {
        return Some(error(
            StatusCode::FORBIDDEN,
            format!("requests from the origin `{}` are not allowed", shorten(origin)),
        ));
    }
    if request.method() != Method::POST {
        return None;
    }
    let json = text(header::CONTENT_TYPE).is_some_and(|value| {
        value.split(';').next().unwrap_or("").trim().eq_ignore_ascii_case("application/json")
    });
    if !json {
        return Some(error(StatusCode::UNSUPPORTED_MEDIA_TYPE, "the request body must be application/json"));
    }
    // Hyper's body knows the length from `Content-Length`; a chunked body has none.
    match http_body::Body::size_hint(request.body()).exact() {
        None => Some(error(StatusCode::LENGTH_REQUIRED, "the request needs a Content-Length")),
        Some(length) if length > config.max_body_bytes as u64 => Some(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body exceeds the limit of {} bytes", config.max_body_bytes),
        )),
        Some(_) => None,
    }
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no such route: see docs/PLAYGROUND.md for the endpoints")
}

async fn method_not_allowed(request: Request) -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} is not allowed on {}", request.method(), shorten(request.uri().path())),
    )
}

fn bad_path(rejection: PathRejection) -> Response {
    error(StatusCode::BAD_REQUEST, format!("bad path: {}", rejection.body_text()))
}

async fn index() -> Response {
    assets::response("index.html")
}

async fn asset(path: Result<Path<String>, PathRejection>) -> Response {
    match path {
        Ok(Path(file)) => assets::response(&file),
        Err(rejection) => bad_path(rejection),
    }
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
    let max = state.config.max_solves.max(1);
    let light = state.config.light_solves;
    let running =
        max - state.solves.available_permits().min(max) + light - state.light.available_permits().min(light);
    json_response(StatusCode::OK, format!("{{\"solves_running\":{running},\"max_solves\":{max}}}"))
}

/// `GET /api/progress/<id>`: `{"done": d, "total": t}` of the running solve of the request that
/// named `id` (`total` 0: the game reports no progress), or 404 once it has ended.
async fn progress(State(state): State<AppState>, path: Result<Path<String>, PathRejection>) -> Response {
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
    /// The position in the game's CLI `query` text format; absent only beside `fields` (segment-nim's
    /// `analyze`, which reads no position).
    #[serde(default)]
    position: Option<String>,
    /// segment-nim's `analyze`: the number of fields of the circle.
    #[serde(default)]
    fields: Option<u64>,
    /// The king game's move set.
    #[serde(default)]
    moves: Option<String>,
    /// A name for this solve, to follow its progress at `GET /api/progress/<id>` (1 to 64
    /// characters of `A-Z a-z 0-9 - _`).
    #[serde(default)]
    id: Option<String>,
}

impl QueryRequest {
    /// The position text (empty for a request of `fields` alone).
    fn text(&self) -> &str {
        self.position.as_deref().unwrap_or("")
    }
}

/// Reads the body of `request` (length already checked by [`guard`]) under the body budget and
/// the body time limit. The budget is taken as the bytes arrive (the room the body's buffer holds,
/// in KiB), never from the announced length, so a connection that announces a body and sends
/// nothing holds nothing; when the budget is spent the request gets 503 and its connection is
/// closed.
async fn read_body(state: &AppState, request: Request) -> Result<Bytes, Response> {
    let limit = state.config.max_body_bytes;
    let timeout = state.config.body_timeout;
    let closing = |mut response: Response| {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        response
    };
    let mut body = request.into_body();
    let read = async {
        let mut text: Vec<u8> = Vec::new();
        let mut held: Option<OwnedSemaphorePermit> = None;
        while let Some(frame) =
            std::future::poll_fn(|cx| http_body::Body::poll_frame(Pin::new(&mut body), cx)).await
        {
            let frame = frame
                .map_err(|e| error(StatusCode::BAD_REQUEST, format!("cannot read the request body: {e}")))?;
            let Ok(data) = frame.into_data() else { continue };
            if text.len() + data.len() > limit {
                return Err(closing(error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the request body exceeds the limit of {limit} bytes"),
                )));
            }
            text.reserve(data.len());
            let needed = kib(text.capacity()) as usize;
            let have = held.as_ref().map_or(0, OwnedSemaphorePermit::num_permits);
            if needed > have {
                let more = u32::try_from(needed - have).unwrap_or(u32::MAX);
                let Ok(more) = state.bodies.clone().try_acquire_many_owned(more) else {
                    return Err(closing(
                        state.busy("too many request bodies are being received: try again shortly".into()),
                    ));
                };
                match held.as_mut() {
                    Some(permit) => permit.merge(more),
                    None => held = Some(more),
                }
            }
            text.extend_from_slice(&data);
        }
        Ok(Bytes::from(text))
    };
    match tokio::time::timeout(timeout, read).await {
        Ok(result) => result,
        Err(_) => Err(closing(error(
            StatusCode::REQUEST_TIMEOUT,
            format!("the request body did not arrive within {} ms", timeout.as_millis()),
        ))),
    }
}

/// `POST /api/<game>/query`: the position's report, the object `query --json` prints; `POST
/// /api/<game>/<view>`: another view of the position (the king game's `all-starts`).
async fn query(
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

/// Which kind of solve slot a query holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
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
    async fn admit(&self, request: &QueryRequest) -> Option<(OwnedSemaphorePermit, Slot)> {
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
    fn start(
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

    /// The response of an answer, which holds its share of the answer budget until sent (503 when
    /// the budget is spent): the answer is copied into pieces of [`CHUNK`] bytes, and each piece's
    /// share of the budget is released once the connection has written it out.
    fn answer(&self, bytes: Bytes) -> Response {
        match self.answers.clone().try_acquire_many_owned(kib(bytes.len())) {
            Ok(permit) => json_response(StatusCode::OK, Body::new(Chunks::new(&bytes, permit))),
            Err(_) => self.busy(
                "too many answers are waiting for their clients to read them: try again shortly".into(),
            ),
        }
    }
}

/// An answer as pieces of [`CHUNK`] bytes, each its own mapping (glibc maps allocations of
/// 128 KiB and more on their own, [`crate::pool::bound_allocator`], and unmaps them when freed),
/// sent one by one: a piece's memory goes back to the system once the connection has written it,
/// and its share of the answer budget when the connection asks for the next piece (it asks only
/// once its buffer has room, so the piece has left it), so an answer read slowly holds only what
/// is left of it.
struct Chunks {
    pieces: std::collections::VecDeque<Bytes>,
    /// The bytes of the pieces not yet handed over.
    left: usize,
    /// The answer budget's permits (KiB) for those bytes.
    permit: Option<OwnedSemaphorePermit>,
}

/// The size of the pieces an answer is sent in.
const CHUNK: usize = 128 << 10;

impl Chunks {
    fn new(answer: &Bytes, permit: OwnedSemaphorePermit) -> Chunks {
        let pieces = answer.chunks(CHUNK).map(Bytes::copy_from_slice).collect();
        Chunks { pieces, left: answer.len(), permit: Some(permit) }
    }
}

impl http_body::Body for Chunks {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let Some(piece) = self.pieces.pop_front() else {
            self.permit = None;
            return Poll::Ready(None);
        };
        // The pieces before this one have been written out: their share goes back. This one's
        // stays until the next is asked for, or the answer is dropped.
        let keep = kib(self.left) as usize;
        if let Some(permit) = self.permit.as_mut() {
            let release = permit.num_permits().saturating_sub(keep);
            drop(permit.split(release));
        }
        self.left -= piece.len();
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.pieces.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left as u64)
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
