//! The JSON bodies every part of the server answers with: a report or a listing
//! ([`json_response`]) and the one error shape, `{"error": "..."}` ([`error`]). Below both the
//! routes ([`crate::server`]) and the embedded files ([`crate::assets`]), which both use it.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A JSON error response: `{"error": message}` with `status`.
pub fn error(status: StatusCode, message: impl Into<String>) -> Response {
    #[derive(Serialize)]
    struct Body {
        error: String,
    }
    let body = serde_json::to_string(&Body { error: message.into() }).unwrap_or_else(|_| "{}".into());
    json_response(status, body)
}

/// A response with the JSON text `body`, `status`, `Content-Type: application/json`,
/// `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`.
pub fn json_response(status: StatusCode, body: impl Into<axum::body::Body>) -> Response {
    let mut response = (status, body.into()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// `text` cut to 40 characters, control characters replaced (for messages and the request log).
pub fn shorten(text: &str) -> String {
    let shown: String = text.chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.chars().count() > 40 { shown + "..." } else { shown }
}
