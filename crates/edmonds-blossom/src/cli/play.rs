//! `play`: a game against the solver from the first position of FILE.

use std::io::Write;

use edmonds_blossom::parse_positions;
use edmonds_blossom::query::KingPlay;
use grid_core::cli::Failure;
use grid_core::cli::driver::PlayRequest;

use super::options::KingArgs;

/// Plays the first position of FILE against the person on standard input.
pub fn run_play(request: &PlayRequest<KingArgs>, out: &mut impl Write) -> Result<(), Failure> {
    let start = request.first(parse_positions(&request.read()?)?)?;
    request.play(&mut KingPlay::new(request.own.king_moves()), start, out)
}
