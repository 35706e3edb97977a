//! Oracles that reach the large boards: transposition, closed forms, the three value widths, the
//! memory plan and the stop flag.
//!
//! Transposition is free: the n × m board with values A, B and the m × n board with Aᵀ, Bᵀ have the
//! same value (the taken cells form a Young diagram, and transposing a diagram is one), while the
//! solver's path, halves, tables and layer layouts of the two boards all differ. The 18 × 18 case
//! of it runs in the benchmark (`same gen:lattice-18x18 gen:lattice-18x18-t`).

mod common;
use common::seeded;

use std::sync::atomic::AtomicBool;

use lattice_dp::board::MAX_PERIMETER;
use lattice_dp::{Board, Mode, Options, SolveError, ValueWidth, solve_with, state_count, value};
use proptest::prelude::*;

/// The board with rows and columns exchanged.
fn transpose(board: &Board) -> Board {
    let (n, m) = (board.rows(), board.cols());
    let cells = |f: &dyn Fn(usize, usize) -> i64| -> Vec<i64> {
        (0..m).flat_map(|c| (0..n).map(move |r| (r, c))).map(|(r, c)| f(r, c)).collect()
    };
    let first = cells(&|r, c| board.first_value(r, c));
    let second = cells(&|r, c| board.second_value(r, c));
    Board::new(m, n, first, second).expect("the transpose of a valid board is valid")
}

fn width_value(board: &Board, width: ValueWidth) -> i64 {
    let options = Options { width: Some(width), ..Options::new(Mode::ValueOnly) };
    solve_with(board, options, &mut |_| {}).expect("no limit, no stop").value
}

/// Shapes whose state count a test can afford (C(n + m, n) ≤ `most`), every n, m ≥ 1 with
/// n + m ≤ [`MAX_PERIMETER`] (44).
fn affordable_shapes(most: u64) -> Vec<(usize, usize)> {
    (1..MAX_PERIMETER)
        .flat_map(|n| (1..=MAX_PERIMETER - n).map(move |m| (n, m)))
        .filter(|&(n, m)| state_count(n, m) <= most)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Transposition on random boards of every affordable shape, with small and large values.
    #[test]
    fn transposition(shape in prop::sample::select(affordable_shapes(100_000)), seed: u64, big: bool) {
        let (n, m) = shape;
        let board = seeded(n, m, seed, if big { 1_000_000_000 } else { 9 });
        prop_assert_eq!(value(&board), value(&transpose(&board)), "{}x{}", n, m);
    }

    /// The three widths agree wherever the board's values fit them all.
    #[test]
    fn widths_agree(shape in prop::sample::select(affordable_shapes(50_000)), seed: u64) {
        let (n, m) = shape;
        let board = seeded(n, m, seed, 1_000_000);
        let eight = width_value(&board, ValueWidth::Eight);
        prop_assert_eq!(width_value(&board, ValueWidth::Five), eight);
        prop_assert_eq!(width_value(&board, ValueWidth::Four), eight);
    }
}

/// Every shape with n + m = 40 the tests can afford (up to 5 × 35), and the two widest with
/// n + m = 44 (4 × 40, 5 × 39: the thinner ones meet the brute force in `oracle.rs`), both ways
/// round, with values near the limit: the widest paths, halves of 20 and 22 steps.
#[test]
fn perimeters_forty_and_forty_four_transpose() {
    let shapes = (1..=5).map(|n| (n, 40 - n)).chain([(4, MAX_PERIMETER - 4), (5, MAX_PERIMETER - 5)]);
    for (n, m) in shapes {
        let board = seeded(n, m, n as u64, 1_000_000_000);
        let v = value(&board);
        assert_eq!(v, value(&transpose(&board)), "{n}x{m}");
        assert_eq!(v, width_value(&board, ValueWidth::Five), "{n}x{m}: 5 bytes");
    }
}

