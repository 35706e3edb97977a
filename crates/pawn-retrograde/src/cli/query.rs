//! `query`: a text report per position (`--explain`: with the board drawn before it and the
//! principal variation after it), or JSON Lines.

use std::io::{self, Write};

use grid_core::cli::args::Format;
use grid_core::cli::write_json_line;
use pawn_retrograde::explain::Tied;
use pawn_retrograde::query::{self, Position};
use pawn_retrograde::{StateValue, explain};

/// Every position's report, in input order.
pub fn write_queries(out: &mut impl Write, format: Format, positions: &[Position]) -> io::Result<()> {
    let queries = pawn_retrograde::query_positions(positions);
    for (i, (position, query)) in positions.iter().zip(&queries).enumerate() {
        match format {
            Format::Json => write_json_line(out, &query::report(i + 1, query))?,
            Format::Plain => query::write_text(out, i + 1, query)?,
            Format::Explain => {
                if i == 0 {
                    writeln!(out, "{}\n", explain::LEGEND)?;
                }
                write!(out, "{}", explain::draw_position(position))?;
                query::write_text(out, i + 1, query)?;
                let tie = if query.evaluation.value == StateValue::Tie { Tied::Yes } else { Tied::No };
                let mut line = String::new();
                explain::write_principal_variation(&mut line, position.board(), tie, &query.line, query.end);
                write!(out, "{line}")?;
                writeln!(out)?;
            }
        }
    }
    Ok(())
}
