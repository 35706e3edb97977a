//! `analyze`: every placement of white and black pawns on a circle of `n` fields, white to move,
//! counted by its answer (`B` white wins, `C` black wins, `R` draw) for each pair (white pawns,
//! black pawns), once as placements and once up to rotation and reflection of the circle.
//!
//! Every one of the `3^n` placements is counted, those without a pawn of one colour or without
//! any pawn included: the input format takes them (`w` and `c` may be 0), and they get the value
//! the rules give ([`solve`]): the side to move without a pawn loses, so does the side to move on
//! a full board, and a side whose opponent has no pawn wins.
//!
//! A rotation or a reflection of the circle changes no value (the rules see only the cyclic order
//! of the pawns and the gaps between them, either way round), so the placements of one orbit under
//! the dihedral group of the circle share one answer. The enumeration goes over every placement in
//! parallel over the black masks (rayon); the smallest placement of each orbit
//! ([`circle::Placement::orbit_if_smallest`]) is valued by the linear-time solver ([`solve`],
//! white to move, on a board each worker reuses: no allocation per placement) and counted once in
//! the canonical table and as many times as its orbit has placements in the full one. That is one
//! solve per orbit, about `2n` times fewer than one per placement.

pub mod circle;
pub mod text;

use grid_core::stop::{self, StopFlag, Stopped};
use rayon::prelude::*;
use serde::Serialize;

use crate::board::{Board, Colour};
use crate::rules::{Answer, solve};
use circle::Placement;

/// The largest circle `analyze` takes: `3^18` placements (about 60 times the work of 16 fields).
pub const MAX_ANALYZE_FIELDS: u32 = 18;

/// The `game` field of the analysis.
const GAME: &str = "segment-nim";

/// Placements counted by their answer with white to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    /// Placements where white wins (answer `B`).
    pub white_wins: u64,
    /// Placements where black wins (answer `C`).
    pub black_wins: u64,
    /// Placements where nobody can force a win (answer `R`).
    pub draws: u64,
    /// All three together.
    pub total: u64,
}

impl Outcomes {
    fn add(&mut self, other: &Outcomes) {
        self.white_wins += other.white_wins;
        self.black_wins += other.black_wins;
        self.draws += other.draws;
        self.total += other.total;
    }

    /// Counts `placements` placements with `answer`.
    fn count(&mut self, answer: Answer, placements: u64) {
        match answer {
            Answer::B => self.white_wins += placements,
            Answer::C => self.black_wins += placements,
            Answer::R => self.draws += placements,
        }
        self.total += placements;
    }
}

/// The counts of one pair (white pawns, black pawns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PairCounts {
    /// Number of white pawns.
    pub white: usize,
    /// Number of black pawns.
    pub black: usize,
    /// The placements with these numbers of pawns, by answer.
    #[serde(flatten)]
    pub outcomes: Outcomes,
}

/// The analysis of a circle of `fields` fields (the `analyze --json` object, docs/REPORT.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Always `segment-nim`.
    pub game: &'static str,
    /// Always 1: the analysis reads no boards.
    pub board: usize,
    /// The number of fields of the circle.
    pub fields: u32,
    /// `3^fields`: every placement of white and black pawns.
    pub placements: u64,
    /// One entry per pair (W, B) with W + B <= fields, W ascending then B ascending.
    pub counts: Vec<PairCounts>,
    /// The same, each placement counted once up to rotation and reflection of the circle.
    pub canonical: Vec<PairCounts>,
    /// `counts` summed.
    pub totals: Outcomes,
    /// `canonical` summed.
    pub canonical_totals: Outcomes,
}

/// Why there is no analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The number of fields is outside `1..=MAX_ANALYZE_FIELDS`.
    #[error("a circle of {0} fields is out of range 1..={MAX_ANALYZE_FIELDS}")]
    Fields(u32),
    /// The stop flag was set.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// Counts every placement on a circle of `fields` fields (`1..=MAX_ANALYZE_FIELDS`).
pub fn analyze(fields: u32) -> Result<Analysis, AnalyzeError> {
    analyze_until_stopped(fields, None)
}

/// [`analyze`], checking `stop` before each black mask's placements.
pub fn analyze_until_stopped(fields: u32, stop: StopFlag<'_>) -> Result<Analysis, AnalyzeError> {
    if !(1..=MAX_ANALYZE_FIELDS).contains(&fields) {
        return Err(AnalyzeError::Fields(fields));
    }
    let tally = (0..1u32 << fields)
        .into_par_iter()
        .try_fold(
            || Tally::new(fields),
            |mut tally, black| {
                stop::check(stop)?;
                tally.add_black_mask(black);
                Ok::<_, Stopped>(tally)
            },
        )
        .try_reduce(|| Tally::new(fields), |a, b| Ok(a.merge(b)))?;
    Ok(tally.analysis())
}