/// Constant values: every game gives the first player ⌈nm/2⌉ cells and the second ⌊nm/2⌋, so the
/// value is `a·⌈nm/2⌉ − b·⌊nm/2⌋` (with `a = 0` or `b = 0`: one player's values all zero).
#[test]
fn constant_values_closed_form() {
    for (n, m) in [(1, 1), (2, 3), (5, 5), (7, 4), (1, 39), (39, 1), (4, 36), (9, 11)] {
        for (a, b) in
            [(1, 1), (7, 7), (0, 5), (5, 0), (1_000_000_000, 1_000_000_000), (1_000_000_000, 0), (3, 11)]
        {
            let cells = n * m;
            let board = Board::new(n, m, vec![a; cells], vec![b; cells]).unwrap();
            let expected = a * cells.div_ceil(2) as i64 - b * (cells / 2) as i64;
            assert_eq!(value(&board), expected, "{n}x{m}, A = {a}, B = {b}");
        }
    }
}

/// One row or one column: the order of the cells is forced, so the first player takes cells
/// 0, 2, 4, … and the second 1, 3, 5, ….
#[test]
fn one_row_and_one_column_closed_form() {
    for len in [1, 2, 3, 16, 31, 38, 39] {
        for seed in 0..4 {
            let row = seeded(1, len, seed, 1_000_000_000);
            let expected: i64 = (0..len)
                .map(|j| if j % 2 == 0 { row.first_value(0, j) } else { -row.second_value(0, j) })
                .sum();
            assert_eq!(value(&row), expected, "1x{len}");
            assert_eq!(value(&transpose(&row)), expected, "{len}x1");
        }
    }
}

/// With the first player's values all zero the first player can only deny: the value lies in
/// `−ΣB ..= 0`, and it is 0 exactly when B is zero too.
#[test]
fn one_player_worthless_bounds() {
    for (n, m, seed) in [(3, 4, 1), (6, 6, 2), (2, 30, 3), (9, 8, 4)] {
        let b = seeded(n, m, seed, 1000);
        let second: Vec<i64> = (0..n * m).map(|i| b.second_value(i / m, i % m)).collect();
        let board = Board::new(n, m, vec![0; n * m], second.clone()).unwrap();
        let v = value(&board);
        assert!((-second.iter().sum::<i64>()..=0).contains(&v), "{n}x{m}: {v}");
        assert!(v < 0 || second.iter().all(|&x| x == 0), "{n}x{m}: the second player gets some cell");
    }
}

