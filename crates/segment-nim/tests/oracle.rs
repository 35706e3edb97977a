//! The fast solver against the brute-force oracle: every board with n ≤ 11 (both sides to move,
//! and white's winning move), and random boards up to n = 12 by proptest.

mod brute;

use brute::{Oracle, Value};
use proptest::prelude::*;
use segment_nim::report::report;
use segment_nim::{Board, Colour, Move, Outcome, solve};

/// The board of a placement given as field contents (0 empty, 1 white, 2 black).
fn board_of(cells: &[u8]) -> Board {
    let fields =
        |c: u8| (1..=cells.len() as u64).filter(move |&p| cells[p as usize - 1] == c).collect::<Vec<_>>();
    Board::from_positions(cells.len() as u64, &fields(1), &fields(2)).unwrap()
}

fn expected(value: Value) -> Outcome {
    match value {
        Value::Win => Outcome::Win,
        Value::Lose => Outcome::Lose,
        Value::Draw => Outcome::Draw,
    }
}

/// Problems with one placement: the solver's values for both movers, and white's winning move.
fn check(oracle: &Oracle, code: usize) -> Result<(), String> {
    let cells = oracle.cells(code);
    let board = board_of(&cells);
    for (side, colour) in [(0, Colour::White), (1, Colour::Black)] {
        let got = solve(&board, colour);
        let want = expected(oracle.value(code, side));
        if got.outcome != want {
            return Err(format!("{cells:?} {colour:?} to move: solver {got:?}, brute force {want:?}"));
        }
    }
    // The move `--explain` and `--json` print.
    let mv = report(&board, 1).winning_move;
    match (oracle.value(code, 0), mv) {
        (Value::Win, Some(mv)) => check_winning_move(oracle, code, &cells, mv),
        (Value::Win, None) => Err(format!("{cells:?}: white wins but no winning move was found")),
        (_, Some(mv)) => Err(format!("{cells:?}: white does not win but {mv:?} was offered")),
        (_, None) => Ok(()),
    }
}

/// `mv` must be a legal white move after which black, to move, loses (by brute force).
fn check_winning_move(oracle: &Oracle, code: usize, cells: &[u8], mv: Move) -> Result<(), String> {
    let mut after = cells.to_vec();
    let (from, to) = (mv.from as usize - 1, mv.to as usize - 1);
    if after.get(from) != Some(&1) || after.get(to) != Some(&0) {
        return Err(format!("{cells:?}: {mv:?} does not move a white pawn to an empty field"));
    }
    after.swap(from, to);
    let next = oracle.code(&after);
    if !oracle.moves(code, 0).contains(&next) {
        return Err(format!("{cells:?}: {mv:?} is not a legal slide"));
    }
    if oracle.value(next, 1) != Value::Lose {
        return Err(format!("{cells:?}: after {mv:?} black is not lost"));
    }
    Ok(())
}

fn exhaustive(n: usize) {
    let oracle = Oracle::cached(n);
    let failures: Vec<String> =
        (0..oracle.placements()).filter_map(|code| check(oracle, code).err()).collect();
    assert!(
        failures.is_empty(),
        "{} failures for n = {n}, first: {:?}",
        failures.len(),
        &failures[..5.min(failures.len())]
    );
}

#[test]
fn every_board_up_to_n_8() {
    for n in 1..=8 {
        exhaustive(n);
    }
}

#[test]
fn every_board_with_n_9_to_11() {
    for n in 9..=11 {
        exhaustive(n);
    }
}

#[test]
fn oracle_agrees_with_the_issue_samples() {
    let oracle = Oracle::cached(9);
    assert_eq!(oracle.value(oracle.code(&[0, 2, 1, 0, 2, 2, 0, 1, 0]), 0), Value::Lose);
    let oracle = Oracle::cached(6);
    assert_eq!(oracle.value(oracle.code(&[0, 2, 0, 2, 1, 1]), 0), Value::Win);
    let oracle = Oracle::cached(7);
    assert_eq!(oracle.value(oracle.code(&[0, 0, 1, 2, 0, 0, 0]), 0), Value::Draw);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_boards_up_to_n_12(cells in (1usize..=12).prop_flat_map(|n| proptest::collection::vec(0u8..3, n))) {
        let oracle = Oracle::cached(cells.len());
        let code = oracle.code(&cells);
        prop_assert_eq!(check(oracle, code), Ok(()));
    }
}
