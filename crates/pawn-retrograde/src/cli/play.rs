//! `play`: the first position of FILE against the person on standard input.

use std::io::Write;

use grid_core::cli::Failure;
use grid_core::cli::driver::PlayRequest;
use grid_core::cli::memory::MemoryArgs;
use pawn_retrograde::{parse_positions_within, play};

/// Reads the position (within `--memory-limit`) and plays it.
pub fn run_play(request: &PlayRequest<MemoryArgs>, out: &mut impl Write) -> Result<(), Failure> {
    let position = request.first(parse_positions_within(&request.read()?, request.own.limit())?)?;
    let (mut game, start) = play::Game::new(&position);
    request.play(&mut game, start, out)
}
