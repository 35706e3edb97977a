//! lattice-dp: every call into the `lattice_dp` library.

use std::sync::Arc;

use lattice_dp::analyze::{AnalyzeOptions, analyze};
use lattice_dp::{Position, SolveError, parse_positions, query, state_count};

use super::{
    Cancel, Cap, Game, GameCaps, GameInfo, Limit, PageModule, QueryError, QueryOptions, Registration,
    answer_limit, only_position, to_json,
};

/// `--lattice-max-work`: most work of a solve ([`work`]: states times moves, plus tables).
pub const MAX_WORK: Cap = Cap {
    flag: "lattice-max-work",
    value_name: "LATTICE_MAX_WORK",
    help: "lattice-dp: most work of a solve, states C(n+m, n) times min(n, m) plus 16 h 2^h for its tables, h = (n+m)/2 rounded up (422 beyond; the default admits 14x14 and 1x39, not 15x15)",
    default: 600_000_000,
};

/// `--lattice-max-answer-bytes`: the largest serialized answer, in bytes.
pub const MAX_ANSWER_BYTES: Cap = Cap {
    flag: "lattice-max-answer-bytes",
    value_name: "LATTICE_MAX_ANSWER_BYTES",
    help: "lattice-dp: largest answer, in bytes (507 beyond)",
    default: 64 << 10,
};

/// The game's caps, how it is built from their values, and its module of the page (its line in
/// the list of the games).
pub const REGISTRATION: Registration = Registration {
    size_caps: &[MAX_WORK],
    answer_cap: MAX_ANSWER_BYTES,
    build,
    page_module: PageModule { file: "lattice.js", source: include_bytes!("../../assets/lattice.js") },
};

/// The game with the values of its caps in `caps`.
fn build(caps: &GameCaps) -> Arc<dyn Game> {
    Arc::new(Lattice::new(caps.get(&MAX_WORK)).with_max_answer_bytes(caps.bytes(&MAX_ANSWER_BYTES)))
}

/// The lattice game's name, as its reports spell it.
pub const NAME: &str = "lattice-dp";

/// The cost of one solve of an `n` × `m` board, in work units: every state times its most moves,
/// `C(n+m, n) · min(n, m)`, plus the tables the solver builds over the half paths of the board's
/// boundary, `16 · h · 2^h` with `h = ⌈(n+m)/2⌉` (a long thin board has few states but large
/// tables: 1x39, 40 states, solves in about two thirds of the time of 14x14, 4.0e7 states). The
/// weight 16 is calibrated on those two boards. Saturates at `u64::MAX`.
pub fn work(n: usize, m: usize) -> u64 {
    let states = state_count(n, m);
    let half = (n + m).div_ceil(2) as u32;
    let tables = 1u64.checked_shl(half).unwrap_or(u64::MAX).saturating_mul(16 * u64::from(half));
    states.saturating_mul(n.min(m) as u64).saturating_add(tables)
}

/// Most work of a cheap query ([`Game::is_light`]: a few milliseconds; 10x10 costs 2.0e6).
pub const LIGHT_WORK: u64 = 10_000_000;

/// The lattice game with a cap on the work of a solve ([`work`]).
#[derive(Debug, Clone)]
pub struct Lattice {
    max_work: u64,
    max_answer_bytes: usize,
}

impl Lattice {
    /// The game, refusing boards whose solve costs more than `max_work` units ([`work`]).
    pub fn new(max_work: u64) -> Lattice {
        Lattice { max_work, max_answer_bytes: MAX_ANSWER_BYTES.default as usize }
    }

    /// The same game with answers of at most `max_answer_bytes` bytes ([`Game::max_answer_bytes`]).
    pub fn with_max_answer_bytes(self, max_answer_bytes: usize) -> Lattice {
        Lattice { max_answer_bytes, ..self }
    }
}

impl Game for Lattice {
    fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "Staircase cell taking (lattice-dp)",
            sides: ["first", "second"],
            limits: vec![
                Limit {
                    name: "max_work",
                    value: self.max_work,
                    meaning: "work of a solve: states C(n+m, n) times min(n, m), plus 16 h 2^h for the tables, \
                          h = (n+m)/2 rounded up (12x12: 3.3e7, 14x14: 5.6e8, 1x39: 3.4e8, 15x15: 2.3e9)",
                },
                answer_limit(self.max_answer_bytes),
            ],
            options: Vec::new(),
            example: "3 4\n3 1 4 1\n5 9 2 6\n5 3 5 8\n2 7 1 8\n2 8 1 8\n2 8 4 5\n",
            available: true,
            views: vec![super::ANALYZE],
        }
    }

    /// At most [`LIGHT_WORK`] units of [`work`].
    fn is_light(&self, position: &str, _options: &QueryOptions) -> bool {
        parse_positions(position.as_bytes()).map_or(true, |p| {
            p.iter().map(|p| work(p.board().rows(), p.board().cols())).fold(0, u64::saturating_add)
                <= LIGHT_WORK
        })
    }

    /// `lattice-dp query --json` without its `pv`: [`parse_positions`], then [`query()`]. The solve reports its
    /// progress once per layer (passed on to [`Cancel::set_progress`]) and checks `cancel` before
    /// each layer.
    fn query(
        &self,
        position: &str,
        _options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let position = self.position(position)?;
        let progress =
            |progress: lattice_dp::Progress| cancel.set_progress(progress.done as u64, progress.total as u64);
        // No `pv`: its recorded best steps would add a byte per state to the server's memory.
        let options = lattice_dp::QueryOptions {
            number: 1,
            progress: Some(&progress),
            stop: Some(cancel.flag()),
            line: lattice_dp::Line::Omit,
        };
        let report = query(&position, &options)?;
        cancel.check()?;
        to_json(&report)
    }

    /// `analyze`: the object `lattice-dp analyze --json` prints for the board of the position (its
    /// taken cells aside): [`analyze()`], one sweep with the optimal game that counts every state,
    /// under the work cap of a query; progress and `cancel` per layer, as a query.
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
            let options =
                AnalyzeOptions { number: 1, stop: Some(cancel.flag()), ..AnalyzeOptions::default() };
            let mut progress = |progress: lattice_dp::Progress| {
                cancel.set_progress(progress.done as u64, progress.total as u64)
            };
            let analysis = analyze(position.board(), &options, &mut progress).map_err(|e| match e {
                SolveError::Interrupted { .. } => QueryError::Cancelled,
                SolveError::TooLarge { .. } => QueryError::TooLarge(e.to_string()),
                other => QueryError::Internal(other.to_string()),
            })?;
            cancel.check()?;
            to_json(&analysis)
        })
    }
}

impl Lattice {
    /// The one position of a query text, within the work cap (checked before solving).
    fn position(&self, text: &str) -> Result<Position, QueryError> {
        let position = only_position(parse_positions(text.as_bytes()))?;
        let (n, m) = (position.board().rows(), position.board().cols());
        let work = work(n, m);
        if work > self.max_work {
            return Err(QueryError::TooLarge(format!(
                "a {n}x{m} board has {} states and costs {work} units of work, more than this server's cap of {} \
                 (--lattice-max-work)",
                state_count(n, m),
                self.max_work
            )));
        }
        Ok(position)
    }
}
