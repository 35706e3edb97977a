//! The one report model that every solver's `query`, `play` and `--json` speak.
//!
//! # Conventions (all four games)
//!
//! - **Point of view.** A position's [`Eval`] is for the side to move. A move's [`Eval`] is what the
//!   move leads to *for the player who makes it*: a move into a position lost for the opponent in
//!   `r` moves is a win in `r + 1` ([`Eval::for_mover`]).
//! - **Values.** `win`, `lose` or `draw` ([`Value`]); a draw means nobody can force a win (the pawn
//!   game's `Tie`). The **remoteness** is the number of moves both sides still make under optimal
//!   play (the winner wins fastest, the loser loses slowest); it is absent for a draw, and absent
//!   where a game's method does not give it (the king game: its matching argument decides who wins,
//!   not how fast).
//! - **Scores.** The score game (lattice-dp) reports a `score` instead: the best (mover's future gain
//!   − opponent's future gain) from the position.
//! - **Order.** Moves are listed best first ([`Eval::best_first`]): wins by increasing remoteness,
//!   then draws, then losses by decreasing remoteness; scores descending. Equal moves keep the
//!   game's generation order (the sort is stable).
//! - **Coordinates** are 1-based `(row, column)` with row 1 at the top ([`Cell`]), in text and JSON.
//! - **JSON** is JSON Lines: one [`PositionReport`] object per board / case / query, in input order.
//!   The field table is in `docs/REPORT.md`.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::geometry::Pos;

/// The game-theoretic value of a position for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The side to move can force a win.
    Win,
    /// The opponent can force a win.
    Lose,
    /// Nobody can force a win.
    Draw,
}

impl Value {
    /// The same position seen by the other side.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// `win`, `lose` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Lose => "lose",
            Value::Draw => "draw",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a solver knows of a position (for the side to move) or of a move (for its mover).
///
/// JSON: `{"value": "win", "remoteness": 3}` (remoteness omitted when `None`) or `{"score": 7}`;
/// it is flattened into [`PositionReport`] and [`MoveReport`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Eval {
    /// A win/lose/draw game.
    Outcome {
        /// Win, lose or draw.
        value: Value,
        /// Moves both sides still make under optimal play; `None` for a draw or where the game's
        /// method does not give it.
        #[serde(skip_serializing_if = "Option::is_none")]
        remoteness: Option<u32>,
    },
    /// A score game: the best (mover's future gain − opponent's future gain).
    Score {
        /// The score difference.
        score: i64,
    },
}

impl Eval {
    /// A win in `remoteness` moves.
    pub const fn win(remoteness: u32) -> Eval {
        Eval::Outcome { value: Value::Win, remoteness: Some(remoteness) }
    }

    /// A loss in `remoteness` moves.
    pub const fn lose(remoteness: u32) -> Eval {
        Eval::Outcome { value: Value::Lose, remoteness: Some(remoteness) }
    }

    /// A draw.
    pub const DRAW: Eval = Eval::Outcome { value: Value::Draw, remoteness: None };

    /// A value without a remoteness (for games whose method does not give one).
    pub const fn value_only(value: Value) -> Eval {
        Eval::Outcome { value, remoteness: None }
    }

    /// A score difference.
    pub const fn score(score: i64) -> Eval {
        Eval::Score { score }
    }

    /// The value, for a win/lose/draw game.
    pub fn value(self) -> Option<Value> {
        match self {
            Eval::Outcome { value, .. } => Some(value),
            Eval::Score { .. } => None,
        }
    }

    /// The remoteness, when known.
    pub fn remoteness(self) -> Option<u32> {
        match self {
            Eval::Outcome { remoteness, .. } => remoteness,
            Eval::Score { .. } => None,
        }
    }

    /// What a move is worth to its mover when it leads to a position worth `self` to the opponent
    /// (the side to move there) and earns the mover `gain` points on the way (0 for win/lose/draw
    /// games): the value flips, the remoteness grows by one, the score becomes `gain − score`.
    pub fn for_mover(self, gain: i64) -> Eval {
        match self {
            Eval::Outcome { value, remoteness } => {
                Eval::Outcome { value: value.flip(), remoteness: remoteness.map(|r| r + 1) }
            }
            Eval::Score { score } => Eval::Score { score: gain - score },
        }
    }

