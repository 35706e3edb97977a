//! `analyze`: every board's census as a text report or JSON Lines.

use std::io::{self, Write};

use grid_core::cli::args::Format;
use grid_core::cli::write_json_line;
use pawn_retrograde::{Board, analyze, census_boards};

/// Every board's analysis, in input order (`Format::Json`: one object per line; otherwise text).
pub fn write_analyses(out: &mut impl Write, format: Format, boards: &[Board]) -> io::Result<()> {
    for census in census_boards(boards) {
        match format {
            Format::Json => write_json_line(out, &census)?,
            Format::Plain | Format::Explain => analyze::write_text(out, &census)?,
        }
    }
    Ok(())
}
