//! `query`: every position's value and every move's, as text, with the circle and the deciding
//! rule (`--explain`), or as JSON Lines.

use std::io::Write;

use grid_core::cli::args::Format;

use super::error::RunError;
use crate::board::Board;
use crate::parse::BoardReader;
use crate::play::circle;
use crate::query::solve_query;

/// Reads every position of `input` (the default format; the header `n w c` of a board may be
/// followed by `white` or `black`, the side to move, default white) and writes each one's report:
/// text, the circle drawn before it ([`Format::Explain`]), or one JSON object per line. Nothing is
/// written for an input with an error.
pub fn run_query(input: &[u8], format: Format, out: &mut impl Write) -> Result<(), RunError> {
    let mut reports = Vec::new();
    let mut reader = BoardReader::new(input)?;
    let mut board = Board::default();
    let mut number = 0;
    while let Some(mover) = reader.read_query_into(&mut board)? {
        number += 1;
        let q = solve_query(&board, mover);
        if format == Format::Json {
            grid_core::cli::write_json_line(&mut reports, &q.report(number, q.fields(&board)))?;
            continue;
        }
        if number > 1 {
            writeln!(reports)?;
        }
        if format == Format::Explain {
            if let Some(circle) = circle(&board) {
                writeln!(reports, "W white, B black, . empty\n{circle}")?;
            }
        }
        q.write_text(&mut reports, &board, number)?;
        if format == Format::Explain {
            q.write_reasoning(&mut reports, &board)?;
        }
    }
    Ok(out.write_all(&reports)?)
}

/// Whether `query` reads `input` (one board at a time, as it does): the default mode's error then
/// points to `query`.
pub fn query_reads(input: &[u8]) -> bool {
    let Ok(mut reader) = BoardReader::new(input) else { return false };
    let mut board = Board::default();
    loop {
        match reader.read_query_into(&mut board) {
            Ok(Some(_)) => {}
            Ok(None) => return true,
            Err(_) => return false,
        }
    }
}
