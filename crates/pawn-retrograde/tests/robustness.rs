//! Damaged, random and oversized inputs never panic: the library either solves them or reports an
//! input error located by line and column, and the binary exits 0 or 2 (one `error: line L, column C:`
//! line on stderr, nothing on stdout) but never crashes.
//!
//! The damaged inputs are the crate's own testdata with a few mutations applied: bytes deleted,
//! inserted or replaced, the input truncated, lines duplicated or deleted, tokens swapped or replaced by
//! huge, negative or non-ASCII ones.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use pawn_retrograde::{Board, analyse, explain, json, parse_input, solve_outcome};
use proptest::prelude::*;
use proptest::sample::Index;

const BIN: &str = env!("CARGO_BIN_EXE_pawn-retrograde");
const TESTDATA: &str = "pawn-retrograde";

/// Boards with more cells are only parsed in the mutation loops, not solved, to keep the loops fast.
const SOLVE_CELLS: usize = 64;

/// The board alphabet, and what [`Mutation::ReplaceCell`] writes (free cells and obstacles mostly, as
/// a moved piece needs two edits).
const CELLS: &[u8] = b".#XO";
const CELL_REPLACEMENTS: &[u8] = b"..##XO";

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

fn testdata() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(TESTDATA);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "testdata missing in {}", dir.display());
    files
}

/// A testdata input with mutations applied.
fn damaged_input() -> impl Strategy<Value = Vec<u8>> {
    let corpus = testdata();
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

/// Parses and, for boards small enough, solves as the binary does (outcome and full analysis);
/// returns the error message on bad input.
fn run_library(input: &[u8]) -> Result<(), String> {
    let boards = parse_input(input).map_err(|e| e.to_string())?;
    for (i, board) in boards.iter().enumerate().filter(|(_, b)| b.dims.cells() <= SOLVE_CELLS) {
        solve_and_render(i, board);
    }
    Ok(())
}

fn solve_and_render(i: usize, board: &Board) {
    let outcome = solve_outcome(board);
    let analysis = analyse(board);
    assert_eq!(analysis.outcome, outcome, "board {}", i + 1);
    assert!(explain::explain(i + 1, board, &analysis).contains(&outcome.to_string()));
    serde_json::to_string(&json::report(i + 1, &analysis)).unwrap();
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

/// The first error of an input that must be rejected; panics when it is accepted.
fn rejection(input: &str) -> String {
    match run_library(input.as_bytes()) {
        Ok(()) => panic!("accepted {input:?}"),
        Err(message) => message,
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 8000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_testdata_is_solved_or_rejected_with_a_location(input in damaged_input()) {
        if let Err(message) = run_library(&input) {
            prop_assert!(check_within_input(&message, &input).is_ok(), "{}", message);
        }
    }

    #[test]
    fn random_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Err(message) = run_library(&input) {
            prop_assert!(check_within_input(&message, &input).is_ok(), "{}", message);
        }
    }

    #[test]
    fn random_small_boards_are_solved_or_rejected(
        rows in 1..6usize,
        cols in 1..6usize,
        cells in prop::collection::vec(prop::sample::select(b"..#XO".to_vec()), 36),
    ) {
        let grid: Vec<String> =
            cells.chunks(6).take(rows).map(|r| String::from_utf8(r[..cols].to_vec()).unwrap()).collect();
        let input = format!("r 1\n{rows} {cols}\n{}\n", grid.join("\n"));
        if let Err(message) = run_library(input.as_bytes()) {
            prop_assert!(check_within_input(&message, input.as_bytes()).is_ok(), "{}", message);
        }
    }
}

proptest! {
    // Each case starts a process: fewer cases.
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn binary_exits_0_or_2_on_damaged_testdata(
        input in damaged_input(),
        mode in prop::sample::select(vec![&[][..], &["--json"][..], &["--explain"][..]]),
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
fn sizes_at_and_past_the_limits() {
    // 16 × 16 and 2 × 128 are within the 256-cell limit: the parser reads on to the missing rows.
    for size in ["16 16", "2 128", "256 1"] {
        assert!(rejection(&format!("h 1\n{size}\n")).contains("unexpected end of input"), "{size}");
    }
    for (size, column, words) in [
        ("17 16", 1, "272 cells is larger than 256"),
        ("2 129", 1, "258 cells is larger than 256"),
        ("257 1", 1, "number of rows 257 out of range"),
        ("2 257", 3, "number of columns 257 out of range"),
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
            let output = run_binary_limited(&[], input.as_bytes());
            check_exit(&output, |m| check_within_input(m, input.as_bytes()))
                .unwrap_or_else(|e| panic!("{input:?}: {e}"));
            assert_eq!(output.status.code(), Some(2), "{input:?}");
        }
    }
    let message = rejection("h 99999999999999999999\n");
    assert!(message.starts_with("line 1, column 3: number of boards"), "{message}");
}

#[test]
fn largest_sizes_through_the_binary_exit_2_without_large_allocations() {
    for input in ["h 1\n16 16\n", "h 1\n17 16\n", "h 1\n256 1\n", "h 1\n257 1\n", "h 1\n2 4294967296\n"] {
        let output = run_binary_limited(&[], input.as_bytes());
        check_exit(&output, |m| check_within_input(m, input.as_bytes()))
            .unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_eq!(output.status.code(), Some(2), "{input:?}");
    }
}

#[test]
fn the_address_space_limit_still_lets_a_valid_board_be_solved() {
    // Guards the tests above: exit 2 under the limit must not be an artefact of the limit itself.
    let output = run_binary_limited(&[], b"s 1\n3 3\n...\n.X.\nO.O\n");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "Black 2\n");
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
