//! The analysis of one board for people (`--explain`) and programs (`--json`): one data model,
//! rendered as text by [`crate::render::text`] and as JSON by serde.

use serde::Serialize;

use crate::board::{Board, Colour};
use crate::query::Slide;
pub use crate::rules::describe;
use crate::rules::{Answer, Outcome, Rule, verdict};
use crate::structure::{self, Observer, Run, Segment, Shape, Threat};
use crate::winning::{Move, winning_move};

/// Boards with at most this many pawns get a winning move searched (and confirmed) when white wins.
pub const MAX_PAWNS_FOR_MOVE: usize = 2000;

/// A count per colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PerColour {
    /// White's count.
    pub white: u64,
    /// Black's count.
    pub black: u64,
}

/// Everything `--explain` and `--json` say about one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardReport {
    /// 1-based number of the board in the input (in JSON: the report model's `board`).
    #[serde(skip)]
    pub board: u64,
    /// Fields.
    pub n: u64,
    /// White pawns.
    pub white: usize,
    /// Black pawns.
    pub black: usize,
    /// The answer with white to move.
    pub answer: Answer,
    /// The rule that decided it (white to move).
    pub decided_by: Rule,
    /// That decision in words.
    pub explanation: String,
    /// The answer if black moved first instead.
    pub answer_black_first: Answer,
    /// The runs, clockwise (empty when a colour is missing).
    pub runs: Vec<Run>,
    /// The segments of rule 3, clockwise (only when both colours have big runs).
    pub segments: Vec<Segment>,
    /// Safe segments per colour.
    pub safe_segments: PerColour,
    /// The threats of rule 4.
    pub threats: Vec<Threat>,
    /// Xor of the kept gaps (only when both colours have big runs).
    pub nim_xor: Option<u64>,
    /// A confirmed winning first move for white, when the answer is `B` and it was searched.
    pub winning_move: Option<Move>,
    /// Whether a winning move was searched (answer `B` and at most 2000 pawns).
    pub winning_move_searched: bool,
    /// The winning move in the notation `play` accepts (`17 cw 3`).
    #[serde(skip)]
    pub winning_slide: Option<Slide>,
}

/// Collects segments and threats for a report.
#[derive(Default)]
struct Collector {
    segments: Vec<Segment>,
    threats: Vec<Threat>,
}

impl Observer for Collector {
    fn segment(&mut self, segment: &Segment) {
        self.segments.push(*segment);
    }

    fn threat(&mut self, threat: &Threat) {
        self.threats.push(*threat);
    }
}

/// The report on `board`, the `number`-th of the input.
pub fn report(board: &Board, number: u64) -> BoardReport {
    let mut collected = Collector::default();
    let shape = structure::analyse(board, &mut collected);
    let white_first = verdict(board, &shape, Colour::White);
    let black_first = verdict(board, &shape, Colour::Black);
    let (safe_segments, nim_xor) = match &shape {
        Shape::Contest(facts) => {
            let safe = |c: Colour| facts.side(c).safe_segments;
            (PerColour { white: safe(Colour::White), black: safe(Colour::Black) }, Some(facts.xor))
        }
        _ => (PerColour { white: 0, black: 0 }, None),
    };
    let searched = white_first.outcome == Outcome::Win && board.len() <= MAX_PAWNS_FOR_MOVE;
    let winning_move = if searched { winning_move(board) } else { None };
    BoardReport {
        board: number,
        n: board.n(),
        white: board.count(Colour::White),
        black: board.count(Colour::Black),
        answer: white_first.answer(),
        decided_by: white_first.rule,
        explanation: describe(white_first.rule, Colour::White),
        answer_black_first: black_first.answer(),
        runs: structure::runs(board).collect(),
        segments: collected.segments,
        safe_segments,
        threats: collected.threats,
        nim_xor,
        winning_move,
        winning_move_searched: searched,
        winning_slide: winning_move.map(|mv| mv.slide(board)),
    }
}

/// The game fields of a default-mode `--json` line: the analysis of [`BoardReport`] (the judge
/// answer as `answer`, the deciding rule, runs, segments, threats, Nim xor, a confirmed winning
/// move for white) and the number of white's legal moves; the line itself is a
/// `grid_core::report::PositionReport` of the start position, white to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JsonFields {
    /// The analysis.
    #[serde(flatten)]
    pub analysis: BoardReport,
    /// Number of white's legal moves (pawn, direction, distance).
    pub legal_moves: u64,
}
