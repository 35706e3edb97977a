//! The page's files, embedded in the binary (no file-system access, no build step): plain HTML,
//! CSS, ES modules and SVG from `crates/playground/assets/`.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Every file served: the name under `/static/` (`index.html` is also `/`), its type and bytes.
pub const FILES: &[(&str, &str, &[u8])] = &[
    ("index.html", "text/html; charset=utf-8", include_bytes!("../assets/index.html")),
    ("style.css", "text/css; charset=utf-8", include_bytes!("../assets/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_bytes!("../assets/app.js")),
    ("common.js", "text/javascript; charset=utf-8", include_bytes!("../assets/common.js")),
    ("pawn.js", "text/javascript; charset=utf-8", include_bytes!("../assets/pawn.js")),
    ("lattice.js", "text/javascript; charset=utf-8", include_bytes!("../assets/lattice.js")),
    ("segment.js", "text/javascript; charset=utf-8", include_bytes!("../assets/segment.js")),
    ("king.js", "text/javascript; charset=utf-8", include_bytes!("../assets/king.js")),
    ("history.js", "text/javascript; charset=utf-8", include_bytes!("../assets/history.js")),
    ("charts.js", "text/javascript; charset=utf-8", include_bytes!("../assets/charts.js")),
    ("analysis.js", "text/javascript; charset=utf-8", include_bytes!("../assets/analysis.js")),
    ("analysis-views.js", "text/javascript; charset=utf-8", include_bytes!("../assets/analysis-views.js")),
    ("favicon.svg", "image/svg+xml", include_bytes!("../assets/favicon.svg")),
];

/// The content security policy of every file: only this server's own scripts, styles and images.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The response for the embedded file `name`, or 404.
pub fn response(name: &str) -> Response {
    let Some(&(_, mime, bytes)) = FILES.iter().find(|(file, _, _)| *file == name) else {
        return crate::reply::error(StatusCode::NOT_FOUND, "no such file");
    };
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}