    /// A total order, greatest = best for the player it belongs to: wins (faster is better), then
    /// draws, then losses (slower is better); scores by size. A win or loss without remoteness
    /// ranks as the slowest win / fastest loss of its kind would not matter: it compares equal to
    /// other wins (losses) without remoteness. Outcomes and scores never meet in one game.
    fn rank(self) -> (i64, i64) {
        match self {
            Eval::Outcome { value: Value::Win, remoteness } => (2, -i64::from(remoteness.unwrap_or(0))),
            Eval::Outcome { value: Value::Draw, .. } => (1, 0),
            Eval::Outcome { value: Value::Lose, remoteness } => (0, i64::from(remoteness.unwrap_or(0))),
            Eval::Score { score } => (0, score),
        }
    }

    /// Compares two evals of moves (or positions) for the same player: `Less` when `self` is the
    /// better one, so that sorting with it puts the best first.
    pub fn best_first(&self, other: &Eval) -> Ordering {
        other.rank().cmp(&self.rank())
    }

    /// The best of `evals` for the player they belong to (`None` when empty): the value of a
    /// position is the best of its moves' values.
    pub fn best(evals: impl IntoIterator<Item = Eval>) -> Option<Eval> {
        evals.into_iter().min_by(|a, b| a.best_first(b))
    }
}

impl fmt::Display for Eval {
    /// `win in 3`, `lose in 4`, `win` (no remoteness), `draw`, `score 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Outcome { value, remoteness: Some(r) } if value != Value::Draw => {
                write!(f, "{value} in {r}")
            }
            Eval::Outcome { value, .. } => write!(f, "{value}"),
            Eval::Score { score } => write!(f, "score {score}"),
        }
    }
}

/// Sorts `items` best first by their eval (stable: equal moves keep their order).
pub fn sort_best_first<T>(items: &mut [T], eval: impl Fn(&T) -> Eval) {
    items.sort_by(|a, b| eval(a).best_first(&eval(b)));
}

/// A board cell as users see it: 1-based row (row 1 at the top) and column.
///
/// Text: `row,column` (e.g. `3,2`); JSON: `[row, column]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 1-based row, counted from the top.
    pub row: usize,
    /// 1-based column, counted from the left.
    pub column: usize,
}

impl Cell {
    /// The cell of a 0-based position.
    pub fn of(pos: Pos) -> Cell {
        Cell { row: pos.row + 1, column: pos.col + 1 }
    }

    /// The 0-based position of this cell (`None` for row or column 0).
    pub fn pos(self) -> Option<Pos> {
        Some(Pos::new(self.row.checked_sub(1)?, self.column.checked_sub(1)?))
    }
}

impl From<Pos> for Cell {
    fn from(pos: Pos) -> Cell {
        Cell::of(pos)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.column)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.row, self.column].serialize(serializer)
    }
}

/// Why a cell's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a cell: write row,column (1-based, e.g. 3,2)")]
pub struct CellParseError(pub String);

impl FromStr for Cell {
    type Err = CellParseError;

    /// Reads a cell in any of the spellings a person types: `2,5`, `2 5`, `(2,5)` (spaces around
    /// the numbers are fine; both numbers at least 1).
    fn from_str(text: &str) -> Result<Cell, CellParseError> {
        let bad = || CellParseError(crate::error::printable(text.as_bytes()));
        let text = text.trim();
        let inner = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(text);
        let (row, column) = match inner.split_once(',') {
            Some(pair) => pair,
            None => {
                let mut words = inner.split_whitespace();
                let pair = (words.next().ok_or_else(bad)?, words.next().ok_or_else(bad)?);
                if words.next().is_some() {
                    return Err(bad());
                }
                pair
            }
        };
        let row: usize = row.trim().parse().map_err(|_| bad())?;
        let column: usize = column.trim().parse().map_err(|_| bad())?;
        if row == 0 || column == 0 {
            return Err(bad());
        }
        Ok(Cell { row, column })
    }
}

/// One legal move and what it is worth to its mover.
///
/// JSON: `{"move": NOTATION, …game fields…, "value": …, "remoteness": …}` (or `"score"`), where
/// NOTATION is exactly the text `play` accepts for the move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveReport<F: Serialize> {
    /// The move in the game's text notation (what `play` accepts).
    #[serde(rename = "move")]
    pub notation: String,
    /// The game's own fields (cells, piece, pawn and direction, …).
    #[serde(flatten)]
    pub detail: F,
    /// What the move leads to, for its mover.
    #[serde(flatten)]
    pub eval: Eval,
}

