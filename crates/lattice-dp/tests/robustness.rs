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

use lattice_dp::explain::explain;
use lattice_dp::json::Report;
use lattice_dp::{Mode, parse_board, solve, state_count};
use proptest::prelude::*;
use proptest::sample::Index;

const BIN: &str = env!("CARGO_BIN_EXE_lattice-dp");
const TESTDATA: &str = "lattice-dp";

/// Boards with more states are only parsed in the mutation loops, not solved (the testdata boards
/// have at most C(20, 10) = 184,756 states; a mutation cannot make a valid board much larger).
const SOLVE_STATES: u64 = 200_000;

/// The "cells" of this format are the digits of the values: replacing one digit by another keeps the
/// input valid (or makes a value too large).
const CELLS: &[u8] = b"0123456789";
const CELL_REPLACEMENTS: &[u8] = b"0123456789";

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
///
/// Not asserted for errors about the pieces of a grid: `CharGrid::loc_of` (grid-core) assumes each
/// row on its own line, so a blank line between rows, or two rows on one line, shifts those places.
fn check_within_input(message: &str, input: &[u8]) -> Result<(), String> {
    let (line, column) = check_located(message)?;
    match input.split(|&b| b == b'\n').nth(line - 1) {
        Some(text) if column <= text.len() + 1 => Ok(()),
        _ => Err(format!("{message:?} is not a place in the input")),
    }
}

/// Parses and, when the board is small enough, solves as the binary does (value only, and with the
/// optimal game for `--json` / `--explain`); returns the error message on bad input.
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
        assert!(Report::new(value, &moves).to_json().contains(&value.to_string()));
    }
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
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

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
    fn random_small_inputs_are_solved_or_rejected(
        n in 0..5u64,
        m in 0..5u64,
        values in prop::collection::vec(prop_oneof![0..3u64, Just(1_000_000_000), Just(1_000_000_001)], 0..40),
    ) {
        let values: Vec<String> = values.iter().map(u64::to_string).collect();
        let input = format!("{n} {m}\n{}\n", values.join(" "));
        if let Err(message) = run_library(input.as_bytes()) {
            prop_assert!(check_within_input(&message, input.as_bytes()).is_ok(), "{}", message);
        }
    }
}

proptest! {
    // Each case starts a process: fewer cases.
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

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
// Sizes and values at and past the limits

#[test]
fn sizes_at_and_past_the_limits() {
    // Within n + m <= 32 and n·m <= 256: the parser reads on to the missing values.
    for size in ["16 16", "1 31", "31 1", "17 15", "8 24", "12 20"] {
        assert!(rejection(&format!("{size}\n")).contains("unexpected end of input"), "{size}");
    }
    for (size, column, words) in [
        ("16 17", 4, "too large"),
        ("17 16", 4, "too large"),
        ("9 24", 3, "too large"),
        ("1 32", 3, "number of columns 32 out of range"),
        ("32 1", 1, "number of rows 32 out of range"),
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
    // 17 × 15 is valid (C(32, 15) = 565 million states), so its missing values must be found before
    // anything is allocated for it; the same for every size at or past a limit.
    for input in ["16 16\n", "17 15\n", "17 15\n1 2 3", "16 17\n", "1 32\n", "4294967296 1\n"] {
        for args in [&[][..], &["--json"][..]] {
            let output = run_binary_limited(args, input.as_bytes());
            check_exit(&output, |m| check_within_input(m, input.as_bytes()))
                .unwrap_or_else(|e| panic!("{input:?}: {e}"));
            assert_eq!(output.status.code(), Some(2), "{input:?}");
        }
    }
}

#[test]
fn the_address_space_limit_still_lets_a_valid_board_be_solved() {
    // Guards the test above: exit 2 under the limit must not be an artefact of the limit itself.
    let output = run_binary_limited(&[], b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let expected = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp/l02-sample-2x3.out"),
    )
    .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), expected.trim());
}
