//! lattice-dp: every call into the `lattice_dp` library.

use super::{Cancel, Game, GameInfo, Limit, QueryError, QueryOptions};

/// The lattice game's name, as its reports spell it.
pub const NAME: &str = "lattice-dp";

/// The lattice game with a cap on its state count.
#[derive(Debug, Clone)]
pub struct Lattice {
    max_states: u64,
}

impl Lattice {
    /// The game, refusing boards with more than `max_states` states C(n+m, n).
    pub fn new(max_states: u64) -> Lattice {
        Lattice { max_states }
    }
}

impl Game for Lattice {
    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "Staircase cell taking (lattice-dp)",
            sides: ["first", "second"],
            limits: vec![Limit {
                name: "max_states",
                value: self.max_states,
                meaning: "states C(n+m, n) of an n x m board (12x12: 2.7e6, 14x14: 4.0e7, 15x15: 1.55e8, 16x16: 6.0e8)",
            }],
            options: Vec::new(),
            example: "3 4\n3 1 4 1\n5 9 2 6\n5 3 5 8\n2 7 1 8\n2 8 1 8\n2 8 4 5\n",
            available: false,
            views: Vec::new(),
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
