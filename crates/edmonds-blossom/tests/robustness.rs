//! Damaged, random and oversized inputs never panic, in all three modes: the library either answers
//! or reports an input error located by line and column, and the binary exits 0 or 2 (one
//! `error: line L, column C:` line on stderr, nothing on stdout) but never crashes.
//!
//! The damaged inputs are the crate's own testdata (HDU boards for the default, `all-starts` and
//! `analyze` modes, Library Checker graphs for `matching`, weighted ones for `weighted-matching`) with a few mutations applied: bytes deleted, inserted
//! or replaced, the input truncated, lines duplicated or deleted, tokens swapped or replaced by huge,
//! negative or non-ASCII ones.
//!
//! The mutations, the checks of the error contract and the harness that runs them come from the
//! `damaged-input` crate.

use damaged_input::{Answers, Corpus, Solver, answered_or_located, check_within_input, rejection};
use edmonds_blossom::query::{self, KingMoves, QueryOptions};
use edmonds_blossom::report::{explain, json, text};
use edmonds_blossom::weighted::certificate::verify as verify_weighted;
use edmonds_blossom::weighted::input::{WeightedFormat, read_weighted_graph};
use edmonds_blossom::{
    Analysis, BoardAnalysis, CertifiedMatching, Objective, VertexIds, maximum_matching, parse_boards,
    parse_graph, parse_positions, weighted_matching,
};
use proptest::prelude::*;

/// The binary, which reads its whole input before it answers.
const SOLVER: Solver = Solver { bin: env!("CARGO_BIN_EXE_edmonds-blossom"), answers: Answers::AfterReading };

/// The testdata (files larger than 30,000 bytes, the two big matching cases, are used by their first
/// bytes only), and the board alphabet and the digits of the graphs with what
/// [`Mutation::ReplaceCell`] writes: about half of the replacements keep the character class (and
/// often the input valid). The words spliced in are cells (a second king among them), visited
/// cells and the sides to move of `query`.
///
/// [`Mutation::ReplaceCell`]: damaged_input::Mutation::ReplaceCell
const CORPUS: Corpus = Corpus {
    crate_dir: "edmonds-blossom",
    prefix: "",
    max_bytes: 30_000,
    min_files: 5,
    cells: b".#K0123456789",
    cell_replacements: b".#.#.#K0123456789",
    words: &[".", "#", "K", "KK", "o", "oo", "first", "second", "daizhenyang"],
};

/// A testdata input (of the files starting with `prefix`) with mutations applied.
fn damaged_input(prefix: &'static str) -> impl Strategy<Value = Vec<u8>> + use<> {
    Corpus { prefix, ..CORPUS }.damaged_input()
}

/// The default, `all-starts` and `analyze` modes as the binary runs them, with both move sets and every output
/// form; returns the error message on bad input.
fn run_boards(input: &[u8]) -> Result<(), String> {
    let boards = parse_boards(input).map_err(|e| e.to_string())?;
    for king_moves in [KingMoves::King20, KingMoves::Orth4] {
        let (moves, name) = (king_moves.set(), king_moves.name());
        for (i, board) in boards.iter().enumerate() {
            let analysis = BoardAnalysis::new(board, moves).expect("the matching is maximum");
            let case = i + 1;
            let mut out = Vec::new();
            text::write_verdict(&mut out, case, &analysis).unwrap();
            text::write_outcome_grid(&mut out, case, &analysis).unwrap();
            explain::write_verdict(&mut out, case, &analysis, name).unwrap();
            explain::write_outcome_grid(&mut out, case, &analysis, name).unwrap();
            let report = query::verdict_report(board, king_moves, case).expect("the matching is maximum");
            serde_json::to_string(&report).unwrap();
            serde_json::to_string(&json::OutcomeGridJson::new(case, &analysis, name)).unwrap();
            let counted = Analysis::new(case, &analysis, king_moves);
            counted.write_text(&mut out).unwrap();
            serde_json::to_string(&counted).unwrap();
            assert_eq!(counted.starts.win + counted.starts.lose, counted.free_cells);
            assert_eq!(analysis.outcome_rows().len(), board.dims().rows);
        }
    }
    Ok(())
}

