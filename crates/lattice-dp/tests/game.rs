//! The optimal game recorded in segments (several sweeps) when its steps do not fit the memory
//! limit: the same game as the one-pass recording, legal, and worth the value.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use lattice_dp::{
    Board, Line, Mode, Options, Plan, Position, Progress, SolveError, ValueWidth, children_until_stopped,
    solve, solve_with, state_count,
};
use proptest::prelude::*;

/// A pseudo-random board (a linear congruential generator; values below `top`).
fn seeded(n: usize, m: usize, seed: u64, top: i64) -> Board {
    let mut x = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let mut next = || {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((x >> 33) % top as u64) as i64
    };
    let first = (0..n * m).map(|_| next()).collect();
    let second = (0..n * m).map(|_| next()).collect();
    Board::new(n, m, first, second).unwrap()
}

/// The memory limit that leaves exactly `steps` bytes for the game's steps at `width`.
fn limit_leaving(board: &Board, width: ValueWidth, steps: u64) -> u64 {
    let free = Plan::new(board, Mode::WithGame, Some(width), None);
    free.layer_bytes + free.table_bytes + steps
}

/// The passes the plan announces and the solution, under a limit leaving `steps` bytes of steps.
fn solve_leaving(board: &Board, width: ValueWidth, steps: u64) -> (usize, lattice_dp::Solution) {
    let limit = limit_leaving(board, width, steps);
    let plan = Plan::new(board, Mode::WithGame, Some(width), Some(limit));
    assert!(plan.total() <= limit, "{plan:?}");
    let options = Options { memory_limit: Some(limit), width: Some(width), ..Options::new(Mode::WithGame) };
    (plan.game_passes, solve_with(board, options, &mut |_| {}).unwrap())
}

/// The moves are legal (each cell free and every cell above and left of it taken), take every
/// cell once, and score (first's gains − second's) the value.
fn check_game(board: &Board, value: i64, moves: &[(usize, usize)]) {
    let (n, m) = (board.rows(), board.cols());
    assert_eq!(moves.len(), n * m);
    let mut taken = vec![false; n * m];
    let mut score = 0;
    for (i, &(r, c)) in moves.iter().enumerate() {
        assert!(r < n && c < m && !taken[r * m + c], "move {i}: {r},{c}");
        assert!((0..r).all(|i| taken[i * m + c]) && (0..c).all(|j| taken[r * m + j]), "move {i}: {r},{c}");
        taken[r * m + c] = true;
        score += if i % 2 == 0 { board.first_value(r, c) } else { -board.second_value(r, c) };
    }
    assert_eq!(score, value);
}

/// Budgets from the least (one layer's steps: many passes) to all the steps (one pass): the game
/// is the one-pass game, move for move, whatever the number of passes.
#[test]
fn segmented_games_equal_the_one_pass_game() {
    let mut seen_passes = Vec::new();
    for (n, m, seed, width) in [
        (4, 5, 1, ValueWidth::Four),
        (7, 6, 2, ValueWidth::Eight),
        (2, 13, 3, ValueWidth::Five),
        (9, 10, 4, ValueWidth::Four),
        (11, 12, 5, ValueWidth::Eight),
    ] {
        let board = seeded(n, m, seed, if width == ValueWidth::Four { 1000 } else { 1_000_000_000 });
        let one_pass = solve(&board, Mode::WithGame, &mut |_| {});
        let moves = one_pass.moves.clone().unwrap();
        check_game(&board, one_pass.value, &moves);
        let least = lattice_dp::solve::layer_sizes(n, m).into_iter().max().unwrap();
        let states = state_count(n, m);
        for steps in [least, least + 1, 2 * least, states / 3, states / 2, states - 2, states - 1, states] {
            let (passes, solution) = solve_leaving(&board, width, steps);
            assert_eq!(solution, one_pass, "{n}x{m}, {steps} bytes of steps, {passes} passes");
            assert_eq!(passes == 1, steps >= states - 1, "{n}x{m}, {steps} bytes");
            seen_passes.push(passes);
        }
    }
    assert!(seen_passes.contains(&1) && seen_passes.contains(&2), "{seen_passes:?}");
    assert!(seen_passes.iter().any(|&p| p >= 10), "{seen_passes:?}");
}

