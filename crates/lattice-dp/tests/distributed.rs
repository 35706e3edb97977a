//! The distributed sweep, its ranks as threads of this process: for every number of ranks, the
//! same value and the same optimal game as the single process, on the corpus and random boards,
//! and what the ranks exchange agrees with the plan.

mod common;
use common::seeded;

use std::path::PathBuf;

use lattice_dp::solve::distributed::exchange::ThreadRanks;
use lattice_dp::{Board, Mode, Options, Plan, ValueWidth, parse_board, solve, solve_distributed};
use proptest::prelude::*;

/// The fewest states of a layer a rank shares in these tests.
const MIN_SHARE: u64 = 64;

/// Solves `board` on `ranks` thread ranks at `width`; checks every rank got the single process's
/// solution, and the traffic against the plan; returns the states received in all.
fn check(board: &Board, ranks: usize, mode: Mode, width: Option<ValueWidth>) -> u64 {
    let single = solve(board, mode, &mut |_| {});
    // A small share, so that the layers of these small boards are shared by every rank.
    let options = Options { width, min_share: MIN_SHARE, ..Options::new(mode) };
    let results =
        ThreadRanks::run(ranks, |exchange| solve_distributed(board, options, exchange, &mut |_| {}));
    let plan = Plan::for_ranks(board, mode, width, ranks, MIN_SHARE);
    let mut received = 0;
    for (rank, result) in results.into_iter().enumerate() {
        let result = result.unwrap();
        assert_eq!(result.solution, single, "{}x{} rank {rank} of {ranks}", board.rows(), board.cols());
        assert_eq!(
            result.traffic.received_states, plan.ranks[rank].received_states,
            "rank {rank} of {ranks}"
        );
        received += result.traffic.received_states;
    }
    assert_eq!(received, plan.exchanged_states.iter().sum::<u64>());
    received
}

#[test]
fn every_corpus_board_on_one_to_seven_ranks() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let board = parse_board(&std::fs::read(&path).unwrap()).unwrap();
            for ranks in [1, 2, 3, 4, 7] {
                check(&board, ranks, Mode::WithGame, None);
            }
            seen += 1;
        }
    }
    assert!(seen >= 10, "{seen} corpus boards");
}

#[test]
fn every_width_and_a_board_with_remote_reads() {
    let board = seeded(9, 11, 3, 1_000_000_000);
    for width in [ValueWidth::Five, ValueWidth::Eight] {
        assert!(check(&board, 3, Mode::ValueOnly, Some(width)) > 0, "no row was exchanged");
    }
    let small = seeded(9, 11, 4, 1000);
    assert!(check(&small, 4, Mode::WithGame, Some(ValueWidth::Four)) > 0);
    // The ranks compute their rows in several batches, each after its own exchange.
    assert!(Plan::for_ranks(&small, Mode::WithGame, None, 4, MIN_SHARE).most_batches > 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_boards_on_any_number_of_ranks(
        n in 1usize..9, m in 1usize..9, seed: u64, ranks in 1usize..8, big: bool, game: bool
    ) {
        let board = seeded(n, m, seed, if big { 1_000_000_000 } else { 20 });
        check(&board, ranks, if game { Mode::WithGame } else { Mode::ValueOnly }, None);
    }
}
