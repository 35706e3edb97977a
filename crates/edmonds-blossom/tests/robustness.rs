//! Damaged, random and oversized inputs never panic, in all three modes: the library either answers
//! or reports an input error located by line and column, and the binary exits 0 or 2 (one
//! `error: line L, column C:` line on stderr, nothing on stdout) but never crashes.
//!
//! The damaged inputs are the crate's own testdata (HDU boards for the default and `all-starts`
//! modes, Library Checker graphs for `matching`) with a few mutations applied: bytes deleted, inserted
//! or replaced, the input truncated, lines duplicated or deleted, tokens swapped or replaced by huge,
//! negative or non-ASCII ones.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use edmonds_blossom::report::{explain, json, text};
use edmonds_blossom::{BoardAnalysis, CertifiedMatching, maximum_matching, parse_boards, parse_graph};
use grid_core::MoveSet;
use proptest::prelude::*;
use proptest::sample::Index;

const BIN: &str = env!("CARGO_BIN_EXE_edmonds-blossom");
const TESTDATA: &str = "edmonds-blossom";

/// Testdata files larger than this (the two big matching cases) are used by their first bytes only.
const CORPUS_BYTES: usize = 30_000;

/// The board alphabet and the digits of the graphs, and what [`Mutation::ReplaceCell`] writes: about
/// half of the replacements keep the character class (and often the input valid).
const CELLS: &[u8] = b".#K0123456789";
const CELL_REPLACEMENTS: &[u8] = b".#.#.#K0123456789";

// ---------------------------------------------------------------------------------------------
// Mutations

/// Text spliced into inputs: numbers around every limit and overflow boundary, signs, whitespace of
/// every kind, control and non-ASCII characters, and the board alphabet.
const FRAGMENTS: &[&str] = &[
    "99999999999999999999",
    "18446744073709551616",
    "18446744073709551615",
    "4294967296",
    "4294967295",
    "2147483648",
    "65536",
    "257",
    "256",
    "17",
    "16",
    "-1",
    "-0",
    "+1",
    "0",
    "1",
    "2",
    "007",
    "1e9",
    "0x10",
    " ",
    "\n",
    "\r\n",
    "\t",
    "\x0b",
    "\x0c",
    "\0",
    "é",
    "\u{feff}",
    "\u{ff11}",
    "\u{1F600}",
    "\u{7f}",
    ".",
    "#",
    "X",
    "O",
    "XX",
    "OO",
    "K",
];

/// One edit of an input. Positions are [`Index`]es, resolved against the input's current length.
#[derive(Debug, Clone)]
enum Mutation {
    DeleteByte(Index),
    DeleteRange(Index, usize),
    InsertByte(Index, u8),
    Insert(Index, &'static str),
    ReplaceByte(Index, u8),
    /// Replaces the i-th board character (one of [`CELLS`]) by another one: keeps many inputs valid.
    ReplaceCell(Index, u8),
    Truncate(Index),
    DuplicateLine(Index),
    DeleteLine(Index),
    SwapTokens(Index, Index),
    ReplaceToken(Index, &'static str),
}

fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![prop::sample::select(b"0123456789 \n\t\r-.#XOK".to_vec()), any::<u8>()]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let fragment = || prop::sample::select(FRAGMENTS);
    prop_oneof![
        1 => any::<Index>().prop_map(Mutation::DeleteByte),
        1 => (any::<Index>(), 1..12usize).prop_map(|(i, n)| Mutation::DeleteRange(i, n)),
        1 => (any::<Index>(), byte()).prop_map(|(i, b)| Mutation::InsertByte(i, b)),
        1 => (any::<Index>(), fragment()).prop_map(|(i, f)| Mutation::Insert(i, f)),
        3 => (any::<Index>(), byte()).prop_map(|(i, b)| Mutation::ReplaceByte(i, b)),
        6 => (any::<Index>(), prop::sample::select(CELL_REPLACEMENTS)).prop_map(|(i, b)| Mutation::ReplaceCell(i, b)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => any::<Index>().prop_map(Mutation::DuplicateLine),
        1 => any::<Index>().prop_map(Mutation::DeleteLine),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapTokens(a, b)),
        3 => (any::<Index>(), fragment()).prop_map(|(i, f)| Mutation::ReplaceToken(i, f)),
    ]
}

/// The byte ranges of the whitespace-separated tokens (the scanner's whitespace).
fn token_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, b) in input.iter().enumerate() {
        match (matches!(b, b' ' | b'\t' | b'\r' | b'\n'), start) {
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, input.len()));
    }
    spans
}

