//! lattice-dp, the default input (`n m`, then the values of A and of B): parse, and when the board
//! has few states solve it (value only, and with the optimal game).
#![no_main]

use lattice_dp::{Mode, parse_board, solve, state_count};
use libfuzzer_sys::fuzz_target;

/// Boards with more states are only parsed.
const SOLVE_STATES: u64 = 5_000;

fuzz_target!(|data: &[u8]| {
    let Ok(board) = parse_board(data) else { return };
    let (n, m) = (board.rows(), board.cols());
    if state_count(n, m) <= SOLVE_STATES {
        let value = solve(&board, Mode::ValueOnly, &mut |_| {}).value;
        let with_game = solve(&board, Mode::WithGame, &mut |_| {});
        assert_eq!(with_game.value, value);
        assert_eq!(with_game.moves.map(|moves| moves.len()), Some(n * m), "an optimal game takes every cell");
    }
});