/// A board of `n × m` from `seed` whose bound is about `target`: random values scaled so that the
/// largest value plus the larger player's sum lands near it (each value at most 10^9).
fn scaled_to_bound(n: usize, m: usize, seed: u64, target: u64) -> Board {
    let raw = seeded(n, m, seed, 1_000_000);
    let scale =
        |v: i64| (v as u128 * target as u128 / raw.value_bound().max(1) as u128).min(1_000_000_000) as i64;
    let cells = |f: &dyn Fn(usize, usize) -> i64| -> Vec<i64> {
        (0..n * m).map(|i| scale(f(i / m, i % m))).collect()
    };
    Board::new(n, m, cells(&|r, c| raw.first_value(r, c)), cells(&|r, c| raw.second_value(r, c))).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Boards whose bound straddles 2^31 (and, as far as the value limit lets a bound go, 2^39 is
    /// never reached: 400 cells of 10^9 give 4.01 · 10^11): every width that holds the bound gives
    /// the 8-byte value, and every other width is refused, naming the narrowest one that holds it.
    #[test]
    fn widths_hold_their_bound_or_are_refused(
        shape in prop::sample::select(affordable_shapes(20_000)),
        seed: u64,
        offset in -(1i64 << 29)..(1i64 << 29),
    ) {
        let (n, m) = shape;
        let board = scaled_to_bound(n, m, seed, ((1i64 << 31) + offset) as u64);
        let bound = board.value_bound();
        let eight = width_value(&board, ValueWidth::Eight);
        for width in [ValueWidth::Four, ValueWidth::Five] {
            let options = Options { width: Some(width), ..Options::new(Mode::WithGame) };
            let solved = solve_with(&board, options, &mut |_| {});
            if width.holds(bound) {
                prop_assert_eq!(solved.unwrap().value, eight, "{}x{}, bound {}", n, m, bound);
            } else {
                let refused = SolveError::WidthTooNarrow { width, bound, needed: ValueWidth::for_bound(bound) };
                prop_assert_eq!(solved.unwrap_err(), refused);
            }
        }
    }
}

/// The width check comes before the plan and the layers: a 20 × 20 board of large values at
/// 4 bytes is refused as too narrow, not as too large, and no layer is computed.
#[test]
fn a_narrow_width_is_refused_before_anything_is_allocated() {
    let board = seeded(20, 20, 5, 1_000_000_000);
    let options = Options {
        width: Some(ValueWidth::Four),
        memory_limit: Some(1 << 20),
        ..Options::new(Mode::WithGame)
    };
    match solve_with(&board, options, &mut |_| panic!("no layer may be computed")) {
        Err(SolveError::WidthTooNarrow { width, bound, needed }) => {
            assert_eq!((width, needed), (ValueWidth::Four, ValueWidth::Five));
            assert_eq!(bound, board.value_bound());
        }
        other => panic!("expected a refusal of the width, got {other:?}"),
    }
}

/// The first report of the overflow: one row of five cells worth 10^9 to the first player, whose
/// bound (6 · 10^9) needs 5 bytes; its value is 3 · 10^9.
#[test]
fn one_row_of_large_values_needs_five_bytes() {
    let board = Board::new(1, 5, vec![1_000_000_000; 5], vec![0; 5]).unwrap();
    assert_eq!(board.value_bound(), 6_000_000_000);
    assert_eq!(width_value(&board, ValueWidth::Five), 3_000_000_000);
    assert_eq!(value(&board), 3_000_000_000);
    let options = Options { width: Some(ValueWidth::Four), ..Options::new(Mode::ValueOnly) };
    assert!(matches!(solve_with(&board, options, &mut |_| {}), Err(SolveError::WidthTooNarrow { .. })));
}

/// A solve beyond its memory limit is refused before it starts; within it, it runs.
#[test]
fn memory_limit_refuses_before_solving() {
    let board = seeded(20, 20, 1, 1_000_000_000);
    let options = Options { memory_limit: Some(1 << 30), ..Options::new(Mode::ValueOnly) };
    match solve_with(&board, options, &mut |_| panic!("no layer may be computed")) {
        Err(SolveError::TooLarge { plan, limit }) => {
            assert_eq!(limit, 1 << 30);
            assert_eq!(plan.largest_layer, 1_470_597_342);
            assert!(plan.total() > 13 << 30, "{plan:?}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    let small = seeded(5, 6, 2, 100);
    let options = Options { memory_limit: Some(1 << 30), ..Options::new(Mode::WithGame) };
    assert_eq!(solve_with(&small, options, &mut |_| {}).unwrap().value, value(&small));
}

/// A set stop flag ends the solve at the first layer boundary, with its progress.
#[test]
fn stop_flag_interrupts_at_a_layer_boundary() {
    let board = seeded(6, 7, 3, 100);
    let stop = AtomicBool::new(true);
    let options = Options { stop: Some(&stop), ..Options::new(Mode::ValueOnly) };
    let mut layers = 0;
    match solve_with(&board, options, &mut |_| layers += 1) {
        Err(SolveError::Interrupted { at }) => {
            assert_eq!((at.done, at.states_done), (1, 0));
            assert_eq!(at.states_total, state_count(6, 7) - 1);
        }
        other => panic!("expected an interruption, got {other:?}"),
    }
    assert_eq!(layers, 1);
}

/// Progress counts states: the last report has every state of every layer but the full board.
#[test]
fn progress_counts_states() {
    let board = seeded(7, 9, 4, 50);
    let mut last = None;
    solve_with(&board, Options::new(Mode::ValueOnly), &mut |p| last = Some(p)).unwrap();
    let last = last.unwrap();
    assert_eq!((last.done, last.total), (64, 64));
    assert_eq!(last.states_done, state_count(7, 9) - 1);
    assert_eq!(last.states_done, last.states_total);
}
