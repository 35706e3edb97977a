//! Damaged, random and oversized inputs never panic: the library either solves them or reports an
//! input error located by line and column, and the binary exits 0 or 2 (one `error: line L, column C:`
//! line on stderr, nothing on stdout) but never crashes.
//!
//! The damaged inputs are the crate's own testdata with a few mutations applied: bytes deleted,
//! inserted or replaced, the input truncated, lines duplicated or deleted, tokens swapped or replaced by
//! huge, negative or non-ASCII ones.
//!
//! The mutations, the checks of the error contract and the harness that runs them come from the
//! `damaged-input` crate.

use std::path::Path;

use damaged_input::{Answers, Corpus, Solver, answered_or_located};
use lattice_dp::analyze::{AnalyzeOptions, analyze};
use lattice_dp::explain::explain;
use lattice_dp::query::{Position, start_report};
use lattice_dp::{Mode, parse_board, solve, state_count};
use proptest::prelude::*;

/// The binary, which reads its whole input before it answers.
const SOLVER: Solver = Solver { bin: env!("CARGO_BIN_EXE_lattice-dp"), answers: Answers::AfterReading };

/// Boards with more states are only parsed in the mutation loops, not solved (the testdata boards
/// have at most C(20, 10) = 184,756 states; a mutation cannot make a valid board much larger).
const SOLVE_STATES: u64 = 200_000;

/// The testdata. The "cells" of this format are the digits of the values: replacing one digit by
/// another keeps the input valid (or makes a value too large).
const CORPUS: Corpus = Corpus {
    crate_dir: "lattice-dp",
    prefix: "",
    max_bytes: usize::MAX,
    min_files: 10,
    cells: b"0123456789",
    cell_replacements: b"0123456789",
    words: &["1000000000", "1000000001", "taken"],
};

/// A testdata input with mutations applied.
fn damaged_input() -> impl Strategy<Value = Vec<u8>> {
    CORPUS.damaged_input()
}

/// Parses and, when the board is small enough, solves as the binary does (value only, with the
/// optimal game for `--json` / `--explain`, and analysed as `analyze` does); returns the error
/// message on bad input.
fn run_library(input: &[u8]) -> Result<(), String> {
    let board = parse_board(input).map_err(|e| e.to_string())?;
    let (n, m) = (board.rows(), board.cols());
    if state_count(n, m) <= SOLVE_STATES {
        let value = solve(&board, Mode::ValueOnly, &mut |_| {}).value;
        let with_game = solve(&board, Mode::WithGame, &mut |_| {});
        assert_eq!(with_game.value, value);
        let moves = with_game.moves.expect("WithGame returns the game");
        assert_eq!(moves.len(), n * m, "an optimal game takes every cell");
        assert!(explain(&board, value, &moves).contains(&value.to_string()));
        let report = start_report(&Position::start(board.clone()), value, &moves);
        assert_eq!(report.detail.pv.as_ref().map(Vec::len), Some(n * m));
        let analysis = analyze(&board, &AnalyzeOptions::default(), &mut |_| {}).expect("no limit, no stop");
        assert_eq!((analysis.score, analysis.first - analysis.second), (value, value));
        assert_eq!(analysis.states, state_count(n, m));
        assert_eq!(analysis.scores.iter().map(|b| b.count).sum::<u64>(), analysis.states);
        let mut text = Vec::new();
        lattice_dp::analyze::write_text(&mut text, &analysis).expect("a Vec takes the text");
        assert!(String::from_utf8(text).expect("text").lines().all(|l| l.chars().count() <= 100));
    }
    Ok(())
}

/// The first error of an input that must be rejected; panics when it is accepted.
fn rejection(input: &str) -> String {
    damaged_input::rejection(run_library, input)
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_testdata_is_solved_or_rejected_with_a_location(input in damaged_input()) {
        answered_or_located(run_library, &input)?;
    }

    #[test]
    fn random_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..64)) {
        answered_or_located(run_library, &input)?;
    }

    #[test]
    fn random_small_inputs_are_solved_or_rejected(
        n in 0..5u64,
        m in 0..5u64,
        values in prop::collection::vec(prop_oneof![0..3u64, Just(1_000_000_000), Just(1_000_000_001)], 0..40),
    ) {
        let values: Vec<String> = values.iter().map(u64::to_string).collect();
        let input = format!("{n} {m}\n{}\n", values.join(" "));
        answered_or_located(run_library, input.as_bytes())?;
    }
}

