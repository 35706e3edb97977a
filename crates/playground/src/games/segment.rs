//! segment-nim: every call into the `segment_nim` library.

use super::{Cancel, Game, GameInfo, Limit, QueryError, QueryOptions};

/// The segment game's name, as its reports spell it.
pub const NAME: &str = "segment-nim";

/// The segment game with a cap on its pawns.
#[derive(Debug, Clone)]
pub struct Segment {
    max_pawns: u64,
}

impl Segment {
    /// The game, refusing boards with more than `max_pawns` pawns.
    pub fn new(max_pawns: u64) -> Segment {
        Segment { max_pawns }
    }
}

impl Game for Segment {
    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "Pawns on a circle (segment-nim)",
            sides: ["white", "black"],
            limits: vec![Limit {
                name: "max_pawns",
                value: self.max_pawns,
                meaning: "pawns on the circle (the solve is linear in them; n may be up to 10^18)",
            }],
            options: Vec::new(),
            example: "1\n12 3 3 white\n1 2 7\n4 5 10\n",
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
