//! edmonds-blossom's king game: every call into the `edmonds_blossom` library.

use std::sync::Arc;

use edmonds_blossom::query::{KingMoves, Position, parse_positions, query};
use edmonds_blossom::report::json::OutcomeGridJson;
use edmonds_blossom::{Board, BoardAnalysis, parse_boards};

use super::{
    Cancel, Cap, Game, GameCaps, GameInfo, GameOption, Limit, PageModule, QueryError, QueryOptions,
    Registration, answer_limit, only_position, to_json,
};

/// `--king-max-cells`: most cells of a board.
pub const MAX_CELLS: Cap = Cap {
    flag: "king-max-cells",
    value_name: "KING_MAX_CELLS",
    help: "edmonds-blossom: most cells of a king board (422 beyond)",
    default: 250_000,
};

/// `--king-max-answer-bytes`: the largest serialized answer, in bytes.
pub const MAX_ANSWER_BYTES: Cap = Cap {
    flag: "king-max-answer-bytes",
    value_name: "KING_MAX_ANSWER_BYTES",
    help: "edmonds-blossom: largest answer, query or all-starts, in bytes (507 beyond; all-starts sends about one byte a cell)",
    default: 2 << 20,
};

/// The game's caps, how it is built from their values, and its module of the page (its line in
/// the list of the games).
pub const REGISTRATION: Registration = Registration {
    size_caps: &[MAX_CELLS],
    answer_cap: MAX_ANSWER_BYTES,
    build,
    page_module: PageModule { file: "king.js", source: include_bytes!("../../assets/king.js") },
};

/// The game with the values of its caps in `caps`.
fn build(caps: &GameCaps) -> Arc<dyn Game> {
    Arc::new(King::new(caps.get(&MAX_CELLS)).with_max_answer_bytes(caps.bytes(&MAX_ANSWER_BYTES)))
}

/// The king game's name, as its reports spell it.
pub const NAME: &str = "edmonds-blossom";

/// Most cells of a cheap query ([`Game::is_light`]: 100x100).
pub const LIGHT_CELLS: u64 = 10_000;

/// The king game with a cap on its board's cells.
#[derive(Debug, Clone)]
pub struct King {
    max_cells: u64,
    max_answer_bytes: usize,
}

impl King {
    /// The game, refusing boards with more than `max_cells` cells.
    pub fn new(max_cells: u64) -> King {
        King { max_cells, max_answer_bytes: MAX_ANSWER_BYTES.default as usize }
    }

    /// The same game with answers of at most `max_answer_bytes` bytes ([`Game::max_answer_bytes`]).
    pub fn with_max_answer_bytes(self, max_answer_bytes: usize) -> King {
        King { max_answer_bytes, ..self }
    }
}

impl Game for King {
    fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: NAME,
            title: "No-revisit king (edmonds-blossom)",
            sides: ["first", "second"],
            limits: vec![
                Limit {
                    name: "max_cells",
                    value: self.max_cells,
                    meaning: "cells of the board (rows x columns)",
                },
                answer_limit(self.max_answer_bytes),
            ],
            options: vec![GameOption { name: "moves", values: vec!["king20", "orth4"], default: "king20" }],
            example: "1\n4 5\nK....\n.#...\n...#.\n.....\n",
            available: true,
            views: vec!["all-starts", super::ANALYZE],
        }
    }

    /// At most [`LIGHT_CELLS`] cells.
    fn is_light(&self, position: &str, _options: &QueryOptions) -> bool {
        parse_positions(position.as_bytes()).map_or(true, |p| {
            p.iter().map(|p| (p.dims().rows * p.dims().cols) as u64).sum::<u64>() <= LIGHT_CELLS
        })
    }

    /// `edmonds-blossom query --json [--moves M]`: [`parse_positions`], then [`query`] (one matching
    /// and one decomposition; the cell cap keeps it short), which checks `cancel` between its
    /// steps. Parsing is linear in the text, which the body cap bounds; the cell cap is checked
    /// before solving.
    fn query(
        &self,
        position: &str,
        options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        let moves = move_set(options)?;
        let position = self.position(position)?;
        let options = edmonds_blossom::QueryOptions { number: 1, moves, stop: Some(cancel.flag()) };
        let report = query(&position, &options).map_err(king_error)?;
        cancel.check()?;
        to_json(&report)
    }

    /// `all-starts` and `analyze`: the objects `edmonds-blossom all-starts --json` and `edmonds-blossom
    /// analyze --json` print for the board that is left (the visited cells `o` blocked, the king's
    /// cell free): every free cell as a start for the side to move. One matching and one
    /// decomposition, like a query.
    fn view(
        &self,
        name: &str,
        position: &str,
        options: &QueryOptions,
        cancel: &Cancel,
    ) -> Option<Result<serde_json::Value, QueryError>> {
        let view = match name {
            "all-starts" => View::AllStarts,
            super::ANALYZE => View::Analyze,
            _ => return None,
        };
        Some(self.answer(view, position, options, cancel))
    }
}

