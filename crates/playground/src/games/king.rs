//! edmonds-blossom's king game: every call into the `edmonds_blossom` library.

use super::{Cancel, Game, GameInfo, GameOption, Limit, QueryError, QueryOptions};

/// The king game's name, as its reports spell it.
pub const NAME: &str = "edmonds-blossom";

/// The king game with a cap on its board's cells.
#[derive(Debug, Clone)]
pub struct King {
    max_cells: u64,
}

impl King {
    /// The game, refusing boards with more than `max_cells` cells.
    pub fn new(max_cells: u64) -> King {
        King { max_cells }
    }
}

impl Game for King {
    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "No-revisit king (edmonds-blossom)",
            sides: ["first", "second"],
            limits: vec![Limit {
                name: "max_cells",
                value: self.max_cells,
                meaning: "cells of the board (rows x columns)",
            }],
            options: vec![GameOption { name: "moves", values: vec!["king20", "orth4"], default: "king20" }],
            example: "1\n4 5\nK....\n.#...\n...#.\n.....\n",
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
