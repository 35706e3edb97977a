//! A toy fifth game, kept as a test fixture: one heap of `n` tokens, each move takes 1, 2 or 3,
//! whoever takes the last token wins. Its whole registration is this folder: the adapter, its
//! caps, its page module `nim.js` and its [`REGISTRATION`], which the test adds to the list of the games.

use std::sync::Arc;

use playground::games::{
    Cancel, Cap, Game, GameCaps, GameInfo, Limit, PageModule, QueryError, QueryOptions, Registration,
    answer_limit,
};
use serde_json::json;

/// `--nim-max-heap`: the largest heap.
pub const MAX_HEAP: Cap = Cap {
    flag: "nim-max-heap",
    value_name: "NIM_MAX_HEAP",
    help: "nim: largest heap (422 beyond)",
    default: 1000,
};

/// `--nim-max-answer-bytes`: the largest serialized answer, in bytes.
pub const MAX_ANSWER_BYTES: Cap = Cap {
    flag: "nim-max-answer-bytes",
    value_name: "NIM_MAX_ANSWER_BYTES",
    help: "nim: largest answer, in bytes (507 beyond)",
    default: 4096,
};

/// The game's caps, how it is built from their values, and its module of the page.
pub const REGISTRATION: Registration = Registration {
    size_caps: &[MAX_HEAP],
    answer_cap: MAX_ANSWER_BYTES,
    build,
    page_module: PageModule { file: "nim.js", source: include_bytes!("nim.js") },
};

fn build(caps: &GameCaps) -> Arc<dyn Game> {
    Arc::new(Nim { max_heap: caps.get(&MAX_HEAP), max_answer_bytes: caps.bytes(&MAX_ANSWER_BYTES) })
}

/// One-heap Nim with a cap on the heap.
#[derive(Debug, Clone)]
pub struct Nim {
    max_heap: u64,
    max_answer_bytes: usize,
}

/// Whether the player to move wins a heap of `n` (a table built move by move, not a formula).
pub fn wins(n: u64) -> bool {
    let mut table = vec![false; n as usize + 1];
    for k in 1..=n as usize {
        table[k] = (1..=3.min(k)).any(|take| !table[k - take]);
    }
    table[n as usize]
}

impl Game for Nim {
    fn info(&self) -> GameInfo {
        GameInfo {
            name: "nim",
            title: "One-heap Nim",
            sides: ["first", "second"],
            limits: vec![
                Limit { name: "max_heap", value: self.max_heap, meaning: "tokens in the heap" },
                answer_limit(self.max_answer_bytes),
            ],
            options: Vec::new(),
            example: "7",
            available: true,
            views: Vec::new(),
        }
    }

    fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn query(
        &self,
        position: &str,
        _options: &QueryOptions,
        _cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let heap: u64 = position
            .trim()
            .parse()
            .map_err(|_| QueryError::Input("line 1, column 1: expected the heap size".into()))?;
        if heap > self.max_heap {
            return Err(QueryError::TooLarge(format!(
                "a heap of {heap} is more than this server's cap of {} (--nim-max-heap)",
                self.max_heap
            )));
        }
        Ok(json!({ "game": "nim", "heap": heap, "to_move_wins": wins(heap) }))
    }
}
