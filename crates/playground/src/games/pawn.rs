//! pawn-retrograde: every call into the `pawn_retrograde` library.

use super::{Cancel, Game, GameInfo, Limit, QueryError, QueryOptions};

/// The pawn game's name, as its reports spell it.
pub const NAME: &str = "pawn-retrograde";

/// The pawn game with a cap on its free cells.
#[derive(Debug, Clone)]
pub struct Pawn {
    max_free_cells: u64,
}

impl Pawn {
    /// The game, refusing boards with more than `max_free_cells` free cells.
    pub fn new(max_free_cells: u64) -> Pawn {
        Pawn { max_free_cells }
    }
}

impl Game for Pawn {
    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "Pawn race (pawn-retrograde)",
            sides: ["red", "black"],
            limits: vec![Limit {
                name: "max_free_cells",
                value: self.max_free_cells,
                meaning: "free cells of the board (not `#`); the text format allows n*m <= 256",
            }],
            options: Vec::new(),
            example: "playground 1\n5 4 red\n....\n.#..\n..X.\n....\nO..O\n",
            available: false,
        }
    }

    fn query(
        &self,
        _position: &str,
        _options: &QueryOptions,
        _cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        Err(QueryError::Unavailable(format!("{NAME}: the query API is not available in this build yet")))
    }
}
