//! The guard every request passes: the `Host`, `Origin`, `Content-Type` and `Content-Length`
//! checks before the route, and one log line after it.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use super::{AppState, Config};
use crate::reply::{error, shorten};

/// Every request: the `Host`, `Origin`, `Content-Type` and `Content-Length` checks, then the
/// route, then one log line (`METHOD path status bytes duration`).
pub(super) async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
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