/// The `query` mode as the binary runs it (both move sets, text and JSON); returns the error
/// message on bad input.
fn run_query(input: &[u8]) -> Result<(), String> {
    let positions = parse_positions(input).map_err(|e| e.to_string())?;
    for king_moves in [KingMoves::King20, KingMoves::Orth4] {
        for (i, position) in positions.iter().enumerate() {
            let report =
                query::query(position, &QueryOptions { number: i + 1, moves: king_moves, stop: None })
                    .expect("the matching is maximum");
            let mut out = Vec::new();
            query::write_report(&mut out, position, &report).unwrap();
            let line = serde_json::to_string(&report).unwrap();
            damaged_input::report::check_report_line(&line).unwrap();
        }
    }
    Ok(())
}

/// The `matching` mode as the binary runs it, plain and certified with every output form; returns the
/// error message on bad input.
fn run_matching(input: &[u8]) -> Result<(), String> {
    let graph = parse_graph(input).map_err(|e| e.to_string())?;
    let matching = maximum_matching(&graph);
    let mut used = vec![false; graph.vertex_count()];
    for (u, v) in matching.edges() {
        assert!(graph.has_edge(u, v), "({u}, {v}) is not an edge");
        assert!(
            !std::mem::replace(&mut used[u as usize], true)
                && !std::mem::replace(&mut used[v as usize], true)
        );
    }
    let certified = CertifiedMatching::new(&graph).expect("the certificate holds");
    assert_eq!(certified.matching.size(), matching.size());
    let mut out = Vec::new();
    let ids = VertexIds::From(0);
    text::write_matching(&mut out, &certified.matching, &ids).unwrap();
    text::write_classes(&mut out, &certified.decomposition, &ids).unwrap();
    explain::write_matching(&mut out, &graph, &certified, &ids).unwrap();
    serde_json::to_string(&json::MatchingJson::with_certificate(&graph, &certified, &ids)).unwrap();
    Ok(())
}

/// `weighted-matching` as the library runs it: every objective, each answer's certificate
/// verified; returns the error message on bad input.
fn run_weighted(input: &[u8]) -> Result<(), String> {
    let parsed = read_weighted_graph(input, WeightedFormat::LibraryChecker).map_err(|e| e.to_string())?;
    for objective in [Objective::MaxWeight, Objective::MaxWeightMaxCardinality, Objective::MinCostPerfect] {
        if let Ok(solution) = weighted_matching(&parsed.graph, objective) {
            let proof = verify_weighted(&parsed.graph, &solution.matching.pairs(), &solution.certificate);
            assert_eq!(proof.expect("the certificate holds").total_weight, solution.matching.total_weight());
        }
    }
    Ok(())
}

/// Turns every fifth free cell (`.`) of an input into a visited one (`o`), so damaged corpus
/// boards become query positions.
fn with_visited_cells(mut input: Vec<u8>) -> Vec<u8> {
    for (i, byte) in input.iter_mut().enumerate() {
        if *byte == b'.' && i % 5 == 0 {
            *byte = b'o';
        }
    }
    input
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_boards_are_answered_or_rejected_with_a_location(input in damaged_input("hdu-")) {
        answered_or_located(run_boards, &input)?;
    }

    #[test]
    fn damaged_query_positions_are_answered_or_rejected_with_a_location(
        input in damaged_input("hdu-").prop_map(with_visited_cells),
    ) {
        answered_or_located(run_query, &input)?;
    }

    #[test]
    fn damaged_graphs_are_matched_or_rejected_with_a_location(input in damaged_input("lc-")) {
        answered_or_located(run_matching, &input)?;
    }

    #[test]
    fn damaged_weighted_graphs_are_solved_or_rejected_with_a_location(input in damaged_input("lcw-")) {
        answered_or_located(run_weighted, &input)?;
    }

    #[test]
    fn random_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..64)) {
        answered_or_located(run_boards, &input)?;
        answered_or_located(run_matching, &input)?;
        answered_or_located(run_query, &input)?;
    }

    #[test]
    fn random_small_graphs_are_matched_or_rejected(
        n in 0..8u64,
        m in 0..12u64,
        ends in prop::collection::vec(0..9u64, 0..26),
    ) {
        let ends: Vec<String> = ends.iter().map(u64::to_string).collect();
        let input = format!("{n} {m}\n{}\n", ends.join(" "));
        answered_or_located(run_matching, input.as_bytes())?;
    }
}

