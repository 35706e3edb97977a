//! `play`: the first board of FILE against the person on standard input.

use std::io::Write;

use grid_core::cli::Failure;
use grid_core::cli::driver::{NoOptions, PlayRequest};

use crate::board::Board;
use crate::parse::BoardReader;
use crate::play::{Game, PlayPosition};

/// Reads the first board of FILE (query format: the side to move may follow its header) and plays
/// it.
pub fn run_play(request: &PlayRequest<NoOptions>, out: &mut impl Write) -> Result<(), Failure> {
    let input = request.read()?;
    let mut reader = BoardReader::new(&input)?;
    let mut board = Board::default();
    let mover = request.first(reader.read_query_into(&mut board)?)?;
    request.play(&mut Game, PlayPosition::new(board, mover), out)
}
