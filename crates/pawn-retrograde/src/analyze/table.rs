//! A table of positions counted by value for the side to move and remoteness, in GamesmanOne's
//! layout: the `Inf` row (draws) first, then every remoteness from the largest down to 0.

use serde::Serialize;

use crate::solve::StateValue;

/// One row of a [`Table`]: the positions of one remoteness (`None`: the draws, remoteness `Inf`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Moves both sides still make under optimal play; `None` (JSON `null`) for the draws.
    pub remoteness: Option<u32>,
    /// Positions won by the side to move.
    pub win: u64,
    /// Positions lost by the side to move.
    pub lose: u64,
    /// Positions neither side can force a win from (only in the `Inf` row).
    pub draw: u64,
    /// `win + lose + draw`.
    pub total: u64,
}

/// The column sums of a [`Table`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    /// Positions won by the side to move.
    pub win: u64,
    /// Positions lost by the side to move.
    pub lose: u64,
    /// Drawn positions.
    pub draw: u64,
    /// Every position counted.
    pub total: u64,
}

/// Positions counted by value and remoteness: the `Inf` row, then remoteness `RMAX` down to 0
/// (rows without positions included; `RMAX` is the largest remoteness counted, 0 when none is),
/// and the totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The `Inf` row, then one row per remoteness from the largest down to 0.
    pub rows: Vec<Row>,
    /// The column sums.
    pub totals: Totals,
}

/// Positions counted by value: wins and losses by distance, and draws.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// `win[d]`: positions won by the side to move in `d` moves.
    win: Vec<u64>,
    /// `lose[d]`: positions lost by the side to move in `d` moves.
    lose: Vec<u64>,
    /// Drawn positions.
    draw: u64,
}

impl Tally {
    /// Counts `count` positions of value `value`.
    pub fn add(&mut self, value: StateValue, count: u64) {
        let (list, d) = match value {
            StateValue::Win(d) => (&mut self.win, d),
            StateValue::Loss(d) => (&mut self.lose, d),
            StateValue::Tie => {
                self.draw += count;
                return;
            }
        };
        let d = d as usize;
        if list.len() <= d {
            list.resize(d + 1, 0);
        }
        list[d] += count;
    }

    /// Adds every count of `other`.
    pub fn merge(mut self, other: Tally) -> Tally {
        for (mine, theirs) in [(&mut self.win, other.win), (&mut self.lose, other.lose)] {
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), 0);
            }
            mine.iter_mut().zip(theirs).for_each(|(m, t)| *m += t);
        }
        self.draw += other.draw;
        self
    }

    /// The table of the counts.
    pub fn table(&self) -> Table {
        let at = |list: &[u64], d: usize| list.get(d).copied().unwrap_or(0);
        let largest = (0..self.win.len().max(self.lose.len()))
            .rev()
            .find(|&d| at(&self.win, d) + at(&self.lose, d) != 0)
            .unwrap_or(0);
        let mut rows = vec![Row { remoteness: None, win: 0, lose: 0, draw: self.draw, total: self.draw }];
        let mut totals = Totals { draw: self.draw, total: self.draw, ..Totals::default() };
        for d in (0..=largest).rev() {
            let (win, lose) = (at(&self.win, d), at(&self.lose, d));
            rows.push(Row { remoteness: Some(d as u32), win, lose, draw: 0, total: win + lose });
            totals.win += win;
            totals.lose += lose;
            totals.total += win + lose;
        }
        Table { rows, totals }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_run_from_inf_down_to_zero_with_empty_rows_kept() {
        let mut tally = Tally::default();
        tally.add(StateValue::Win(3), 2);
        tally.add(StateValue::Loss(0), 5);
        tally.add(StateValue::Tie, 7);
        let table = tally.clone().merge(tally).table();
        let remoteness: Vec<Option<u32>> = table.rows.iter().map(|r| r.remoteness).collect();
        assert_eq!(remoteness, [None, Some(3), Some(2), Some(1), Some(0)]);
        assert_eq!(table.rows[0], Row { remoteness: None, win: 0, lose: 0, draw: 14, total: 14 });
        assert_eq!(table.rows[1], Row { remoteness: Some(3), win: 4, lose: 0, draw: 0, total: 4 });
        assert_eq!(table.rows[2].total, 0);
        assert_eq!(table.totals, Totals { win: 4, lose: 10, draw: 14, total: 28 });
        assert_eq!(Tally::default().table().rows.len(), 2);
    }
}
