//! segment-nim: every call into the `segment_nim` library.

use std::sync::Arc;

use segment_nim::analyze::{AnalyzeError, analyze_until_stopped};
use segment_nim::query::solve_query_until_stopped;
use segment_nim::{Board, BoardReader};

use super::{
    Cancel, Cap, Game, GameCaps, GameInfo, Limit, PageModule, QueryError, QueryOptions, Registration,
    answer_limit, one_position, to_json,
};

/// `--segment-max-pawns`: most pawns of a board.
pub const MAX_PAWNS: Cap = Cap {
    flag: "segment-max-pawns",
    value_name: "SEGMENT_MAX_PAWNS",
    help: "segment-nim: most pawns of a board (422 beyond)",
    default: 100_000,
};

/// `--segment-max-fields`: most fields of the circle of an analysis (3^N placements).
pub const MAX_FIELDS: Cap = Cap {
    flag: "segment-max-fields",
    value_name: "SEGMENT_MAX_FIELDS",
    help: "segment-nim: most fields of the circle of an analysis, 3^N placements (422 beyond)",
    default: 14,
};

/// `--segment-max-answer-bytes`: the largest serialized answer, in bytes.
pub const MAX_ANSWER_BYTES: Cap = Cap {
    flag: "segment-max-answer-bytes",
    value_name: "SEGMENT_MAX_ANSWER_BYTES",
    help: "segment-nim: largest answer, in bytes (507 beyond; 10^5 pawns answer 8-11 MB)",
    default: 16 << 20,
};

/// The game's caps, how it is built from their values, and its module of the page (its line in
/// the list of the games).
pub const REGISTRATION: Registration = Registration {
    size_caps: &[MAX_PAWNS, MAX_FIELDS],
    answer_cap: MAX_ANSWER_BYTES,
    build,
    page_module: PageModule { file: "segment.js", source: include_bytes!("../../assets/segment.js") },
};

/// The game with the values of its caps in `caps`.
fn build(caps: &GameCaps) -> Arc<dyn Game> {
    Arc::new(
        Segment::new(caps.get(&MAX_PAWNS))
            .with_max_fields(caps.get(&MAX_FIELDS))
            .with_max_answer_bytes(caps.bytes(&MAX_ANSWER_BYTES)),
    )
}

/// The segment game's name, as its reports spell it.
pub const NAME: &str = "segment-nim";

/// Most pawns of a cheap query ([`Game::is_light`]).
pub const LIGHT_PAWNS: u64 = 10_000;

/// Most fields of a cheap analysis ([`Game::is_light`]: 3^10 placements, a few milliseconds).
pub const LIGHT_FIELDS: u64 = 10;

/// The segment game with a cap on its pawns.
#[derive(Debug, Clone)]
pub struct Segment {
    max_pawns: u64,
    max_fields: u64,
    max_answer_bytes: usize,
}

impl Segment {
    /// The game, refusing boards with more than `max_pawns` pawns.
    pub fn new(max_pawns: u64) -> Segment {
        Segment {
            max_pawns,
            max_fields: MAX_FIELDS.default,
            max_answer_bytes: MAX_ANSWER_BYTES.default as usize,
        }
    }

    /// The same game with analyses of circles of at most `max_fields` fields.
    pub fn with_max_fields(self, max_fields: u64) -> Segment {
        Segment { max_fields, ..self }
    }

    /// The same game with answers of at most `max_answer_bytes` bytes ([`Game::max_answer_bytes`]).
    pub fn with_max_answer_bytes(self, max_answer_bytes: usize) -> Segment {
        Segment { max_answer_bytes, ..self }
    }
}

impl Game for Segment {
    fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "Pawns on a circle (segment-nim)",
            sides: ["white", "black"],
            limits: vec![
                Limit {
                    name: "max_pawns",
                    value: self.max_pawns,
                    meaning: "pawns on the circle (the solve is linear in them; n may be up to 10^18)",
                },
                answer_limit(self.max_answer_bytes),
                Limit {
                    name: "max_fields",
                    value: self.max_fields,
                    meaning: "fields of the circle of an analysis (3^N placements)",
                },
            ],
            options: Vec::new(),
            example: "1\n12 3 3 white\n1 2 7\n4 5 10\n",
            available: true,
            views: vec![super::ANALYZE],
        }
    }

    /// At most [`LIGHT_PAWNS`] pawns (a text that does not read is cheap too).
    fn is_light(&self, position: &str, options: &QueryOptions) -> bool {
        if let Some(fields) = options.fields {
            return fields <= LIGHT_FIELDS;
        }
        let Ok(mut reader) = BoardReader::new(position.as_bytes()) else { return true };
        let mut board = Board::default();
        let mut pawns = 0;
        while let Ok(Some(_)) = reader.read_query_into(&mut board) {
            pawns += board.len() as u64;
        }
        pawns <= LIGHT_PAWNS
    }

    /// `segment-nim query --json`: [`BoardReader::read_query_into`], then
    /// [`solve_query_until_stopped`] and its report (linear in the pawns, which the body cap already
    /// bounds; the pawn cap is checked after reading; `cancel` between the steps).
    fn query(
        &self,
        position: &str,
        _options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let input = |e: grid_core::InputError| QueryError::Input(e.to_string());
        let mut reader = BoardReader::new(position.as_bytes()).map_err(input)?;
        let mut board = Board::default();
        let Some(mover) = reader.read_query_into(&mut board).map_err(input)? else {
            return Err(one_position(0));
        };
        let mut rest = Board::default();
        if reader.read_query_into(&mut rest).map_err(input)?.is_some() {
            let mut count = 2;
            while reader.read_query_into(&mut rest).map_err(input)?.is_some() {
                count += 1;
            }
            return Err(one_position(count));
        }
        let pawns = board.len() as u64;
        if pawns > self.max_pawns {
            return Err(QueryError::TooLarge(format!(
                "the board has {pawns} pawns, more than this server's cap of {} (--segment-max-pawns)",
                self.max_pawns
            )));
        }
        let q = solve_query_until_stopped(&board, mover, Some(cancel.flag()))?;
        cancel.check()?;
        let fields = q.fields(&board);
        cancel.check()?;
        to_json(&q.report(1, fields))
    }

    /// `analyze` (`{"fields": N}`, no position): the object `segment-nim analyze --fields N --json`
    /// prints ([`analyze_until_stopped`], which checks `cancel` as it counts), for a circle of at
    /// most the server's `max_fields`.
    fn view(
        &self,
        name: &str,
        _position: &str,
        options: &QueryOptions,
        cancel: &Cancel,
    ) -> Option<Result<serde_json::Value, QueryError>> {
        (name == super::ANALYZE).then(|| {
            cancel.check()?;
            let Some(fields) = options.fields else {
                return Err(QueryError::Option("segment-nim's analyze reads `fields`, the size of the circle".into()));
            };
            if fields > self.max_fields {
                return Err(QueryError::TooLarge(format!(
                    "a circle of {fields} fields has 3^{fields} placements, more than this server's cap of {} fields \
                     (--segment-max-fields)",
                    self.max_fields
                )));
            }
            let fields = u32::try_from(fields).unwrap_or(u32::MAX);
            let analysis = analyze_until_stopped(fields, Some(cancel.flag())).map_err(|e| match e {
                AnalyzeError::Stopped(_) => QueryError::Cancelled,
                AnalyzeError::Fields(_) => QueryError::Option(e.to_string()),
            })?;
            cancel.check()?;
            to_json(&analysis)
        })
    }
}
