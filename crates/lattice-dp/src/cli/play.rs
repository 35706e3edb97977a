//! `play`: a game against the solver from the first position of FILE.

use std::io::Write;

use grid_core::cli::Failure;
use grid_core::cli::driver::PlayRequest;
use lattice_dp::parse_positions;
use lattice_dp::play::LatticePlay;

use super::failure::solve_failure;
use super::options::SolveArgs;

/// `play`: a game against the solver from the first position of FILE.
pub fn run_play(request: &PlayRequest<SolveArgs>, out: &mut impl Write) -> Result<(), Failure> {
    let start = request.first(parse_positions(&request.read()?)?)?;
    let board = start.board();
    lattice_dp::solve::check_width(board, request.own.width())
        .map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
    let mut game = LatticePlay::new();
    let start = game.start(start);
    request.play(&mut game, start, out)
}
