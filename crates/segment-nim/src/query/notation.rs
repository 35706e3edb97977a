//! Moves and how they are written.
//!
//! A move slides the pawn on field `pawn` by `distance` fields, `cw` (clockwise: towards larger
//! field numbers, `n` followed by 1) or `ccw`. One move is written `17 cw 3` ([`Slide`]; this is
//! what `play` accepts). A report lists the moves as maximal *ranges* of distances with the same
//! value, written `17 cw 1-40` (`17 cw 3` when the range holds one distance), so that a board with
//! `n` up to 10^18 has a report of a few lines per pawn ([`MoveRange`]).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::board::Board;
use crate::rules::Outcome;
use crate::winning::Move;

/// The direction a pawn slides in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Clockwise: towards larger field numbers (`n` is followed by 1).
    Cw,
    /// Counter-clockwise: towards smaller field numbers (1 is followed by `n`).
    Ccw,
}

impl Direction {
    /// `cw` or `ccw`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Cw => "cw",
            Direction::Ccw => "ccw",
        }
    }
}

/// One move: the pawn on field `pawn` slides `distance` fields in `direction`. Text: `17 cw 3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The field of the pawn that moves.
    pub pawn: u64,
    /// Where it slides.
    pub direction: Direction,
    /// How many fields (at least 1).
    pub distance: u64,
}

impl Move {
    /// This move as a slide: clockwise when the fields it crosses that way are empty, else
    /// counter-clockwise (`from` must be a pawn's field of `board`).
    pub fn slide(self, board: &Board) -> Slide {
        let cw = board.clockwise(self.from, self.to);
        let pawn = (0..board.len()).find(|&i| board.position(i) == self.from);
        let clockwise = pawn.is_some_and(|i| cw <= board.empty_after(i));
        if clockwise {
            Slide { pawn: self.from, direction: Direction::Cw, distance: cw }
        } else {
            Slide { pawn: self.from, direction: Direction::Ccw, distance: board.n() - cw }
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.pawn, self.direction.name(), self.distance)
    }
}

/// How a move is written, for messages and `help`.
pub const NOTATION: &str = "PAWN DIRECTION DISTANCE, e.g. `17 cw 3`: the pawn on field 17 slides 3 fields clockwise \
(cw = towards larger field numbers, ccw = towards smaller ones; field n is followed by field 1).";

impl FromStr for Slide {
    type Err = String;

    /// Reads `PAWN cw|ccw DISTANCE` (case-insensitive, any whitespace between the three words).
    fn from_str(text: &str) -> Result<Slide, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |why: &str| format!("`{}` is not a move: {why}; write {NOTATION}", printable(text));
        let [pawn, direction, distance] = words[..] else {
            return Err(bad("a move is three words"));
        };
        let pawn: u64 = pawn.parse().map_err(|_| bad("the pawn is its field number"))?;
        let direction = match direction.to_ascii_lowercase().as_str() {
            "cw" => Direction::Cw,
            "ccw" => Direction::Ccw,
            _ => return Err(bad("the direction is cw or ccw")),
        };
        let distance: u64 = distance
            .parse()
            .ok()
            .filter(|&d| d >= 1)
            .ok_or_else(|| bad("the distance is a number of fields, at least 1"))?;
        Ok(Slide { pawn, direction, distance })
    }
}

/// `text` without control characters, at most 40 characters (for messages).
fn printable(text: &str) -> String {
    let shown: String = text.trim().chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.trim().chars().count() > 40 { shown + "..." } else { shown }
}

/// A maximal range of distances of one pawn and direction whose moves have the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRange {
    /// Index of the pawn in the board's clockwise order from field 1.
    pub index: usize,
    /// The field of the pawn.
    pub pawn: u64,
    /// Where it slides.
    pub direction: Direction,
    /// The smallest distance of the range.
    pub first: u64,
    /// The largest distance of the range.
    pub last: u64,
    /// What these moves are worth to the mover.
    pub outcome: Outcome,
}

impl MoveRange {
    /// `17 cw 1-40`, or `17 cw 3` for a range of one distance (then exactly what `play` accepts).
    pub fn notation(&self) -> String {
        let direction = self.direction.name();
        if self.first == self.last {
            format!("{} {direction} {}", self.pawn, self.first)
        } else {
            format!("{} {direction} {}-{}", self.pawn, self.first, self.last)
        }
    }

    /// Number of moves (distances) in the range.
    pub fn len(&self) -> u64 {
        self.last - self.first + 1
    }

    /// Never: a range holds at least one distance.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The single moves of the range, by increasing distance.
    pub fn slides(&self) -> impl Iterator<Item = Slide> + '_ {
        (self.first..=self.last).map(|distance| Slide {
            pawn: self.pawn,
            direction: self.direction,
            distance,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_read_and_print() {
        let s: Slide = " 17  CW 3 ".parse().unwrap();
        assert_eq!(s, Slide { pawn: 17, direction: Direction::Cw, distance: 3 });
        assert_eq!(s.to_string(), "17 cw 3");
        for bad in ["17 cw", "17 up 3", "x cw 3", "17 cw 0", "17 cw 1-3", "17 cw 3 4"] {
            assert!(bad.parse::<Slide>().is_err(), "{bad}");
        }
    }
}
