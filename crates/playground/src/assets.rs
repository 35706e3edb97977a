//! The page's files, embedded in the binary (no file-system access, no build step): plain HTML,
//! CSS, ES modules and SVG from `crates/playground/assets/`. The games' modules come from the list
//! of the games: each game's [`Registration`] carries its [`PageModule`](crate::games::PageModule),
//! and `games.js`, the module that imports them all for the page, is written from the list.

use std::sync::LazyLock;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::games::{REGISTRATIONS, Registration};

/// The type of an ES module.
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// The page's own files: the name under `/static/` (`index.html` is also `/`), its type and bytes.
pub const PAGE_FILES: &[(&str, &str, &[u8])] = &[
    ("index.html", "text/html; charset=utf-8", include_bytes!("../assets/index.html")),
    ("style.css", "text/css; charset=utf-8", include_bytes!("../assets/style.css")),
    ("app.js", JAVASCRIPT, include_bytes!("../assets/app.js")),
    ("common.js", JAVASCRIPT, include_bytes!("../assets/common.js")),
    ("history.js", JAVASCRIPT, include_bytes!("../assets/history.js")),
    ("charts.js", JAVASCRIPT, include_bytes!("../assets/charts.js")),
    ("analysis.js", JAVASCRIPT, include_bytes!("../assets/analysis.js")),
    ("analysis-views.js", JAVASCRIPT, include_bytes!("../assets/analysis-views.js")),
    ("favicon.svg", "image/svg+xml", include_bytes!("../assets/favicon.svg")),
];

/// The name of the module that lists the games' modules for the page ([`games_module`]).
pub const GAMES_MODULE: &str = "games.js";

/// The text of `games.js` for the games `games`: it imports each game's module and exports them
/// as an array, in the list's order.
pub fn games_module(games: &[Registration]) -> String {
    let mut text = String::from("// The games' modules of the page, one per game of the server's list.\n\n");
    for (i, game) in games.iter().enumerate() {
        text += &format!("import game{i} from './{}';\n", game.page_module.file);
    }
    let names: Vec<String> = (0..games.len()).map(|i| format!("game{i}")).collect();
    text += &format!("\nexport default [{}];\n", names.join(", "));
    text
}

/// `games.js` for the real games, written once.
static GAMES_JS: LazyLock<String> = LazyLock::new(|| games_module(REGISTRATIONS));

/// Every file served: the page's own files, each game's module, and `games.js`; the name under
/// `/static/`, its type and bytes.
pub fn files() -> Vec<(&'static str, &'static str, &'static [u8])> {
    let games = REGISTRATIONS.iter().map(|game| (game.page_module.file, JAVASCRIPT, game.page_module.source));
    let list = (GAMES_MODULE, JAVASCRIPT, GAMES_JS.as_bytes());
    PAGE_FILES.iter().copied().chain(games).chain([list]).collect()
}

/// The content security policy of every file: only this server's own scripts, styles and images.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The response for the embedded file `name`, or 404.
pub fn response(name: &str) -> Response {
    let Some((_, mime, bytes)) = files().into_iter().find(|(file, _, _)| *file == name) else {
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