proptest! {
    // Each case starts a process: fewer cases.
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn binary_exits_0_or_2_on_damaged_testdata(
        input in damaged_input(),
        mode in prop::sample::select(vec![
            &[][..], &["--json"][..], &["--explain"][..], &["analyze"][..], &["analyze", "--json"][..],
        ]),
    ) {
        SOLVER.exits_0_or_2(mode, &input)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Sizes and values at and past the limits

#[test]
fn sizes_at_and_past_the_limits() {
    // Within n + m <= 44 and n·m <= 484: the parser reads on to the missing values.
    for size in ["22 22", "1 43", "43 1", "23 21", "11 33", "20 24", "4 40"] {
        assert!(rejection(&format!("{size}\n")).contains("unexpected end of input"), "{size}");
    }
    for (size, column, words) in [
        ("22 23", 4, "too large"),
        ("23 22", 4, "too large"),
        ("9 36", 3, "too large"),
        ("1 44", 3, "number of columns 44 out of range"),
        ("44 1", 1, "number of rows 44 out of range"),
        ("0 1", 1, "number of rows 0 out of range"),
        ("1 0", 3, "number of columns 0 out of range"),
        ("4294967296 4294967296", 1, "out of range"),
        ("99999999999999999999 1", 1, "out of range"),
        ("16 18446744073709551616", 4, "out of range"),
        ("-16 16", 1, "expected number of rows, found '-16'"),
        ("16 -1", 4, "expected number of columns, found '-1'"),
    ] {
        let message = rejection(&format!("{size}\n"));
        assert!(message.starts_with(&format!("line 1, column {column}: ")), "{size}: {message}");
        assert!(message.contains(words), "{size}: {message}");
    }
}

#[test]
fn values_at_and_past_the_limit() {
    assert!(run_library(b"1 2\n1000000000 0\n0 1000000000\n").is_ok());
    for (value, words) in [
        ("1000000001", "value of A 1000000001 out of range 0..=1000000000"),
        ("4294967296", "value of A 4294967296 out of range"),
        ("99999999999999999999", "value of A 99999999999999999999 out of range"),
        ("-1", "expected value of A, found '-1'"),
        ("+1", "expected value of A, found '+1'"),
        ("１", "expected value of A, found '１'"),
    ] {
        let message = rejection(&format!("1 2\n7 {value}\n0 0\n"));
        assert!(message.starts_with("line 2, column 3: "), "{value}: {message}");
        assert!(message.contains(words), "{value}: {message}");
    }
}

#[test]
fn largest_sizes_through_the_binary_exit_2_without_large_allocations() {
    // 21 × 19 is valid (C(40, 19) = 1.3 · 10^11 states), so its missing values must be found before
    // anything is allocated for it; the same for every size at or past a limit.
    for input in ["20 20\n", "21 19\n", "21 19\n1 2 3", "20 21\n", "1 40\n", "4294967296 1\n"] {
        for args in [&[][..], &["--json"][..], &["analyze"][..]] {
            SOLVER.assert_refused_limited(args, input);
        }
    }
}

#[test]
fn the_address_space_limit_still_lets_a_valid_board_be_solved() {
    // Guards the test above: exit 2 under the limit must not be an artefact of the limit itself.
    let output = SOLVER.solved_limited(&[], b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n");
    let expected = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp/l02-sample-2x3.out"),
    )
    .unwrap();
    assert_eq!(output.trim(), expected.trim());
}

// ---------------------------------------------------------------------------------------------
// `query` inputs

/// The reference queries (boards with a `taken` line): the cells are digits, as in the corpus, and
/// the keyword `taken` is spliced in besides values at the limit.
const QUERY_CORPUS: Corpus = Corpus {
    crate_dir: "lattice-dp/queries",
    prefix: "",
    max_bytes: usize::MAX,
    min_files: 30,
    cells: b"0123456789",
    cell_replacements: b"0123456789",
    words: &["1000000000", "1000000001", "taken"],
};

/// Parses the positions of a query input and, when small enough, answers them as `query` does.
fn run_query_library(input: &[u8]) -> Result<(), String> {
    let positions = lattice_dp::parse_positions(input).map_err(|e| e.to_string())?;
    for (i, position) in positions.iter().enumerate() {
        let board = position.board();
        if state_count(board.rows(), board.cols()) <= SOLVE_STATES {
            let report = lattice_dp::query(
                position,
                &lattice_dp::QueryOptions { number: i + 1, ..Default::default() },
            )
            .expect("no stop flag");
            let line = serde_json::to_string(&report).expect("a report serialises");
            damaged_input::report::check_report_line(&line)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_queries_are_answered_or_rejected_with_a_location(input in QUERY_CORPUS.damaged_input()) {
        answered_or_located(run_query_library, &input)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn binary_query_exits_0_or_2_on_damaged_queries(
        input in QUERY_CORPUS.damaged_input(),
        json in any::<bool>(),
    ) {
        let args: &[&str] = if json { &["query", "--json"] } else { &["query"] };
        let output = SOLVER.run(args, &input);
        SOLVER.check_output(&output, |m| damaged_input::check_within_input(m, &input))
            .map_err(|problem| TestCaseError::fail(format!("{problem} on {:?}", String::from_utf8_lossy(&input))))?;
        if json && output.status.success() {
            for line in String::from_utf8_lossy(&output.stdout).lines() {
                prop_assert!(damaged_input::report::check_report_line(line).is_ok(), "{}", line);
            }
        }
    }
}
