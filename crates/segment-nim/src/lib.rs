//! `segment-nim`: a linear-time exact solver for the sliding-pawn game on a circle.
//!
//! # The game
//! A circle of `n` fields (1..=n, clockwise = increasing, `n` followed by 1) holds white and black
//! pawns on distinct fields. White moves first. A move slides one of your pawns any positive
//! number of fields either way across empty fields only, stopping on an empty field. A player
//! without a move loses; play may also go on forever. Answer per board: `B` (white wins), `C`
//! (black wins), `R` (nobody can force a win).
//!
//! # The method (checked against a brute-force oracle on every board with n ≤ 8)
//! Pawns never pass each other, so the cyclic colour order never changes; only the empty fields
//! between pawns move. A *run* is a maximal block of same-coloured pawns in that order; its
//! *slack* is the number of empty fields between its first and last pawn; the *gap* after it is the
//! number of empty fields up to the next run. A *big run* has ≥ 2 pawns.
//! 0. Degenerate boards: the mover has no pawn, or the board is full → the mover loses; the other
//!    side has no pawn → the mover wins.
//! 1. No big run (single pawns alternating): a draw.
//! 2. All big runs of one colour: that colour wins, whoever moves (a move never changes runs).
//! 3. Otherwise, between consecutive big runs `p0`, `pk` lies a chain of single pawns
//!    `p1..p(k−1)` with gaps `l0..l(k−1)`. Same colour at both ends (`k` even): `p0..pk` merge into
//!    one segment of that colour with every pawn inside, *tight* iff it holds no empty field;
//!    merges chain. Different colours (`k` odd): each single is a segment of its own, the gaps
//!    `l0, l2, …, l(k−1)` are Nim heaps (*kept*), `l1, l3, …` are *dead*.
//! 4. Segments alternate in colour. A segment with ≥ 3 pawns is *safe* when not tight; when tight,
//!    each adjacent gap > 0 is a *threat* of its owner (a gap between two tight ≥ 3 segments is a
//!    threat of both).
//! 5. With X to move, Y the other side, `canX` = X has a safe segment or a threat: Y has a safe
//!    segment or ≥ 2 threats → draw if `canX`, else Y wins; Y has no threat → X wins if `canX`, else
//!    Nim (X wins iff the xor of the kept gaps is non-zero); Y has exactly one threat → X blocks it
//!    (the gap closes, leaves the xor, and X's blocking segment becomes safe if it has ≥ 3 pawns)
//!    and gets the negated value with Y to move, or takes the draw if `canX`, whichever is better.
//!
//! # Input, output, errors
//! The input is `t`, then per board `n w c`, the white and the black positions (token based; at
//! most 10^7 pawns per input, `n` ≤ 10^18). Boards are read one at a time (one board held in
//! memory); the answers are written once the whole input is read, so an input with an error gets
//! nothing on the output, only the error `line L, column C: message`. `--explain` writes a text
//! report per board; `--json` writes one JSON object per line (JSON Lines) in the report model of `grid_core::report` (docs/REPORT.md): the
//! start position with white to move, every move's value, and the `--explain` analysis.
//!
//! # `query` and `play`
//! `cli::run_query` (feature `cli`) reads positions in the same format, where the header `n w c` may be followed by
//! the side to move (`white`, the default, or `black`), and reports each one's value and every
//! legal move's value (win/lose/draw, no remoteness: the method does not give one), board by
//! board like the default mode. Moves are `17 cw 3` (pawn's field, direction, distance) and are
//! reported as maximal ranges of distances with one value (`17 cw 1-40`). [`query::analysis`]
//! explains how each move's value is an O(1) update of the board's facts, so a query is O(m) for
//! any `n`.
//! [`play`] is the `PlayGame` of `grid_core::cli::play`.
//!
//! # `analyze`
//! [`analyze()`] counts every placement of white and black pawns on a circle of up to
//! [`MAX_ANALYZE_FIELDS`] fields, white to move, by answer for each pair (white pawns, black
//! pawns), and once more up to rotation and reflection of the circle: the smallest placement of
//! each dihedral orbit is solved once (in parallel, one reused board per worker) and counted once
//! in the canonical table and as often as its orbit has placements in the full one.
//!
//! # Example
//!
//! Read positions and ask for one's value and every move's, or stream the judge's answers:
//!
//! ```
//! use segment_nim::{Board, BoardReader, Colour, Eval, QueryOptions, parse_positions, query, solve};
//!
//! // t = 1 board: `n w c` and the side to move, then the white and the black positions. One pawn
//! // each on a circle of 4 fields: nobody can ever be stuck, so it is a draw.
//! let positions = parse_positions(b"1\n4 1 1 black\n1\n3\n")?;
//! let report = query(&positions[0], &QueryOptions::default())?;
//! assert_eq!((report.to_move, report.eval), ("black", Eval::DRAW));
//! // Every move, as ranges of distances with one value, best first.
//! assert_eq!(report.detail.legal_moves, 2);
//! assert!(report.moves.iter().all(|range| range.eval == Eval::DRAW));
//!
//! // The default input (no side to move: white moves first), streamed one board at a time.
//! let mut reader = BoardReader::new(b"2\n5 1 1\n1\n3\n9 2 2\n1 2\n5 6\n")?;
//! let mut board = Board::default();
//! let mut letters = String::new();
//! while reader.read_into(&mut board)? {
//!     letters.push(solve(&board, Colour::White).answer().letter() as char);
//! }
//! // B: white wins; R: nobody can force a win (C would be black).
//! assert_eq!(letters, "RB");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Complexity and design
//! Linear time, and 8 bytes of memory a pawn for the one board held at a time:
//! - `parse` ([`BoardReader`]) streams boards out of the input bytes (`grid_core::Scanner`: no allocation per
//!   token, no line counting unless an error is reported), merging the white and black lists into
//!   one array while reading ([`board`] documents the encoding
//!   `position << 1 | colour`);
//! - [`structure`] applies rules 1–4 in three sweeps over that array, never storing runs or
//!   segments, and folds the segments into [`structure::Facts`] (safe segments, threats, xor);
//! - `rules` ([`solve`]) is rule 5 and the degenerate cases, for either side to move;
//! - `winning` ([`winning_move`]) finds a winning first move for white from the deciding rule and confirms it by
//!   re-solving the position after it with black to move;
//! - [`report`] and [`render`] are `--explain` and `--json`; `cli` (feature `cli`) holds the
//!   runners of the binary's modes, each driving a whole input;
//! - [`query()`] values every move of any position ([`parse_positions`] reads them), [`play`]
//!   plays against a person;
//! - [`mod@analyze`] counts every placement of a small circle ([`analyze::circle`] holds the
//!   placements as bit masks and the circle's symmetry), [`analyze::text`] prints its tables.

pub mod analyze;
pub mod board;
#[cfg(feature = "cli")]
pub mod cli;
mod parse;
pub mod play;
pub mod query;
pub mod render;
pub mod report;
mod rules;
pub mod structure;
mod winning;

pub use analyze::{Analysis, AnalyzeError, MAX_ANALYZE_FIELDS, analyze, analyze_until_stopped};
pub use board::{Board, Colour};
pub use grid_core::report::{Cell, Eval, MoveReport, PositionReport, Value};
pub use grid_core::{InputError, Stopped};
pub use parse::{BoardReader, parse_positions};
pub use query::{Position, QueryOptions, Report, query};
pub use rules::{Answer, Outcome, Rule, Verdict, solve};
pub use winning::{Move, winning_move};

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
