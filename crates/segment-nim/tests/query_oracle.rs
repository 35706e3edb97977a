//! `query` against the brute-force oracle: on every board with n ≤ 9 (and random boards up to
//! n = 12), for both sides to move, the position's value, the number of legal moves and the value
//! of every single move (each distance of each reported range) agree with exhaustive retrograde
//! analysis; and the parent/child rule holds: a move's value is the value of the position it leads
//! to, seen from the mover, and the position's value is its best move's value.

mod brute;

use brute::{Oracle, Value as Brute};
use grid_core::report::Eval;
use proptest::prelude::*;
use segment_nim::query::{Direction, eval_of, solve_query};
use segment_nim::{Board, Colour, Outcome};

/// The board of a placement given as field contents (0 empty, 1 white, 2 black).
fn board_of(cells: &[u8]) -> Board {
    let fields =
        |c: u8| (1..=cells.len() as u64).filter(move |&p| cells[p as usize - 1] == c).collect::<Vec<_>>();
    Board::from_positions(cells.len() as u64, &fields(1), &fields(2)).unwrap()
}

fn outcome(value: Brute) -> Outcome {
    match value {
        Brute::Win => Outcome::Win,
        Brute::Lose => Outcome::Lose,
        Brute::Draw => Outcome::Draw,
    }
}

/// The fields after the pawn on `pawn` slides `distance` in `direction`.
fn slide(cells: &[u8], pawn: u64, direction: Direction, distance: u64) -> Vec<u8> {
    let n = cells.len() as u64;
    let from = pawn - 1;
    let to = match direction {
        Direction::Cw => (from + distance) % n,
        Direction::Ccw => (from + n - distance % n) % n,
    };
    let mut after = cells.to_vec();
    after.swap(from as usize, to as usize);
    after
}

/// Problems with one placement and side to move.
fn check(oracle: &Oracle, code: usize, side: usize) -> Result<(), String> {
    let cells = oracle.cells(code);
    let board = board_of(&cells);
    let colour = if side == 0 { Colour::White } else { Colour::Black };
    let q = solve_query(&board, colour);
    let want = outcome(oracle.value(code, side));
    if q.outcome != want {
        return Err(format!("{cells:?} {colour:?} to move: query {:?}, brute force {want:?}", q.outcome));
    }
    let legal = oracle.moves(code, side);
    if q.legal_moves != legal.len() as u64 {
        return Err(format!(
            "{cells:?} {colour:?}: {} legal moves, brute force {}",
            q.legal_moves,
            legal.len()
        ));
    }
    let mut counted = 0;
    for range in &q.moves {
        if range.first > range.last || range.first == 0 {
            return Err(format!("{cells:?}: empty range {range:?}"));
        }
        for s in range.slides() {
            let after = slide(&cells, s.pawn, s.direction, s.distance);
            let next = oracle.code(&after);
            if cells[s.pawn as usize - 1] != side as u8 + 1 || !legal.contains(&next) {
                return Err(format!("{cells:?} {colour:?}: {s} is not a legal move"));
            }
            // Parent/child: the move's value is the child's value (other side to move), flipped.
            let child = outcome(oracle.value(next, 1 - side)).negate();
            if range.outcome != child {
                return Err(format!(
                    "{cells:?} {colour:?}: {s} reported {:?}, brute force {child:?}",
                    range.outcome
                ));
            }
            // ... and the same as `query` on the child itself.
            let child_query = solve_query(&board_of(&after), colour.other());
            if eval_of(child_query.outcome).for_mover(0) != eval_of(range.outcome) {
                return Err(format!("{cells:?} {colour:?}: {s} disagrees with query of its child"));
            }
            counted += 1;
        }
    }
    if counted != legal.len() {
        return Err(format!(
            "{cells:?} {colour:?}: ranges hold {counted} moves, brute force {}",
            legal.len()
        ));
    }
    // Maximal ranges: two neighbouring distances of one pawn and direction never share a value
    // across a range boundary.
    for (i, a) in q.moves.iter().enumerate() {
        for b in &q.moves[i + 1..] {
            if a.pawn == b.pawn
                && a.direction == b.direction
                && a.outcome == b.outcome
                && (a.last + 1 == b.first || b.last + 1 == a.first)
            {
                return Err(format!("{cells:?} {colour:?}: ranges {a:?} and {b:?} are not maximal"));
            }
        }
    }
    if let Some(best) = Eval::best(q.moves.iter().map(|r| eval_of(r.outcome))) {
        if best != eval_of(q.outcome) {
            return Err(format!("{cells:?} {colour:?}: best move {best} but position {:?}", q.outcome));
        }
    }
    Ok(())
}

