//! edmonds-blossom's king game: every call into the `edmonds_blossom` library.

use edmonds_blossom::query::{KingMoves, parse_positions, query};

use super::{Cancel, Game, GameInfo, GameOption, Limit, QueryError, QueryOptions, one_position, to_json};

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
            available: true,
        }
    }

    /// `edmonds-blossom query --json [--moves M]`: [`parse_positions`], then [`query`] (one matching
    /// and one decomposition; the cell cap keeps it short). Parsing is linear in the text, which the
    /// body cap bounds; the cell cap is checked before solving.
    fn query(
        &self,
        position: &str,
        options: &QueryOptions,
        _cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let moves = match options.moves.as_deref() {
            None | Some("king20") => KingMoves::King20,
            Some("orth4") => KingMoves::Orth4,
            Some(other) => {
                let shown: String =
                    other.chars().take(20).map(|c| if c.is_control() { '?' } else { c }).collect();
                return Err(QueryError::Option(format!("unknown move set `{shown}`: king20 or orth4")));
            }
        };
        let positions = parse_positions(position.as_bytes()).map_err(|e| QueryError::Input(e.to_string()))?;
        let [position] = positions.as_slice() else { return Err(one_position(positions.len())) };
        let dims = position.dims();
        let cells = (dims.rows * dims.cols) as u64;
        if cells > self.max_cells {
            return Err(QueryError::TooLarge(format!(
                "a {}x{} board has {cells} cells, more than this server's cap of {} (--king-max-cells)",
                dims.rows, dims.cols, self.max_cells
            )));
        }
        let report = query(position, moves, 1).map_err(|e| QueryError::Internal(e.to_string()))?;
        to_json(&report)
    }
}