/// Below one layer's steps the game is refused before anything is computed.
#[test]
fn a_limit_below_one_layer_of_steps_is_refused() {
    let board = seeded(8, 8, 6, 100);
    let least = lattice_dp::solve::layer_sizes(8, 8).into_iter().max().unwrap();
    let limit = limit_leaving(&board, ValueWidth::Four, least - 1);
    let options =
        Options { memory_limit: Some(limit), width: Some(ValueWidth::Four), ..Options::new(Mode::WithGame) };
    match solve_with(&board, options, &mut |_| panic!("no layer may be computed")) {
        Err(SolveError::TooLarge { plan, .. }) => assert_eq!((plan.game_bytes, plan.game_passes), (least, 0)),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The progress adds up over the passes, and the stop flag ends a later pass too.
#[test]
fn progress_and_stop_span_the_passes() {
    let board = seeded(6, 7, 7, 100);
    let least = lattice_dp::solve::layer_sizes(6, 7).into_iter().max().unwrap();
    let limit = limit_leaving(&board, ValueWidth::Four, least);
    let plan = Plan::new(&board, Mode::WithGame, Some(ValueWidth::Four), Some(limit));
    assert!(plan.game_passes >= 3, "{plan:?}");
    let options =
        Options { memory_limit: Some(limit), width: Some(ValueWidth::Four), ..Options::new(Mode::WithGame) };
    let mut seen: Vec<Progress> = Vec::new();
    solve_with(&board, options, &mut |p| seen.push(p)).unwrap();
    let last = *seen.last().unwrap();
    assert_eq!((last.done, last.states_done), (last.total, last.states_total));
    assert!(last.states_total > state_count(6, 7), "several passes: {last:?}");
    assert!(seen.windows(2).all(|w| w[0].states_done <= w[1].states_done && w[0].done < w[1].done));

    // Stop once the first pass is over: the solve ends during a later one.
    let first_pass = 6 * 7 + 1;
    let stop = AtomicBool::new(false);
    let options = Options { stop: Some(&stop), ..options };
    let result = solve_with(&board, options, &mut |p| {
        if p.done > first_pass {
            stop.store(true, Ordering::Relaxed);
        }
    });
    match result {
        Err(SolveError::Interrupted { at }) => {
            assert!(at.done > first_pass && at.done < at.total, "{at:?}");
            assert_eq!(at.states_total, last.states_total);
        }
        other => panic!("expected an interruption, got {other:?}"),
    }
}

/// On boards of tiny values (equal best moves everywhere), the optimal game of a solve (the one
/// `analyze`, `--json` and `--explain` show) is the query's line from the empty board, move for
/// move: one game, whichever command shows it.
#[test]
fn the_solve_game_is_the_query_line_from_the_empty_board() {
    for (seed, (n, m)) in [(3, 4), (5, 5), (4, 7), (6, 6), (9, 8), (7, 10), (10, 10)].into_iter().enumerate()
    {
        let board = seeded(n, m, seed as u64, 2);
        let game = solve(&board, Mode::WithGame, &mut |_| {}).moves.unwrap();
        let empty = Position::start(board.clone()).path();
        let query = children_until_stopped(&board, empty, Line::Optimal, None, &mut |_| {}).unwrap();
        assert_eq!(query.line.unwrap(), game, "{n}x{m}");
    }
}

/// First total − second total of the rest of the game, both playing optimally: plain minimax over
/// the set of taken cells (bit `r * m + c`).
fn oracle(board: &Board, set: u32, memo: &mut HashMap<u32, i64>) -> i64 {
    let (n, m) = (board.rows(), board.cols());
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let taken = |r: usize, c: usize| set >> (r * m + c) & 1 == 1;
    let first_moves = set.count_ones() % 2 == 0;
    let mut best: Option<i64> = None;
    for r in 0..n {
        for c in 0..m {
            if !taken(r, c) && (0..r).all(|i| taken(i, c)) && (0..c).all(|j| taken(r, j)) {
                let rest = oracle(board, set | 1 << (r * m + c), memo);
                let v = if first_moves {
                    board.first_value(r, c) + rest
                } else {
                    rest - board.second_value(r, c)
                };
                best = Some(match best {
                    None => v,
                    Some(b) if first_moves => b.max(v),
                    Some(b) => b.min(v),
                });
            }
        }
    }
    let v = best.unwrap_or(0);
    memo.insert(set, v);
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Random boards up to 4 x 5 under a random budget of steps: the segmented game is legal and
    /// scores the brute-force value.
    #[test]
    fn segmented_game_matches_the_oracle(
        (n, m) in (1usize..=5, 1usize..=5).prop_filter("at most 4 x 5", |&(n, m)| n.min(m) <= 4),
        seed in any::<u64>(),
        huge in any::<bool>(),
        share in 0.0f64..=1.0,
    ) {
        let board = seeded(n, m, seed, if huge { 1_000_000_000 } else { 10 });
        let least = lattice_dp::solve::layer_sizes(n, m).into_iter().max().unwrap();
        let states = state_count(n, m);
        let steps = least + ((states - least) as f64 * share) as u64;
        let (_, solution) = solve_leaving(&board, ValueWidth::Eight, steps);
        prop_assert_eq!(solution.value, oracle(&board, 0, &mut HashMap::new()));
        check_game(&board, solution.value, &solution.moves.unwrap());
    }
}
