//! pawn-retrograde: every call into the `pawn_retrograde` library.

use std::sync::{Arc, LazyLock};

use pawn_retrograde::analyze::census_until_stopped;
use pawn_retrograde::{Position, parse_positions, query};

use super::{
    Cancel, Cap, Game, GameCaps, GameInfo, Limit, PageModule, QueryError, QueryOptions, Registration,
    answer_limit, only_position, to_json,
};

/// `--pawn-max-free-cells`: most free cells of a board.
pub const MAX_FREE_CELLS: Cap = Cap {
    flag: "pawn-max-free-cells",
    value_name: "PAWN_MAX_FREE_CELLS",
    help: "pawn-retrograde: most free cells of a board (422 beyond)",
    default: 256,
};

/// `--pawn-max-answer-bytes`: the largest serialized answer, in bytes.
pub const MAX_ANSWER_BYTES: Cap = Cap {
    flag: "pawn-max-answer-bytes",
    value_name: "PAWN_MAX_ANSWER_BYTES",
    help: "pawn-retrograde: largest answer, in bytes (507 beyond)",
    default: 1 << 20,
};

/// The game's caps, how it is built from their values, and its module of the page (its line in
/// the list of the games).
pub const REGISTRATION: Registration = Registration {
    size_caps: &[MAX_FREE_CELLS],
    answer_cap: MAX_ANSWER_BYTES,
    build,
    page_module: PageModule { file: "pawn.js", source: include_bytes!("../../assets/pawn.js") },
};

/// The game with the values of its caps in `caps`.
fn build(caps: &GameCaps) -> Arc<dyn Game> {
    Arc::new(Pawn::new(caps.get(&MAX_FREE_CELLS)).with_max_answer_bytes(caps.bytes(&MAX_ANSWER_BYTES)))
}

/// What `max_free_cells` limits, with the text format's own limit read from the solver.
static FREE_CELLS_MEANING: LazyLock<String> = LazyLock::new(|| {
    format!(
        "free cells of the board (not `#`); the text format itself allows n*m <= {}",
        pawn_retrograde::board::MAX_CELLS
    )
});

/// The pawn game's name, as its reports spell it.
pub const NAME: &str = "pawn-retrograde";

/// Most free cells of a cheap query ([`Game::is_light`]: about a millisecond).
pub const LIGHT_FREE_CELLS: u64 = 64;

/// The pawn game with a cap on its free cells.
#[derive(Debug, Clone)]
pub struct Pawn {
    max_free_cells: u64,
    max_answer_bytes: usize,
}

impl Pawn {
    /// The game, refusing boards with more than `max_free_cells` free cells.
    pub fn new(max_free_cells: u64) -> Pawn {
        Pawn { max_free_cells, max_answer_bytes: MAX_ANSWER_BYTES.default as usize }
    }

    /// The same game with answers of at most `max_answer_bytes` bytes ([`Game::max_answer_bytes`]).
    pub fn with_max_answer_bytes(self, max_answer_bytes: usize) -> Pawn {
        Pawn { max_answer_bytes, ..self }
    }
}

impl Game for Pawn {
    fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "Pawn race (pawn-retrograde)",
            sides: ["red", "black"],
            limits: vec![
                Limit {
                    name: "max_free_cells",
                    value: self.max_free_cells,
                    meaning: FREE_CELLS_MEANING.as_str(),
                },
                answer_limit(self.max_answer_bytes),
            ],
            options: Vec::new(),
            example: "playground 1\n5 4 red\n....\n.#..\n..X.\n....\nO..O\n",
            available: true,
            views: vec![super::ANALYZE],
        }
    }

    /// At most [`LIGHT_FREE_CELLS`] free cells.
    fn is_light(&self, position: &str, _options: &QueryOptions) -> bool {
        parse_positions(position.as_bytes()).map_or(true, |p| {
            p.iter().map(|p| p.board().open().len() as u64).sum::<u64>() <= LIGHT_FREE_CELLS
        })
    }

    /// `pawn-retrograde query --json`: [`parse_positions`], then [`query()`], which checks
    /// `cancel` before each level of its retrograde pass.
    fn query(
        &self,
        position: &str,
        _options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let position = self.position(position)?;
        let report =
            query(&position, &pawn_retrograde::QueryOptions { number: 1, stop: Some(cancel.flag()) })?;
        cancel.check()?;
        to_json(&report)
    }

    /// `analyze`: the object `pawn-retrograde analyze --json` prints for the board of the position
    /// ([`census_until_stopped`]: one complete solve and a breadth-first search, which check
    /// `cancel` before each level), under the free-cell cap of a query.
    fn view(
        &self,
        name: &str,
        position: &str,
        _options: &QueryOptions,
        cancel: &Cancel,
    ) -> Option<Result<serde_json::Value, QueryError>> {
        (name == super::ANALYZE).then(|| {
            cancel.check()?;
            let position = self.position(position)?;
            let census = census_until_stopped(position.board(), 1, Some(cancel.flag()))?;
            cancel.check()?;
            to_json(&census)
        })
    }
}

impl Pawn {
    /// The one position of a query text, within the free-cell cap (checked before solving).
    fn position(&self, text: &str) -> Result<Position, QueryError> {
        let position = only_position(parse_positions(text.as_bytes()))?;
        let free = position.board().open().len() as u64;
        if free > self.max_free_cells {
            return Err(QueryError::TooLarge(format!(
                "the board has {free} free cells, more than this server's cap of {} (--pawn-max-free-cells)",
                self.max_free_cells
            )));
        }
        Ok(position)
    }
}
