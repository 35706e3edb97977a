//! Damaged, random and oversized inputs never panic: the library either solves (and analyses) them
//! or reports an input error located by line and column, and the binary exits 0 or 2 (one `error: line L, column C:`
//! line on stderr, nothing on stdout) but never crashes.
//!
//! The damaged inputs are the crate's own testdata with a few mutations applied: bytes deleted,
//! inserted or replaced, the input truncated, lines duplicated or deleted, tokens swapped or replaced by
//! huge, negative or non-ASCII ones.
//!
//! The mutations, the checks of the error contract and the harness that runs them come from the
//! `damaged-input` crate.

use damaged_input::{Answers, Corpus, Solver, answered_or_located};
use pawn_retrograde::{
    Board, Position, QueryOptions, analyse, analyze, explain, parse_input, parse_positions, query,
    solve_outcome,
};
use proptest::prelude::*;

/// The binary, which reads its whole input before it answers.
const SOLVER: Solver = Solver { bin: env!("CARGO_BIN_EXE_pawn-retrograde"), answers: Answers::AfterReading };

/// Boards with more cells are only parsed in the mutation loops, not solved, to keep the loops fast.
const SOLVE_CELLS: usize = 64;

/// The testdata, and the board alphabet with what [`Mutation::ReplaceCell`] writes (free cells and
/// obstacles mostly, as a moved piece needs two edits); the words spliced in are cells, pairs of
/// pieces and the sides to move of `query`.
///
/// [`Mutation::ReplaceCell`]: damaged_input::Mutation::ReplaceCell
const CORPUS: Corpus = Corpus {
    crate_dir: "pawn-retrograde",
    prefix: "",
    max_bytes: usize::MAX,
    min_files: 10,
    cells: b".#XO",
    cell_replacements: b"..##XO",
    words: &[".", "#", "X", "O", "XX", "OO", "red", "black"],
};

/// A testdata input with mutations applied.
fn damaged_input() -> impl Strategy<Value = Vec<u8>> {
    CORPUS.damaged_input()
}

/// Parses and, for boards small enough, solves as the binary does (outcome, full analysis and
/// `analyze`'s census); returns the error message on bad input.
fn run_library(input: &[u8]) -> Result<(), String> {
    let boards = parse_input(input).map_err(|e| e.to_string())?;
    for (i, board) in boards.iter().enumerate().filter(|(_, b)| b.dims().cells() <= SOLVE_CELLS) {
        solve_and_render(i, board);
    }
    Ok(())
}

fn solve_and_render(i: usize, board: &Board) {
    let outcome = solve_outcome(board);
    let analysis = analyse(board);
    assert_eq!(analysis.outcome, outcome, "board {}", i + 1);
    assert!(explain::explain(i + 1, board, &analysis).contains(&outcome.to_string()));
    let line = serde_json::to_string(
        &query(&Position::start(board), &QueryOptions { number: i + 1, stop: None }).unwrap(),
    )
    .unwrap();
    damaged_input::report::check_report_line(&line).unwrap();
    let census = analyze::census(board, i + 1);
    let f = board.open().len() as u64;
    assert_eq!(census.all.totals.total, 2 * f * ((f - 1) * (f - 2) / 2), "board {}", i + 1);
    assert!(census.reachable.totals.total >= 1 && census.reachable.totals.total <= census.all.totals.total);
    let mut text = Vec::new();
    analyze::write_text(&mut text, &census).unwrap();
    assert!(serde_json::to_string(&census).unwrap().starts_with("{\"game\":\"pawn-retrograde\""));
}

/// Parses as `query` does and, for boards small enough, queries every position; returns the error
/// message on bad input.
fn run_query_library(input: &[u8]) -> Result<(), String> {
    let positions = parse_positions(input).map_err(|e| e.to_string())?;
    for (i, position) in positions.iter().enumerate().filter(|(_, p)| p.board().dims().cells() <= SOLVE_CELLS)
    {
        let line =
            serde_json::to_string(&query(position, &QueryOptions { number: i + 1, stop: None }).unwrap())
                .unwrap();
        damaged_input::report::check_report_line(&line).unwrap();
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
    #![proptest_config(ProptestConfig { cases: 8000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_testdata_is_solved_or_rejected_with_a_location(input in damaged_input()) {
        answered_or_located(run_library, &input)?;
    }

    #[test]
    fn damaged_testdata_is_queried_or_rejected_with_a_location(input in damaged_input()) {
        answered_or_located(run_query_library, &input)?;
    }

    #[test]
    fn random_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..64)) {
        answered_or_located(run_library, &input)?;
        answered_or_located(run_query_library, &input)?;
    }

    #[test]
    fn random_small_boards_are_solved_or_rejected(
        rows in 1..6usize,
        cols in 1..6usize,
        cells in prop::collection::vec(prop::sample::select(b"..#XO".to_vec()), 36),
        side in prop::sample::select(vec!["red", "black", "", "white"]),
    ) {
        let grid: Vec<String> =
            cells.chunks(6).take(rows).map(|r| String::from_utf8(r[..cols].to_vec()).unwrap()).collect();
        let input = format!("r 1\n{rows} {cols}\n{}\n", grid.join("\n"));
        answered_or_located(run_library, input.as_bytes())?;
        let input = format!("r 1\n{rows} {cols} {side}\n{}\n", grid.join("\n"));
        answered_or_located(run_query_library, input.as_bytes())?;
    }
}