/// The byte ranges of the lines, each with its newline.
fn line_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in input.iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < input.len() {
        spans.push((start, input.len()));
    }
    spans
}

fn apply(input: &mut Vec<u8>, mutation: &Mutation) {
    let len = input.len();
    // An insertion point may be the end of the input.
    let at = |i: &Index| i.index(len + 1);
    match mutation {
        Mutation::DeleteByte(i) if len > 0 => {
            input.remove(i.index(len));
        }
        Mutation::DeleteRange(i, n) if len > 0 => {
            let start = i.index(len);
            input.drain(start..(start + n).min(len));
        }
        Mutation::InsertByte(i, b) => input.insert(at(i), *b),
        Mutation::Insert(i, text) => {
            let p = at(i);
            input.splice(p..p, text.bytes());
        }
        Mutation::ReplaceByte(i, b) if len > 0 => input[i.index(len)] = *b,
        Mutation::ReplaceCell(i, b) => {
            let cells: Vec<usize> = (0..len).filter(|&p| CELLS.contains(&input[p])).collect();
            if !cells.is_empty() {
                input[cells[i.index(cells.len())]] = *b;
            }
        }
        Mutation::Truncate(i) => input.truncate(i.index(len + 1)),
        Mutation::DuplicateLine(i) => {
            let lines = line_spans(input);
            if !lines.is_empty() {
                let (s, e) = lines[i.index(lines.len())];
                let mut line = input[s..e].to_vec();
                if line.last() != Some(&b'\n') {
                    line.insert(0, b'\n');
                }
                input.splice(e..e, line);
            }
        }
        Mutation::DeleteLine(i) => {
            let lines = line_spans(input);
            if !lines.is_empty() {
                let (s, e) = lines[i.index(lines.len())];
                input.drain(s..e);
            }
        }
        Mutation::SwapTokens(a, b) => {
            let tokens = token_spans(input);
            if tokens.len() >= 2 {
                let (x, y) = (a.index(tokens.len()), b.index(tokens.len()));
                let (first, second) = (tokens[x.min(y)], tokens[x.max(y)]);
                if first != second {
                    let (t1, t2) = (input[first.0..first.1].to_vec(), input[second.0..second.1].to_vec());
                    input.splice(second.0..second.1, t1);
                    input.splice(first.0..first.1, t2);
                }
            }
        }
        Mutation::ReplaceToken(i, text) => {
            let tokens = token_spans(input);
            if !tokens.is_empty() {
                let (s, e) = tokens[i.index(tokens.len())];
                input.splice(s..e, text.bytes());
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// The corpus and the checks

/// The testdata inputs whose names start with `prefix`, each cut to [`CORPUS_BYTES`].
fn testdata(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(TESTDATA);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(prefix))
        .map(|name| {
            let mut bytes = std::fs::read(dir.join(&name)).unwrap();
            bytes.truncate(CORPUS_BYTES);
            (name, bytes)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 5, "testdata {prefix}* missing in {}", dir.display());
    files
}

/// A testdata input (of the files starting with `prefix`) with mutations applied.
fn damaged_input(prefix: &str) -> impl Strategy<Value = Vec<u8>> + use<> {
    let corpus = testdata(prefix);
    (0..corpus.len(), prop::collection::vec(mutation(), 1..4)).prop_map(move |(file, mutations)| {
        let mut input = corpus[file].1.clone();
        for m in &mutations {
            apply(&mut input, m);
        }
        input
    })
}

/// Checks that `message` is `line L, column C: text` with L and C at least 1.
fn check_located(message: &str) -> Result<(usize, usize), String> {
    let parse = || -> Option<(usize, usize, &str)> {
        let (line, rest) = message.strip_prefix("line ")?.split_once(", column ")?;
        let (column, text) = rest.split_once(": ")?;
        Some((line.parse().ok()?, column.parse().ok()?, text))
    };
    match parse() {
        Some((line, column, text)) if line >= 1 && column >= 1 && !text.is_empty() => Ok((line, column)),
        _ => Err(format!("not located: {message:?}")),
    }
}

/// [`check_located`], and the place is in the input: on one of its lines (the end of the input is
/// the line after its last newline), at most one column past the line's end.
fn check_within_input(message: &str, input: &[u8]) -> Result<(), String> {
    let (line, column) = check_located(message)?;
    match input.split(|&b| b == b'\n').nth(line - 1) {
        Some(text) if column <= text.len() + 1 => Ok(()),
        _ => Err(format!("{message:?} is not a place in the input")),
    }
}

/// The default and `all-starts` modes as the binary runs them, with both move sets and every output
/// form; returns the error message on bad input.
fn run_boards(input: &[u8]) -> Result<(), String> {
    let boards = parse_boards(input).map_err(|e| e.to_string())?;
    for (moves, name) in [(MoveSet::KING20, "king20"), (MoveSet::ORTH4, "orth4")] {
        for (i, board) in boards.iter().enumerate() {
            let analysis = BoardAnalysis::new(board, moves).expect("the matching is maximum");
            let case = i + 1;
            let mut out = Vec::new();
            text::write_verdict(&mut out, case, &analysis).unwrap();
            text::write_outcome_grid(&mut out, case, &analysis).unwrap();
            explain::write_verdict(&mut out, case, &analysis, name).unwrap();
            explain::write_outcome_grid(&mut out, case, &analysis, name).unwrap();
            serde_json::to_string(&json::VerdictJson::new(case, &analysis)).unwrap();
            serde_json::to_string(&json::OutcomeGridJson::new(case, &analysis)).unwrap();
            assert_eq!(analysis.outcome_rows().len(), board.dims().rows);
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
        assert!(!std::mem::replace(&mut used[u], true) && !std::mem::replace(&mut used[v], true));
    }
    let certified = CertifiedMatching::new(&graph).expect("the certificate holds");
    assert_eq!(certified.matching.size(), matching.size());
    let mut out = Vec::new();
    text::write_matching(&mut out, &certified.matching).unwrap();
    text::write_classes(&mut out, &certified.decomposition).unwrap();
    explain::write_matching(&mut out, &graph, &certified).unwrap();
    serde_json::to_string(&json::MatchingJson::new(&graph, &certified, true)).unwrap();
    Ok(())
}

fn run_binary(args: &[&str], input: &[u8]) -> Output {
    run_command(Command::new(BIN).args(args), input)
}

/// Runs the binary under a 256 MiB address-space limit, so a large allocation aborts it.
fn run_binary_limited(args: &[&str], input: &[u8]) -> Output {
    let script = "ulimit -v 262144 && exec \"$0\" \"$@\"";
    run_command(Command::new("sh").args(["-c", script, BIN]).args(args), input)
}

fn run_command(command: &mut Command, input: &[u8]) -> Output {
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // The binary may stop reading at the first error: ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Exit 0, or exit 2 with exactly one `error:` line whose message passes `check`, and no output.
fn check_exit(output: &Output, check: impl Fn(&str) -> Result<(), String>) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => Ok(()),
        Some(2) => {
            let mut lines = stderr.lines();
            let (Some(line), None) = (lines.next(), lines.next()) else {
                return Err(format!("expected one stderr line, got {stderr:?}"));
            };
            let message = line.strip_prefix("error: ").ok_or_else(|| format!("no 'error: ' in {line:?}"))?;
            check(message)?;
            if !output.stdout.is_empty() {
                return Err("output printed before an input error".into());
            }
            Ok(())
        }
        _ => Err(format!("status {:?}, stderr {stderr:?}", output.status)),
    }
}

/// The first error of an input that `run` must reject; panics when it is accepted.
fn rejection(run: fn(&[u8]) -> Result<(), String>, input: &str) -> String {
    match run(input.as_bytes()) {
        Ok(()) => panic!("accepted {input:?}"),
        Err(message) => message,
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_boards_are_answered_or_rejected_with_a_location(input in damaged_input("hdu-")) {
        if let Err(message) = run_boards(&input) {
            prop_assert!(check_within_input(&message, &input).is_ok(), "{}", message);
        }
    }

    #[test]
    fn damaged_graphs_are_matched_or_rejected_with_a_location(input in damaged_input("lc-")) {
        if let Err(message) = run_matching(&input) {
            prop_assert!(check_within_input(&message, &input).is_ok(), "{}", message);
        }
    }

    #[test]
    fn random_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Err(message) = run_boards(&input) {
            prop_assert!(check_within_input(&message, &input).is_ok(), "{}", message);
        }
        if let Err(message) = run_matching(&input) {
            prop_assert!(check_within_input(&message, &input).is_ok(), "{}", message);
        }
    }

    #[test]
    fn random_small_graphs_are_matched_or_rejected(
        n in 0..8u64,
        m in 0..12u64,
        ends in prop::collection::vec(0..9u64, 0..26),
    ) {
        let ends: Vec<String> = ends.iter().map(u64::to_string).collect();
        let input = format!("{n} {m}\n{}\n", ends.join(" "));
        if let Err(message) = run_matching(input.as_bytes()) {
            prop_assert!(check_within_input(&message, input.as_bytes()).is_ok(), "{}", message);
        }
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
        ]),
    ) {
        let output = run_binary(mode, &input);
        if let Err(problem) = check_exit(&output, |m| check_within_input(m, &input)) {
            prop_assert!(false, "{} on {:?}", problem, String::from_utf8_lossy(&input));
        }
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
        let output = run_binary(mode, &input);
        if let Err(problem) = check_exit(&output, |m| check_within_input(m, &input)) {
            prop_assert!(false, "{} on {:?}", problem, String::from_utf8_lossy(&input));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sizes at and past the limits

#[test]
fn board_sizes_at_and_past_the_limits() {
    // 1000 × 1000 and 1 × 1,000,000 are within the limit: the parser reads on to the missing rows.
    for size in ["1000 1000", "1 1000000", "1000000 1"] {
        let message = rejection(run_boards, &format!("1\n{size}\n"));
        assert!(message.contains("unexpected end of input"), "{size}: {message}");
    }
    for (size, column, words) in [
        ("1000 1001", 6, "a 1000x1001 board exceeds the limit of 1000000 cells"),
        ("1001 1000", 6, "exceeds the limit"),
        ("1000000 1000000", 9, "exceeds the limit"),
        ("1 1000001", 3, "number of columns 1000001 out of range"),
        ("1000001 1", 1, "number of rows 1000001 out of range"),
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
    for header in ["10000000 1", "10000000 50000000", "1 50000000", "2 1"] {
        let message = rejection(run_matching, &format!("{header}\n"));
        assert!(message.contains("unexpected end of input, expected edge 1 of"), "{header}: {message}");
    }
    for (header, column, words) in [
        ("10000001 0", 1, "number of vertices 10000001 out of range"),
        ("1 50000001", 3, "number of edges 50000001 out of range"),
        ("0 0", 1, "number of vertices 0 out of range"),
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
    let boards = ["1000000\n1 1\nK\n", "1000000\n", "1000001\n1 1\nK\n", "1000000000\n", "1\n1000 1000\n"];
    let graphs = ["10000000 50000000\n0 1\n", "10000000 50000001\n", "4294967296 4294967296\n"];
    let runs =
        boards.iter().flat_map(|input| [(&[][..], *input), (&["all-starts", "--json"][..], *input)]).chain(
            graphs.iter().flat_map(|input| {
                [(&["matching"][..], *input), (&["matching", "--certificate"][..], *input)]
            }),
        );
    for (args, input) in runs {
        let output = run_binary_limited(args, input.as_bytes());
        check_exit(&output, |m| check_within_input(m, input.as_bytes()))
            .unwrap_or_else(|e| panic!("{args:?} {input:?}: {e}"));
        assert_eq!(output.status.code(), Some(2), "{args:?} {input:?}");
    }
}

#[test]
fn the_address_space_limit_still_lets_valid_inputs_be_solved() {
    // Guards the test above: exit 2 under the limit must not be an artefact of the limit itself.
    let output = run_binary_limited(&[], b"1\n1 2\nK.\n");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "Case #1: daizhenyang win\n");
    let output = run_binary_limited(&["matching"], b"3 2\n0 1\n1 2\n");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().next(), Some("1"));
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