fn exhaustive(n: usize) {
    let oracle = Oracle::cached(n);
    let failures: Vec<String> = (0..oracle.placements())
        .flat_map(|code| [(code, 0), (code, 1)])
        .filter_map(|(code, side)| check(oracle, code, side).err())
        .collect();
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
fn every_board_with_n_9() {
    exhaustive(9);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_boards_up_to_n_12(
        cells in (1usize..=12).prop_flat_map(|n| proptest::collection::vec(0u8..3, n)),
        side in 0usize..2,
    ) {
        let oracle = Oracle::cached(cells.len());
        let code = oracle.code(&cells);
        prop_assert_eq!(check(oracle, code, side), Ok(()));
    }
}

/// Every single move of `cells` against re-solving the position it leads to with the whole
/// solver (checked against the oracle by tests/oracle.rs): long gaps exercise the ranges.
fn check_against_resolve(cells: &[u8], colour: Colour) -> Result<(), String> {
    let board = board_of(cells);
    let q = solve_query(&board, colour);
    if q.outcome != segment_nim::solve(&board, colour).outcome {
        return Err(format!("{cells:?} {colour:?}: position value differs from solve"));
    }
    for range in &q.moves {
        for s in range.slides() {
            let after = board_of(&slide(cells, s.pawn, s.direction, s.distance));
            let child = segment_nim::solve(&after, colour.other()).outcome.negate();
            if child != range.outcome {
                return Err(format!(
                    "{cells:?} {colour:?}: {s} reported {:?}, re-solve {child:?}",
                    range.outcome
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn long_gaps_agree_with_re_solving(
        cells in (8usize..=64).prop_flat_map(|n| proptest::collection::vec(
            prop_oneof![6 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8)], n)),
        side in 0usize..2,
    ) {
        let colour = if side == 0 { Colour::White } else { Colour::Black };
        prop_assert_eq!(check_against_resolve(&cells, colour), Ok(()));
    }

    #[test]
    fn big_runs_with_long_gaps_agree_with_re_solving(
        blocks in proptest::collection::vec((1u8..3, 1usize..5, 0usize..12), 2..7),
        side in 0usize..2,
    ) {
        // Runs of 1-4 pawns of one colour followed by 0-11 empty fields: many tight big runs,
        // threats and Nim heaps.
        let cells: Vec<u8> = blocks
            .iter()
            .flat_map(|&(c, run, gap)| std::iter::repeat_n(c, run).chain(std::iter::repeat_n(0, gap)))
            .collect();
        let colour = if side == 0 { Colour::White } else { Colour::Black };
        prop_assert_eq!(check_against_resolve(&cells, colour), Ok(()));
    }
}

/// A board of `runs` alternating-colour runs (lengths from `lengths`) with pseudo-random gaps
/// below `max_gap`.
fn structured(runs: usize, lengths: &[usize], max_gap: u64, seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        state >> 33
    };
    let mut cells = Vec::new();
    for r in 0..runs {
        let colour = if r % 2 == 0 { 1 } else { 2 };
        let len = lengths[next() as usize % lengths.len()];
        cells.extend(std::iter::repeat_n(colour, len));
        cells.extend(std::iter::repeat_n(0, (next() % max_gap) as usize));
    }
    cells
}

#[test]
fn many_pawns_range_ends_and_middles_agree_with_re_solving() {
    // Nim boards (runs of 2: no safe segment, no threat) and mixed boards with tight runs of 3.
    for (lengths, seed) in
        [(&[2][..], 1), (&[2][..], 2), (&[1, 2, 3][..], 3), (&[3, 3, 2, 1][..], 4), (&[1, 3, 4][..], 5)]
    {
        let cells = structured(120, lengths, 40, seed);
        let board = board_of(&cells);
        for colour in Colour::BOTH {
            let q = solve_query(&board, colour);
            assert_eq!(q.outcome, segment_nim::solve(&board, colour).outcome);
            for range in &q.moves {
                for d in [range.first, (range.first + range.last) / 2, range.last] {
                    let after = board_of(&slide(&cells, range.pawn, range.direction, d));
                    let child = segment_nim::solve(&after, colour.other()).outcome.negate();
                    assert_eq!(child, range.outcome, "{lengths:?} seed {seed} {colour:?}: {range:?} at {d}");
                }
            }
        }
    }
}