impl King {
    /// The answer of the view `view` of `position`.
    fn answer(
        &self,
        view: View,
        position: &str,
        options: &QueryOptions,
        cancel: &Cancel,
    ) -> Result<serde_json::Value, QueryError> {
        cancel.check()?;
        let moves = move_set(options)?;
        let board = self.board_left(position)?;
        let stop = Some(cancel.flag());
        let answer = match view {
            View::AllStarts => {
                let analysis = BoardAnalysis::until_stopped(&board, moves.set(), stop).map_err(king_error)?;
                to_json(&OutcomeGridJson::new(1, &analysis, moves.name()))
            }
            View::Analyze => {
                let analysis = edmonds_blossom::king::analyze::analyze_until_stopped(&board, moves, 1, stop)
                    .map_err(king_error)?;
                to_json(&analysis)
            }
        };
        cancel.check()?;
        answer
    }
}

/// The king game's views of a position.
#[derive(Debug, Clone, Copy)]
enum View {
    /// `all-starts`: the object `edmonds-blossom all-starts --json` prints.
    AllStarts,
    /// `analyze`: the object `edmonds-blossom analyze --json` prints.
    Analyze,
}

/// A failed matching: cancelled, or an engine bug.
fn king_error(e: edmonds_blossom::QueryError) -> QueryError {
    match e {
        edmonds_blossom::QueryError::Stopped(_) => QueryError::Cancelled,
        edmonds_blossom::QueryError::NotMaximum(e) => QueryError::Internal(e.to_string()),
    }
}

impl King {
    /// The board that is left of a position, in the board format that `all-starts` and `analyze`
    /// read: the visited cells `o` blocked, the king's cell free.
    fn board_left(&self, text: &str) -> Result<Board, QueryError> {
        let position = self.position(text)?;
        let dims = position.dims();
        let rows: Vec<String> = position.rows().iter().map(|row| row.replace('o', "#")).collect();
        let text = format!("1\n{} {}\n{}\n", dims.rows, dims.cols, rows.join("\n"));
        let mut boards = parse_boards(text.as_bytes()).map_err(|e| QueryError::Internal(e.to_string()))?;
        Ok(boards.remove(0))
    }
}

impl King {
    /// The one position of a query text, within the cell cap. Parsing is linear in the text,
    /// which the body cap bounds; the cap is checked before solving.
    fn position(&self, text: &str) -> Result<Position, QueryError> {
        let position = only_position(parse_positions(text.as_bytes()))?;
        let dims = position.dims();
        let cells = (dims.rows * dims.cols) as u64;
        if cells > self.max_cells {
            return Err(QueryError::TooLarge(format!(
                "a {}x{} board has {cells} cells, more than this server's cap of {} (--king-max-cells)",
                dims.rows, dims.cols, self.max_cells
            )));
        }
        Ok(position)
    }
}

/// The move set of a request: `king20` (default) or `orth4`.
fn move_set(options: &QueryOptions) -> Result<KingMoves, QueryError> {
    match options.moves.as_deref() {
        None | Some("king20") => Ok(KingMoves::King20),
        Some("orth4") => Ok(KingMoves::Orth4),
        Some(other) => {
            let shown: String =
                other.chars().take(20).map(|c| if c.is_control() { '?' } else { c }).collect();
            Err(QueryError::Option(format!("unknown move set `{shown}`: king20 or orth4")))
        }
    }
}
