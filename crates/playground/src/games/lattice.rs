//! lattice-dp: every call into the `lattice_dp` library.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

use lattice_dp::{parse_positions, query, state_count};

use super::{Cancel, Game, GameInfo, Limit, QueryError, QueryOptions, one_position, to_json};

/// The payload of the unwind that stops a cancelled solve at its next progress report.
struct Cancelled;

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
            available: true,
            views: Vec::new(),
        }
    }

    /// `lattice-dp query --json`: [`parse_positions`], then [`query::query`]. The solve reports its
    /// progress once per layer (passed on to [`Cancel::set_progress`]); when `cancel` is set, that
    /// report unwinds out of the solve with a private payload ([`resume_unwind`] runs no panic
    /// hook), which is caught here: the layers are plain owned buffers, dropped on the way out.
    fn query(
        &self,
        position: &str,
        _options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let positions = parse_positions(position.as_bytes()).map_err(|e| QueryError::Input(e.to_string()))?;
        let [position] = positions.as_slice() else { return Err(one_position(positions.len())) };
        let (n, m) = (position.board().rows(), position.board().cols());
        let states = state_count(n, m);
        if states > self.max_states {
            return Err(QueryError::TooLarge(format!(
                "a {n}x{m} board has {states} states, more than this server's cap of {} (--lattice-max-states)",
                self.max_states
            )));
        }
        let solve = catch_unwind(AssertUnwindSafe(|| {
            query::query(position, 1, &mut |progress| {
                cancel.set_progress(progress.done as u64, progress.total as u64);
                if cancel.is_cancelled() {
                    resume_unwind(Box::new(Cancelled));
                }
            })
        }));
        match solve {
            Ok(report) => to_json(&report),
            Err(payload) if payload.is::<Cancelled>() => Err(QueryError::Cancelled),
            Err(payload) => resume_unwind(payload),
        }
    }
}