proptest! {
    // Each case starts a process: fewer cases.
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn binary_exits_0_or_2_on_damaged_boards(
        input in damaged_input("hdu-"),
        mode in prop::sample::select(vec![
            &[][..],
            &["--explain"][..],
            &["--json", "--moves", "orth4"][..],
            &["all-starts"][..],
            &["all-starts", "--json"][..],
            &["all-starts", "--explain", "--moves", "orth4"][..],
            &["query"][..],
            &["query", "--json"][..],
            &["query", "--moves", "orth4", "--explain"][..],
            &["analyze"][..],
            &["analyze", "--json", "--moves", "orth4"][..],
        ]),
    ) {
        SOLVER.exits_0_or_2(mode, &input)?;
    }

    #[test]
    fn binary_exits_0_or_2_on_damaged_graphs(
        input in damaged_input("lc-"),
        mode in prop::sample::select(vec![
            &["matching"][..],
            &["matching", "--certificate"][..],
            &["matching", "--json", "--certificate"][..],
            &["matching", "--explain"][..],
        ]),
    ) {
        SOLVER.exits_0_or_2(mode, &input)?;
    }
}

proptest! {
    // Each case starts a process: fewer cases.
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn binary_exits_0_or_2_on_damaged_weighted_graphs(
        input in damaged_input("lcw-"),
        mode in prop::sample::select(vec![
            &["weighted-matching"][..],
            &["weighted-matching", "--certificate", "--objective", "max-cardinality"][..],
            &["weighted-matching", "--json", "--certificate", "--objective", "min-cost-perfect"][..],
            &["weighted-matching", "--explain"][..],
        ]),
    ) {
        let output = SOLVER.run(mode, &input);
        if let Err(problem) = SOLVER.check_output(&output, |m| {
            // A graph without a perfect matching is refused without a location.
            if m.starts_with("no perfect matching") { Ok(()) } else { check_within_input(m, &input) }
        }) {
            prop_assert!(false, "{} on {:?}", problem, String::from_utf8_lossy(&input));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sizes at and past the limits

#[test]
fn board_sizes_at_and_past_the_limits() {
    // 3162 × 3162, 1000 × 10,000 and 1 × 10,000,000 are within the limit: the parser reads on to
    // the missing rows.
    for size in ["3162 3162", "1000 10000", "1 10000000", "10000000 1"] {
        let message = rejection(run_boards, &format!("1\n{size}\n"));
        assert!(message.contains("unexpected end of input"), "{size}: {message}");
    }
    for (size, column, words) in [
        ("1000 10001", 6, "a 1000x10001 board exceeds the limit of 10000000 cells"),
        ("3163 3162", 6, "exceeds the limit"),
        ("1000000 1000000", 9, "exceeds the limit"),
        ("1 10000001", 3, "number of columns 10000001 out of range"),
        ("10000001 1", 1, "number of rows 10000001 out of range"),
        ("0 1", 1, "number of rows 0 out of range"),
        ("4294967296 4294967296", 1, "out of range"),
        ("99999999999999999999 1", 1, "out of range"),
        ("-1 1", 1, "expected number of rows, found '-1'"),
    ] {
        let message = rejection(run_boards, &format!("1\n{size}\n"));
        assert!(message.starts_with(&format!("line 2, column {column}: ")), "{size}: {message}");
        assert!(message.contains(words), "{size}: {message}");
    }
}

#[test]
fn graph_sizes_at_and_past_the_limits() {
    for header in ["10000000 1", "10000000 500000000", "1 500000000", "2 1"] {
        let message = rejection(run_matching, &format!("{header}\n"));
        assert!(message.contains("unexpected end of input, expected edge 1 of"), "{header}: {message}");
    }
    for (header, column, words) in [
        ("10000001 0", 1, "10000001 vertices need at least 10000001 bytes of input"),
        ("100000001 0", 1, "number of vertices 100000001 out of range"),
        ("1 500000001", 3, "number of edges 500000001 out of range"),
        ("4294967296 1", 1, "out of range"),
        ("2 4294967296", 3, "out of range"),
        ("99999999999999999999 0", 1, "out of range"),
        ("2 18446744073709551616", 3, "out of range"),
        ("-2 1", 1, "expected number of vertices, found '-2'"),
    ] {
        let message = rejection(run_matching, &format!("{header}\n"));
        assert!(message.starts_with(&format!("line 1, column {column}: ")), "{header}: {message}");
        assert!(message.contains(words), "{header}: {message}");
    }
    for (edge, words) in
        [("0 4294967296", "vertex 4294967296 out of range 0..=1"), ("0 -1", "expected vertex, found '-1'")]
    {
        let message = rejection(run_matching, &format!("2 1\n{edge}\n"));
        assert!(message.starts_with("line 2, column 3: "), "{edge}: {message}");
        assert!(message.contains(words), "{edge}: {message}");
    }
}

#[test]
fn huge_counts_with_tiny_bodies_exit_2_without_large_allocations() {
    let boards = [
        "1000000\n1 1\nK\n",
        "1000000\n",
        "1000001\n1 1\nK\n",
        "1000000000\n",
        "1\n1000 1000\n",
        "1\n3162 3162\n",
    ];
    let graphs = ["10000000 50000000\n0 1\n", "10000000 50000001\n", "4294967296 4294967296\n"];
    let runs =
        boards
            .iter()
            .flat_map(|input| {
                [
                    (&[][..], *input),
                    (&["all-starts", "--json"][..], *input),
                    (&["query", "--json"][..], *input),
                    (&["analyze"][..], *input),
                ]
            })
            .chain(graphs.iter().flat_map(|input| {
                [(&["matching"][..], *input), (&["matching", "--certificate"][..], *input)]
            }));
    for (args, input) in runs {
        SOLVER.assert_refused_limited(args, input);
    }
}

#[test]
fn the_address_space_limit_still_lets_valid_inputs_be_solved() {
    // Guards the test above: exit 2 under the limit must not be an artefact of the limit itself.
    assert_eq!(SOLVER.solved_limited(&[], b"1\n1 2\nK.\n"), "Case #1: daizhenyang win\n");
    assert_eq!(SOLVER.solved_limited(&["matching"], b"3 2\n0 1\n1 2\n").lines().next(), Some("1"));
}

#[test]
fn second_king_is_located_when_rows_are_not_one_per_line() {
    // A blank line between rows: the second 'K' is on line 5 (reported on line 4).
    let message = rejection(run_boards, "1\n2 2\nK.\n\n.K\n");
    assert!(message.starts_with("line 5, column 2: a second 'K'"), "{message}");
    // Both rows on one line: the second 'K' is on line 3, column 5 (reported on line 4).
    let message = rejection(run_boards, "1\n2 2\nK. .K\n");
    assert!(message.starts_with("line 3, column 5: a second 'K'"), "{message}");
}