/// One worker's counts and its reused board.
struct Tally {
    fields: u32,
    board: Board,
    /// `counts[w * (fields + 1) + b]`: every placement with `w` white and `b` black pawns.
    counts: Vec<Outcomes>,
    /// The same for canonical placements only.
    canonical: Vec<Outcomes>,
}

impl Tally {
    fn new(fields: u32) -> Self {
        let side = fields as usize + 1;
        let board = Board { n: u64::from(fields), counts: [0, 0], pawns: Vec::with_capacity(side) };
        Self {
            fields,
            board,
            counts: vec![Outcomes::default(); side * side],
            canonical: vec![Outcomes::default(); side * side],
        }
    }

    /// Counts every orbit whose smallest placement has its black pawns on `black`: the white
    /// mask runs over the subsets of the other fields.
    fn add_black_mask(&mut self, black: u32) {
        let free = ((1u32 << self.fields) - 1) & !black;
        let mut white = free;
        loop {
            self.add(Placement { white, black });
            if white == 0 {
                break;
            }
            white = (white - 1) & free;
        }
    }

    /// Counts the orbit of `placement` if it is the orbit's smallest placement.
    fn add(&mut self, placement: Placement) {
        let Some(orbit) = placement.orbit_if_smallest(self.fields) else {
            return;
        };
        placement.fill(self.fields, &mut self.board);
        let answer = solve(&self.board, Colour::White).answer();
        let index = placement.whites() * (self.fields as usize + 1) + placement.blacks();
        self.counts[index].count(answer, orbit);
        self.canonical[index].count(answer, 1);
    }

    fn merge(mut self, other: Tally) -> Tally {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            mine.add(theirs);
        }
        for (mine, theirs) in self.canonical.iter_mut().zip(&other.canonical) {
            mine.add(theirs);
        }
        self
    }

    fn analysis(&self) -> Analysis {
        let side = self.fields as usize + 1;
        let pairs = |table: &[Outcomes]| -> Vec<PairCounts> {
            (0..side)
                .flat_map(|white| (0..side - white).map(move |black| (white, black)))
                .map(|(white, black)| PairCounts { white, black, outcomes: table[white * side + black] })
                .collect()
        };
        let summed = |pairs: &[PairCounts]| {
            let mut totals = Outcomes::default();
            pairs.iter().for_each(|p| totals.add(&p.outcomes));
            totals
        };
        let (counts, canonical) = (pairs(&self.counts), pairs(&self.canonical));
        Analysis {
            game: GAME,
            board: 1,
            fields: self.fields,
            placements: 3u64.pow(self.fields),
            totals: summed(&counts),
            canonical_totals: summed(&canonical),
            counts,
            canonical,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_fields_by_hand() {
        let a = analyze(2).unwrap();
        assert_eq!((a.placements, a.totals.total), (9, 9));
        // No pawn, or only black pawns: white cannot move. One white pawn alone wins; two fill the
        // circle. One pawn each fills it too: white, to move, loses.
        let pair = |w, b| a.counts.iter().find(|p| (p.white, p.black) == (w, b)).unwrap().outcomes;
        assert_eq!(pair(0, 0).black_wins, 1);
        assert_eq!(pair(1, 0).white_wins, 2);
        assert_eq!(pair(2, 0).black_wins, 1);
        assert_eq!(pair(1, 1).black_wins, 2);
        // Up to symmetry: the two placements of one white pawn are one orbit, and so are those of
        // one pawn of each colour.
        assert_eq!(a.canonical_totals.total, 6);
    }

    #[test]
    fn fields_out_of_range_are_refused() {
        assert_eq!(analyze(0).unwrap_err(), AnalyzeError::Fields(0));
        assert_eq!(
            analyze(MAX_ANALYZE_FIELDS + 1).unwrap_err(),
            AnalyzeError::Fields(MAX_ANALYZE_FIELDS + 1)
        );
    }

    #[test]
    fn a_set_stop_flag_stops() {
        let flag = std::sync::atomic::AtomicBool::new(true);
        assert_eq!(analyze_until_stopped(6, Some(&flag)).unwrap_err(), AnalyzeError::Stopped(Stopped));
    }
}
