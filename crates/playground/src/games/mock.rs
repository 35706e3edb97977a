//! A configurable stand-in game for the server's own tests: fixed answers, a slow solve that polls
//! its [`Cancel`] flag, and errors on demand. The real games are in the sibling modules.

use std::time::Duration;

use super::{Cancel, Game, GameInfo, Limit, QueryError, QueryOptions};

/// A mock game.
///
/// Position texts it understands: `bad` → a located input error (400), `big` → over its cap (422),
/// `panic` → a panic inside the solve (500), `internal` → an internal error (500), `unavailable` →
/// no query API (501), `size N` → a report padded to about N bytes, `light` → a report at once
/// (the only position [`Game::is_light`] calls cheap), anything else →
/// a report after sleeping [`Mock::delay`] (in slices of 5 ms, polling the cancel flag and reporting
/// the milliseconds slept as progress). Its one view,
/// `echo`, answers `{"echo": position}`, with `"fields": N` when the request has `fields`.
#[derive(Debug, Clone)]
pub struct Mock {
    /// The game's name.
    pub name: &'static str,
    /// How long a solve takes.
    pub delay: Duration,
    /// Its answer cap ([`Game::max_answer_bytes`]).
    pub max_answer_bytes: usize,
}

impl Mock {
    /// A mock named `name` whose solves take `delay`, with answers of up to 64 MiB.
    pub fn new(name: &'static str, delay: Duration) -> Mock {
        Mock { name, delay, max_answer_bytes: 64 << 20 }
    }
}

impl Game for Mock {
    fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: self.name,
            title: "mock game",
            sides: ["first", "second"],
            limits: vec![Limit { name: "max_cells", value: 1, meaning: "the mock has no board" }],
            options: Vec::new(),
            example: "ok",
            available: true,
            views: vec!["echo"],
        }
    }

    fn query(
        &self,
        position: &str,
        _options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        match position.trim() {
            "bad" => {
                return Err(QueryError::Input(
                    "line 1, column 1: expected a mock position, found 'bad'".into(),
                ));
            }
            "big" => return Err(QueryError::TooLarge("the mock board exceeds the cap of 1 cell".into())),
            "internal" => return Err(QueryError::Internal("the mock failed".into())),
            "unavailable" => {
                return Err(QueryError::Unavailable(
                    "mock: the query API is not available in this build yet".into(),
                ));
            }
            "panic" => panic!("the mock panicked"),
            _ => {}
        }
        if position.trim() == "light" {
            return Ok(serde_json::json!({ "game": self.name, "light": true }));
        }
        if let Some(size) = position.trim().strip_prefix("size ").and_then(|n| n.parse::<usize>().ok()) {
            return Ok(serde_json::json!({ "game": self.name, "pad": "x".repeat(size) }));
        }
        let slice = Duration::from_millis(5);
        let mut slept = Duration::ZERO;
        while slept < self.delay {
            if cancel.is_cancelled() {
                return Err(QueryError::Cancelled);
            }
            std::thread::sleep(slice);
            slept += slice;
            cancel.set_progress(slept.as_millis() as u64, self.delay.as_millis() as u64);
        }
        Ok(serde_json::json!({
            "game": self.name,
            "board": 1,
            "to_move": "first",
            "value": "win",
            "remoteness": 1,
            "moves": [{"move": "a", "value": "win", "remoteness": 1}],
        }))
    }

    fn is_light(&self, position: &str, _options: &QueryOptions) -> bool {
        position.trim() == "light"
    }

    fn view(
        &self,
        name: &str,
        position: &str,
        options: &QueryOptions,
        _cancel: &Cancel,
    ) -> Option<Result<serde_json::Value, QueryError>> {
        (name == "echo").then(|| {
            let mut answer = serde_json::json!({ "echo": position });
            if let Some(fields) = options.fields {
                answer["fields"] = fields.into();
            }
            Ok(answer)
        })
    }
}