proptest! {
    // Each case starts a process: fewer cases.
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn binary_exits_0_or_2_on_damaged_testdata(
        input in damaged_input(),
        mode in prop::sample::select(vec![
            &[][..], &["--json"][..], &["--explain"][..], &["query"][..], &["query", "--json"][..],
            &["analyze"][..], &["analyze", "--json"][..],
        ]),
    ) {
        SOLVER.exits_0_or_2(mode, &input)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Sizes at and past the limits

#[test]
fn sizes_at_and_past_the_limits() {
    // 48 × 48 and 2 × 1152 are within the 2304-cell limit: the parser reads on to the missing rows.
    for size in ["48 48", "2 1152", "2304 1"] {
        assert!(rejection(&format!("h 1\n{size}\n")).contains("unexpected end of input"), "{size}");
    }
    for (size, column, words) in [
        ("49 48", 1, "2352 cells is larger than 2304 cells (its solve would need "),
        ("2 1153", 1, "2306 cells is larger than 2304"),
        ("2304 2304", 1, "5308416 cells is larger than 2304"),
        ("2305 1", 1, "number of rows 2305 out of range"),
        ("2 2305", 3, "number of columns 2305 out of range"),
        ("1 1", 1, "number of rows 1 out of range"),
        ("4294967296 4294967296", 1, "out of range"),
        ("99999999999999999999 1", 1, "out of range"),
        ("16 99999999999999999999", 4, "out of range"),
        ("-1 3", 1, "expected number of rows, found '-1'"),
    ] {
        let message = rejection(&format!("h 1\n{size}\n"));
        assert!(message.starts_with(&format!("line 2, column {column}: ")), "{size}: {message}");
        assert!(message.contains(words), "{size}: {message}");
    }
}

#[test]
fn huge_board_counts_with_tiny_bodies_exit_2() {
    for header in ["h 1000000000", "h 18446744073709551615", "h 4294967296"] {
        for body in ["", "3 3\n...\n.X.\nO.O\n", "16 16\n"] {
            let input = format!("{header}\n{body}");
            assert!(rejection(&input).contains("unexpected end of input"), "{input:?}");
            SOLVER.assert_refused_limited(&[], &input);
        }
    }
    let message = rejection("h 99999999999999999999\n");
    assert!(message.starts_with("line 1, column 3: number of boards"), "{message}");
}

#[test]
fn largest_sizes_through_the_binary_exit_2_without_large_allocations() {
    for input in ["h 1\n48 48\n", "h 1\n49 48\n", "h 1\n2304 1\n", "h 1\n2305 1\n", "h 1\n2 4294967296\n"] {
        SOLVER.assert_refused_limited(&[], input);
    }
}

#[test]
fn the_address_space_limit_still_lets_a_valid_board_be_solved() {
    // Guards the tests above: exit 2 under the limit must not be an artefact of the limit itself.
    assert_eq!(SOLVER.solved_limited(&[], b"s 1\n3 3\n...\n.X.\nO.O\n"), "Black 2\n");
}

#[test]
fn piece_errors_are_located_when_rows_are_not_one_per_line() {
    // A blank line between rows: the third red piece is on line 6 (reported on line 5).
    let message = rejection("t 1\n3 3\nO..\n\n.XO\n..O\n");
    assert!(message.starts_with("line 6, column 3: board has a third red piece"), "{message}");
    // Three rows on one line: the second black pawn is on line 3, column 5 (reported past the input).
    let message = rejection("t 1\n3 1\nO X X\n");
    assert!(message.starts_with("line 3, column 5: board has a second black pawn"), "{message}");
}
