//! The default mode: every board's answer letter, `--explain`'s analysis or `--json`'s report.

use std::io::Write;

use grid_core::cli::args::Format;

use super::error::RunError;
use crate::board::{Board, Colour};
use crate::parse::BoardReader;
use crate::rules::solve;
use crate::{render, report};

/// Reads every board of `input` and writes each one's answer: the letter ([`Format::Plain`]), the
/// analysis as text ([`Format::Explain`]) or one JSON object per line ([`Format::Json`]). The
/// answers wait until the whole input is read, so nothing is written for an input with an error.
pub fn run_answers(input: &[u8], format: Format, out: &mut impl Write) -> Result<(), RunError> {
    let mut answers = Vec::new();
    let mut reader = BoardReader::new(input)?;
    let mut board = Board::default();
    let mut number = 0;
    while reader.read_into(&mut board)? {
        number += 1;
        match format {
            Format::Plain => {
                answers.extend_from_slice(&[solve(&board, Colour::White).answer().letter(), b'\n']);
            }
            Format::Explain => render::text(&mut answers, &report::report(&board, number))?,
            Format::Json => render::json(&mut answers, &board, number)?,
        }
    }
    if format == Format::Explain && number > 0 {
        answers.extend_from_slice(render::WORDS.as_bytes());
    }
    Ok(out.write_all(&answers)?)
}