/// Everything a query reports of one position: one JSON Lines object.
///
/// JSON: `{"game": …, "board": i, "to_move": …, "value"/"remoteness" or "score", …game fields…,
/// "moves": [MoveReport, …]}` with `moves` best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PositionReport<P: Serialize, F: Serialize> {
    /// The crate's name: `pawn-retrograde`, `lattice-dp`, `segment-nim`, `edmonds-blossom`.
    pub game: &'static str,
    /// 1-based number of the board (case, query) in the input.
    pub board: usize,
    /// The side to move, in the game's own words (`red`, `first`, `white`, …).
    pub to_move: &'static str,
    /// The position's value for the side to move.
    #[serde(flatten)]
    pub eval: Eval,
    /// The game's own fields of the position.
    #[serde(flatten)]
    pub detail: P,
    /// Every legal move, best first.
    pub moves: Vec<MoveReport<F>>,
}

/// Writes the moves of a text report, one per line: `  NOTATION  EVAL`, notations aligned.
pub fn write_move_lines<F: Serialize>(
    out: &mut impl std::io::Write,
    moves: &[MoveReport<F>],
) -> std::io::Result<()> {
    let width = moves.iter().map(|m| m.notation.len()).max().unwrap_or(0);
    for m in moves {
        writeln!(out, "  {:<width$}  {}", m.notation, m.eval)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mover_view_flips_and_counts_the_move() {
        assert_eq!(Eval::lose(4).for_mover(0), Eval::win(5));
        assert_eq!(Eval::win(0).for_mover(0), Eval::lose(1));
        assert_eq!(Eval::DRAW.for_mover(0), Eval::DRAW);
        assert_eq!(Eval::value_only(Value::Win).for_mover(0), Eval::value_only(Value::Lose));
        assert_eq!(Eval::score(3).for_mover(10), Eval::score(7));
    }

    #[test]
    fn best_first_order() {
        let mut evals = [Eval::lose(9), Eval::DRAW, Eval::win(5), Eval::lose(3), Eval::win(1)];
        sort_best_first(&mut evals, |e| *e);
        assert_eq!(evals, [Eval::win(1), Eval::win(5), Eval::DRAW, Eval::lose(9), Eval::lose(3)]);
        let mut scores = [Eval::score(-2), Eval::score(7), Eval::score(0)];
        sort_best_first(&mut scores, |e| *e);
        assert_eq!(scores, [Eval::score(7), Eval::score(0), Eval::score(-2)]);
        assert_eq!(Eval::best([Eval::lose(2), Eval::DRAW]), Some(Eval::DRAW));
        assert_eq!(Eval::best([]), None);
    }

    #[test]
    fn display() {
        assert_eq!(Eval::win(3).to_string(), "win in 3");
        assert_eq!(Eval::lose(0).to_string(), "lose in 0");
        assert_eq!(Eval::DRAW.to_string(), "draw");
        assert_eq!(Eval::value_only(Value::Lose).to_string(), "lose");
        assert_eq!(Eval::score(-4).to_string(), "score -4");
    }

    #[test]
    fn cells_read_and_print_one_based() {
        let cell: Cell = " 3, 2".parse().unwrap();
        assert_eq!(cell, Cell { row: 3, column: 2 });
        assert_eq!(cell.pos(), Some(Pos::new(2, 1)));
        assert_eq!(Cell::of(Pos::new(0, 4)).to_string(), "1,5");
        assert!("0,1".parse::<Cell>().is_err());
        assert!("3".parse::<Cell>().is_err());
        assert!("a,b".parse::<Cell>().is_err());
        for spelling in ["2,5", "2 5", "(2,5)", " ( 2 , 5 ) ", "2, 5"] {
            assert_eq!(spelling.parse::<Cell>(), Ok(Cell { row: 2, column: 5 }), "{spelling}");
        }
        for bad in ["2 5 1", "(2,5", "2,5)", "2;5", "", "()"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn json_shapes() {
        #[derive(Serialize)]
        struct Detail {
            to: Cell,
        }
        let mv = MoveReport {
            notation: "2,3".into(),
            detail: Detail { to: Cell { row: 2, column: 3 } },
            eval: Eval::win(1),
        };
        assert_eq!(
            serde_json::to_string(&mv).unwrap(),
            r#"{"move":"2,3","to":[2,3],"value":"win","remoteness":1}"#
        );
        #[derive(Serialize)]
        struct NoFields {}
        let report = PositionReport {
            game: "g",
            board: 1,
            to_move: "first",
            eval: Eval::DRAW,
            detail: NoFields {},
            moves: vec![MoveReport { notation: "x".into(), detail: NoFields {}, eval: Eval::score(-1) }],
        };
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"game":"g","board":1,"to_move":"first","value":"draw","moves":[{"move":"x","score":-1}]}"#
        );
    }
}
