//! The text report of a query (`segment-nim query`) and `--explain`'s reasoning after it.

use std::io::{self, Write};

use super::analysis::Analysis;
use super::values::{Query, value_of};
use crate::board::Board;
use crate::rules::{Outcome, describe};

impl Query {
    /// The text report: one line on the position, then one line per range, best first.
    pub fn write_text(&self, out: &mut impl Write, board: &Board, number: usize) -> io::Result<()> {
        let fields = self.fields(board);
        writeln!(
            out,
            "Position {number} ({}), {} to move: {} (answer {}); {} white, {} black, {}",
            grid_core::words::counted(fields.n, "field"),
            self.mover.name(),
            value_of(self.outcome),
            fields.answer.letter() as char,
            fields.white,
            fields.black,
            grid_core::words::counted(self.legal_moves, "legal move")
        )?;
        grid_core::report::write_move_lines(out, &self.move_reports())
    }

    /// `query --explain`'s reasoning after the report: the rule that decides the position for
    /// the side to move (in the words of `--help`), and, when it wins, one winning move as `play`
    /// takes it, with what it leaves the opponent.
    pub fn write_reasoning(&self, out: &mut impl Write, board: &Board) -> io::Result<()> {
        let rule = Analysis::new(board).verdict(self.mover).rule;
        writeln!(out, "  decided by: {}", describe(rule, self.mover))?;
        if let Some(win) = self.moves.iter().find(|m| m.outcome == Outcome::Win) {
            let direction = win.direction.name();
            writeln!(
                out,
                "  a winning move: {} {direction} {} (it leaves {} a lost position)",
                win.pawn,
                win.first,
                self.mover.other().name()
            )?;
        }
        Ok(())
    }
}
